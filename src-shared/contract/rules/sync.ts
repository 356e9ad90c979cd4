// Who may make each sync.* call and which are audited (issue 21): zod-free, so the views' useCan reads it without
// loading the contract's schemas; the compiler checks it has one rule for every call of ../sync.ts, and no other.
import type { syncCalls } from '../sync';
import { STAFF_READS, STAFF, rule, type RuleTable } from './rule';

export const syncRules = {
  'sync.status': STAFF_READS,
  'sync.now': STAFF,
  'sync.setWebhookSecret': rule('owner', 'settings'),
  'sync.clearWebhookSecret': rule('owner', 'settings'),
} as const satisfies RuleTable<typeof syncCalls>;
