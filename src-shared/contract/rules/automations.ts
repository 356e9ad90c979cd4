// Who may make each automations.* call and which are audited (issue 21): zod-free, so the views' useCan reads it without
// loading the contract's schemas; the compiler checks it has one rule for every call of ../automations.ts, and no other.
import type { automationsCalls } from '../automations';
import { STAFF_READS, STAFF, rule, type RuleTable } from './rule';

export const automationsRules = {
  'automations.list': STAFF_READS,
  'automations.get': STAFF_READS,
  'automations.create': rule('owner', 'settings'),
  'automations.update': rule('owner', 'settings'),
  'automations.activate': rule('owner', 'send'),
  'automations.pause': rule('owner', 'settings'),
  'automations.duplicate': rule('owner', 'settings'),
  'automations.delete': rule('owner', 'delete'),
  'automations.preview': STAFF,
  'automations.history': STAFF_READS,
} as const satisfies RuleTable<typeof automationsCalls>;
