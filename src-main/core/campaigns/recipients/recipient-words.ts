// Besked's sending states of a recipient in the words the detail page and the export use.
import type { RecipientState } from '../../../../src-shared/contract';

export const RECIPIENT_STATE_WORDS: Readonly<Record<RecipientState, string>> = {
  queued: 'Waiting to be sent',
  excluded: 'Left out',
  in_flight: 'Being sent',
  accepted: 'Accepted by the gateway',
  uncertain: 'Unknown whether it was sent',
  failed: 'Refused',
  cancelled: 'Cancelled',
  dismissed: 'Not sent again (outcome unknown)',
};
