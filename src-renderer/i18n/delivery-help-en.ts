// What each delivery status means for the shop owner, in English: the same words as src-shared/delivery-status.ts.
// en.ts mounts it as deliveryHelp and error-texts-en.ts as the registry's delivery.* codes.
export const deliveryHelpEn = {
  state: {
    pending: 'The message is waiting to be sent, for example because it is scheduled for later.',
    sent: 'The gateway accepted the message and passed it on towards the phone network. Confirmation of delivery has not arrived yet.',
    delivered: "The message reached the customer's phone.",
    read: 'The customer opened the message (only chat-style RCS messages report this).',
    failed: 'The message could not be delivered, for example because the number does not exist, the sender name was refused, or the account had too little credit.',
    expired: "The customer's phone could not be reached before the message's validity ran out (often switched off or out of coverage), so it was dropped.",
    cancelled: 'The message was deleted before it was sent, so it will not arrive.',
    unknown: 'The phone network has not said what happened to this message. A later update may still arrive.',
  },
  sms: {
    ACCEPTED: 'The phone network accepted the message.',
    ENROUTE: 'The message is on its way to the phone.',
    DELETED: 'The message was deleted by the network before it was delivered.',
    UNDELIVERABLE: 'The phone network could not deliver the message to this number.',
    REJECTED: 'The gateway or the network refused the message (for example too little credit or a refused sender name).',
  },
  rcs: {
    ENROUTE: 'The chat message is on its way to the phone.',
  },
  legacy: {
    SCHEDULED: 'The message is scheduled and will be sent at the chosen time.',
    BUFFERED: 'The network is holding the message until the phone can be reached (it may be switched off).',
    ENROUTE: 'The message is on its way to the phone.',
    ACCEPTED: 'The phone network accepted the message.',
    UNDELIVERABLE: 'The phone network could not deliver the message to this number.',
    REJECTED: 'The gateway or the network refused the message.',
    SKIPPED: 'The gateway skipped this recipient and did not send the message (for example a blocked or invalid number).',
  },
} as const;
