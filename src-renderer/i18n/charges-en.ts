// English texts for what Besked says a send cost and whether the gateway connection works (issue 27); en.ts mounts it
// as `charges`.
export const chargesEn = {
  /** Beside a recipient's 0: why nothing was charged. */
  noCharge: {
    withdrawn: 'Withdrawn at the gateway: not charged',
    not_accepted: 'Never accepted by the gateway: not charged',
  },
  /** Under "Charged" on a campaign's page when some of its texts were withdrawn. */
  withdrawnNote: 'The gateway gave back the price of {count} withdrawn texts; they are not included. | The gateway gave back the price of the withdrawn text; it is not included. | The gateway gave back the price of {count} withdrawn texts; they are not included.',
};
