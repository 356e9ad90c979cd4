// Who may make each compose.* call and which are audited (issue 21): zod-free, so the views' useCan reads it without
// loading the contract's schemas; the compiler checks it has one rule for every call of ../compose.ts, and no other.
import type { composeCalls } from '../compose';
import { STAFF_READS, STAFF, rule, type RuleTable } from './rule';

export const composeRules = {
  'compose.preview': STAFF,
  'compose.recipient': STAFF,
  'compose.exclusions': STAFF,
  'templates.list': STAFF_READS,
  'templates.save': STAFF,
  'templates.delete': rule('staff', 'delete'),
  'senders.recent': STAFF_READS,
  'pricing.status': STAFF,
} as const satisfies RuleTable<typeof composeCalls>;
