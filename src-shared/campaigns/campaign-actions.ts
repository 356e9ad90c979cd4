// The campaign state machine: which of the user's actions each campaign state allows. The core refuses what it
// does not allow (with the reason's code) and the views offer exactly what it allows, so the two never differ.
import type { CampaignState } from '../contract';
import type { ErrorCode } from '../error-codes';

export const CAMPAIGN_ACTIONS = ['pause', 'resume', 'cancel', 'delete', 'resendFailed', 'duplicate'] as const;
export type CampaignAction = (typeof CAMPAIGN_ACTIONS)[number];

/** What besides its state decides what a campaign allows. */
export interface CampaignFacts {
  /** The whole campaign was handed to the gateway with a send time (it goes out by itself then). */
  scheduledAtGateway: boolean;
  /** Messages of it are still waiting at the gateway for their send time (they can be withdrawn until then). */
  pendingAtGateway: boolean;
  /** Recipients whose request was refused or whose delivery failed or expired. */
  failed: number;
}

/** Why an action is refused: an error code (src-shared/error-codes.ts) and the English sentence for it. */
export interface ActionRefusal {
  code: ErrorCode;
  message: string;
}

const ON_ITS_WAY: readonly CampaignState[] = ['sending', 'waiting', 'scheduled', 'paused'];
const FINISHED: readonly CampaignState[] = ['sent', 'partly_failed', 'failed', 'cancelled'];

/** Why `action` is not allowed for a campaign in `state` with `facts`; null when it is allowed. */
export function refusal(action: CampaignAction, state: CampaignState, facts: CampaignFacts): ActionRefusal | null {
  switch (action) {
    case 'pause':
      if (state === 'scheduled' && facts.scheduledAtGateway) {
        return {
          code: 'campaign.alreadyAtGateway',
          message: 'This campaign is already at the gateway, scheduled for its time. Cancel it instead if it must not go out.',
        };
      }
      return state === 'sending' || state === 'waiting' || state === 'scheduled'
        ? null
        : { code: 'campaign.cannotPause', message: 'Only a campaign that is sending or waiting can be paused.' };
    case 'resume':
      return state === 'paused' ? null : { code: 'campaign.cannotResume', message: 'Only a paused campaign can be resumed.' };
    case 'cancel':
      if (state === 'draft') return { code: 'campaign.draftNotSent', message: 'This message has not been sent. Delete the draft instead.' };
      // A finished campaign can still have messages waiting at the gateway for their send time: those can be withdrawn.
      if (ON_ITS_WAY.includes(state) || facts.pendingAtGateway) return null;
      return { code: 'campaign.nothingToCancel', message: 'This campaign has already gone out, so there is nothing left to cancel.' };
    case 'delete':
      // Deleting a campaign with messages still waiting at the gateway would forget texts that will go out.
      if (state === 'draft' || (FINISHED.includes(state) && !facts.pendingAtGateway)) return null;
      return { code: 'campaign.stillSending', message: 'This campaign is still on its way. Cancel it first, then delete it.' };
    case 'resendFailed':
      if (!FINISHED.includes(state)) {
        return { code: 'campaign.notFinished', message: 'This campaign is still on its way. Send to its failed recipients again once it has finished.' };
      }
      return facts.failed > 0
        ? null
        : { code: 'campaign.noFailedRecipients', message: 'No recipient of this campaign failed, so there is nobody to send to again.' };
    case 'duplicate':
      // A copy never sends anything by itself, so any campaign, a draft too, can be the start of a new one.
      return null;
  }
}

/** The actions a campaign allows, in the order the views show them. */
export function allowedActions(state: CampaignState, facts: CampaignFacts): CampaignAction[] {
  return CAMPAIGN_ACTIONS.filter((a) => refusal(a, state, facts) === null);
}
