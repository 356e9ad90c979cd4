// The campaign state machine's table: every state against the facts that change what it allows.
import { describe, expect, it } from 'vitest';
import { allowedActions, refusal, type CampaignFacts } from '../../../src-shared/campaigns/campaign-actions';
import type { CampaignState } from '../../../src-shared/contract';

const none: CampaignFacts = { scheduledAtGateway: false, pendingAtGateway: false, failed: 0 };
const atGateway: CampaignFacts = { ...none, scheduledAtGateway: true, pendingAtGateway: true };
const pending: CampaignFacts = { ...none, pendingAtGateway: true };
const failed: CampaignFacts = { ...none, failed: 3 };

const table: [CampaignState, CampaignFacts, string[]][] = [
  ['draft', none, ['delete', 'duplicate']],
  ['waiting', none, ['pause', 'cancel', 'duplicate']],
  ['sending', none, ['pause', 'cancel', 'duplicate']],
  ['sending', failed, ['pause', 'cancel', 'duplicate']],
  ['scheduled', none, ['pause', 'cancel', 'duplicate']],
  ['scheduled', atGateway, ['cancel', 'duplicate']],
  ['paused', none, ['resume', 'cancel', 'duplicate']],
  ['sent', none, ['delete', 'duplicate']],
  ['sent', pending, ['cancel', 'duplicate']],
  ['partly_failed', failed, ['delete', 'resendFailed', 'duplicate']],
  ['partly_failed', { ...failed, pendingAtGateway: true }, ['cancel', 'resendFailed', 'duplicate']],
  ['failed', failed, ['delete', 'resendFailed', 'duplicate']],
  ['cancelled', none, ['delete', 'duplicate']],
  ['cancelled', failed, ['delete', 'resendFailed', 'duplicate']],
  ['cancelled', pending, ['cancel', 'duplicate']],
];

describe('allowedActions', () => {
  it.each(table)('%s with %o allows %o', (state, facts, expected) => {
    expect(allowedActions(state, facts)).toEqual(expected);
  });
});

describe('refusal', () => {
  const cases: [Parameters<typeof refusal>, string][] = [
    [['pause', 'scheduled', atGateway], 'campaign.alreadyAtGateway'],
    [['pause', 'paused', none], 'campaign.cannotPause'],
    [['pause', 'sent', none], 'campaign.cannotPause'],
    [['resume', 'sending', none], 'campaign.cannotResume'],
    [['cancel', 'draft', none], 'campaign.draftNotSent'],
    [['cancel', 'sent', none], 'campaign.nothingToCancel'],
    [['cancel', 'cancelled', none], 'campaign.nothingToCancel'],
    [['delete', 'sending', none], 'campaign.stillSending'],
    [['delete', 'sent', pending], 'campaign.stillSending'],
    [['resendFailed', 'sending', failed], 'campaign.notFinished'],
    [['resendFailed', 'sent', none], 'campaign.noFailedRecipients'],
  ];
  it.each(cases)('%o is refused with %s', (args, code) => {
    expect(refusal(...args)?.code).toBe(code);
  });
});
