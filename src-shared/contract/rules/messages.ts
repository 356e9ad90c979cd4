// Who may make each messages.* call and which are audited (issue 21): zod-free, so the views' useCan reads it without
// loading the contract's schemas; the compiler checks it has one rule for every call of ../messages.ts, and no other.
import type { messagesCalls } from '../messages';
import { STAFF, type RuleTable } from './rule';

export const messagesRules = {
  'messages.lookup': STAFF,
} as const satisfies RuleTable<typeof messagesCalls>;
