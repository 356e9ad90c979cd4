// The core's side of the campaign state machine (src-shared/campaigns/campaign-actions.ts): every command on a
// campaign asks the rule with the campaign's facts and is refused with the rule's code and words, so the core
// refuses exactly what the views do not offer.
import { refusal, type CampaignAction, type CampaignFacts } from '../../../src-shared/campaigns/campaign-actions';
import { BeskedError } from '../errors';
import type { CampaignRow, CampaignStore } from './campaign-store';

/**
 * What besides its state decides what the campaign allows, as of `nowIso`. `failed` is counted only by the command
 * that needs it (resendFailed, which reads its failed recipients anyway); the others are not decided by it.
 */
export function campaignFacts(store: CampaignStore, row: CampaignRow, nowIso: string, failed = 0): CampaignFacts {
  return {
    scheduledAtGateway: row.scheduled_at_gateway === 1,
    pendingAtGateway: row.frozen_at !== null && store.pendingAtGateway(row.id, nowIso),
    failed,
  };
}

/** Throws the rule's refusal (a conflict with its code) when the campaign does not allow `action`. */
export function enforce(action: CampaignAction, row: CampaignRow, facts: CampaignFacts): void {
  const r = refusal(action, row.state, facts);
  // A refusal's code takes no parameters: its sentence says everything.
  if (r) throw new BeskedError('conflict', r.message, { code: r.code });
}
