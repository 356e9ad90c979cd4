// Who may make each app.* call and which are audited (issue 21): zod-free, so the views' useCan reads it without
// loading the contract's schemas; the compiler checks it has one rule for every call of ../app.ts, and no other.
import type { appCalls } from '../app';
import { STAFF, type RuleTable } from './rule';

export const appRules = {
  'app.info': STAFF,
  'app.storage': STAFF,
} as const satisfies RuleTable<typeof appCalls>;
