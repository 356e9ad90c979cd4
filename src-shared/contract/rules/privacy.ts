// Who may make each privacy.* call and which are audited (issue 21): zod-free, so the views' useCan reads it without
// loading the contract's schemas; the compiler checks it has one rule for every call of ../privacy.ts, and no other.
import type { privacyCalls } from '../privacy';
import { OWNER, rule, type RuleTable } from './rule';

export const privacyRules = {
  'privacy.dataExport': rule('owner', 'export'),
  'privacy.erase': rule('owner', 'delete'),
  'privacy.retention': OWNER,
  'privacy.setRetention': rule('owner', 'settings'),
  'privacy.applyRetention': rule('owner', 'delete'),
} as const satisfies RuleTable<typeof privacyCalls>;
