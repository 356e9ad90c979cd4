// Who may make each inbox.* call and which are audited (issue 21): zod-free, so the views' useCan reads it without
// loading the contract's schemas; the compiler checks it has one rule for every call of ../inbox.ts, and no other.
import type { inboxCalls } from '../inbox';
import { STAFF_READS, STAFF, rule, type RuleTable } from './rule';

export const inboxRules = {
  'inbox.conversations': STAFF_READS,
  'inbox.thread': STAFF_READS,
  'inbox.markRead': STAFF,
  'inbox.unreadCount': STAFF_READS,
  'inbox.reply': rule('staff', 'send'),
  'inbox.assign': STAFF,
  'inbox.addNote': STAFF,
  'inbox.presence': STAFF,
} as const satisfies RuleTable<typeof inboxCalls>;
