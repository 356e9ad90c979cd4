// Who may make each campaigns.* call and which are audited (issue 21): zod-free, so the views' useCan reads it without
// loading the contract's schemas; the compiler checks it has one rule for every call of ../campaigns.ts, and no other.
import type { campaignsCalls } from '../campaigns';
import { STAFF_READS, STAFF, rule, type RuleTable } from './rule';

export const campaignsRules = {
  'campaigns.create': STAFF,
  'campaigns.saveDraft': STAFF,
  'campaigns.get': STAFF_READS,
  'campaigns.list': STAFF_READS,
  'campaigns.delete': rule('staff', 'delete'),
  'campaigns.send': rule('staff', 'send'),
  'campaigns.pause': rule('staff', 'send'),
  'campaigns.resume': rule('staff', 'send'),
  'campaigns.cancel': rule('staff', 'send'),
  /**
   * Owner: resending may text people who already got the message, and leaving them may mean they never do; both
   * answers are the decision on uncertain recipients the owner makes (docs/team.md). Staff see the uncertain count.
   */
  'campaigns.resolveUncertain': rule('owner', 'send'),
  'campaigns.resendFailed': rule('staff', 'send'),
  'campaigns.duplicate': STAFF,
  'campaigns.recipients': STAFF_READS,
  /** Every recipient's number, name and text as a file: a bulk export, the owner's like contacts.export (docs/team.md). */
  'campaigns.export': rule('owner', 'export'),
  'campaigns.statusTimeline': STAFF_READS,
  'campaigns.share': STAFF,
} as const satisfies RuleTable<typeof campaignsCalls>;
