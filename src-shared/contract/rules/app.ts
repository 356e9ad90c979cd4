// Who may make each app.* call and which are audited (issue 21): zod-free, so the views' useCan reads it without
// loading the contract's schemas; the compiler checks it has one rule for every call of ../app.ts, and no other.
import type { appCalls } from '../app';
import { STAFF_READS, type RuleTable } from './rule';

export const appRules = {
  'app.info': STAFF_READS,
  'app.storage': STAFF_READS,
} as const satisfies RuleTable<typeof appCalls>;
