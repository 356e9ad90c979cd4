// Who may make each sandbox.* call and which are audited (issue 21): zod-free, so the views' useCan reads it without
// loading the contract's schemas; the compiler checks it has one rule for every call of ../sandbox.ts, and no other.
import type { sandboxCalls } from '../sandbox';
import { STAFF_READS, STAFF, OWNER, type RuleTable } from './rule';

export const sandboxRules = {
  'sandbox.state': STAFF_READS,
  'sandbox.reply': STAFF,
  'sandbox.setReachable': OWNER,
  'sandbox.advanceClock': OWNER,
} as const satisfies RuleTable<typeof sandboxCalls>;
