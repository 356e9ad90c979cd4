// What the shared campaign state machine needs to know about a campaign, read off its summary, and so which actions
// the views offer: exactly those it allows (the core refuses the rest with the same rule), never a copy of the rule.
import { allowedActions, type CampaignAction, type CampaignFacts } from '../../../src-shared/campaigns/campaign-actions';
import type { CampaignSummary } from '../../../src-shared/contract';

type Facts = Pick<CampaignSummary, 'state' | 'scheduledAtGateway' | 'pendingAtGateway' | 'counts' | 'delivery'>;

/** Recipients whose request was refused or whose delivery failed or expired. */
export const failedRecipients = (c: Pick<CampaignSummary, 'counts' | 'delivery'>): number => c.counts.failed + c.delivery.failed + c.delivery.expired;

export function campaignFacts(c: Facts): CampaignFacts {
  return { scheduledAtGateway: c.scheduledAtGateway, pendingAtGateway: c.pendingAtGateway, failed: failedRecipients(c) };
}

/** The actions the campaign allows now. */
export function offeredActions(c: Facts): ReadonlySet<CampaignAction> {
  return new Set(allowedActions(c.state, campaignFacts(c)));
}

const ON_ITS_WAY: readonly CampaignSummary['state'][] = ['sending', 'waiting', 'paused'];

/** The question asked before cancelling: what cancelling this campaign takes back. */
export function cancelQuestionKey(c: Pick<CampaignSummary, 'state'>): 'campaigns.cancelScheduledConfirm' | 'campaigns.cancelConfirm' | 'campaigns.cancelPendingConfirm' {
  if (c.state === 'scheduled') return 'campaigns.cancelScheduledConfirm';
  // Finished, yet messages of it still wait at the gateway for their send time: only those are withdrawn.
  return ON_ITS_WAY.includes(c.state) ? 'campaigns.cancelConfirm' : 'campaigns.cancelPendingConfirm';
}
