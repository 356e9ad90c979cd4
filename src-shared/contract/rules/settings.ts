// Who may make each settings.* call and which are audited (issue 21): zod-free, so the views' useCan reads it without
// loading the contract's schemas; the compiler checks it has one rule for every call of ../settings.ts, and no other.
import type { settingsCalls } from '../settings';
import { STAFF_READS, OWNER, rule, type RuleTable } from './rule';

export const settingsRules = {
  'settings.get': STAFF_READS,
  'settings.update': rule('owner', 'settings'),
  'settings.setToken': rule('owner', 'settings'),
  'settings.clearToken': rule('owner', 'settings'),
  'settings.testConnection': OWNER,
} as const satisfies RuleTable<typeof settingsCalls>;
