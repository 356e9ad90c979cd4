// The English words of an automation's append-only history (issue 27.5): what each entry did to how many texts, why,
// when it happened, the toasts that say how many handed-over texts a save or a pause withdrew and how many runs a
// pause skipped (said on switching on again). en.ts mounts it as `automationHistory`.
export const automationHistoryEn = {
  /** A whole run's entry: what happened to its texts. */
  texts: {
    handed_over: 'One text handed to the gateway | {n} texts handed to the gateway',
    handedOverAgain: 'One text handed to the gateway again | {n} texts handed to the gateway again',
    withdrawn: 'One handed-over text withdrawn | {n} handed-over texts withdrawn',
    not_withdrawn: 'One text could not be withdrawn | {n} texts could not be withdrawn',
  },
  /** Why, in brackets after what happened. */
  cause: {
    paused: 'paused',
    edited: 'edited',
    deleted: 'automation deleted',
    resumed: 'resumed',
    opted_out: 'opted out',
    contact_deleted: 'contact deleted',
    date_changed: 'date changed',
  },
  /** A whole run that sent nothing (skipped, missed): no recipient count to give. */
  nothingSent: 'Nothing sent',
  withCause: '{what} ({cause})',
  handedOverAgain: 'Handed to the gateway again',
  /** When the entry happened, under its state. */
  recorded: 'on {at}',
  savedWithdrawn:
    'Saved. One text already handed to the gateway was withdrawn and will be sent with the new text. | Saved. {n} texts already handed to the gateway were withdrawn and will be sent with the new text.',
  pausedWithdrawn:
    'Paused. One text already handed to the gateway was withdrawn. | Paused. {n} texts already handed to the gateway were withdrawn.',
  resumedSkipped:
    'Switched on. One run due while it was paused was not sent; the history lists it as skipped. | Switched on. {n} runs due while it was paused were not sent; the history lists them as skipped.',
};
