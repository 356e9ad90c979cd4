// Who may make each audit.* call and which are audited (issue 21): zod-free, so the views' useCan reads it without
// loading the contract's schemas; the compiler checks it has one rule for every call of ../audit.ts, and no other.
import type { auditCalls } from '../audit';
import { OWNER, rule, type RuleTable } from './rule';

export const auditRules = {
  'audit.list': OWNER,
  'audit.export': rule('owner', 'export'),
  'audit.verify': OWNER,
} as const satisfies RuleTable<typeof auditCalls>;
