// Who may make each account.* call and which are audited (issue 21): zod-free, so the views' useCan reads it without
// loading the contract's schemas; the compiler checks it has one rule for every call of ../account.ts, and no other.
import type { accountCalls } from '../account';
import { STAFF, rule, type RuleTable } from './rule';

export const accountRules = {
  'account.balance': STAFF,
  'account.features': STAFF,
  'account.prices': STAFF,
  'account.pricesDownload': STAFF,
  'account.usage': STAFF,
  'account.usageExport': rule('owner', 'export'),
  'account.keywords': STAFF,
  'account.keywordCheck': STAFF,
  'account.keywordCreate': rule('owner', 'spend'),
  'account.keywordDelete': rule('owner', 'delete'),
  'account.lookupQuote': STAFF,
  'account.lookup': rule('staff', 'spend'),
  'account.lookups': STAFF,
  'account.emailSend': rule('staff', 'send'),
  'account.emails': STAFF,
  'account.refund': rule('owner', 'spend'),
  'account.refundState': STAFF,
} as const satisfies RuleTable<typeof accountCalls>;
