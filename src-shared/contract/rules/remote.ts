// Who may make each remote.* call and which are audited (issue 21): zod-free, so the views' useCan reads it without
// loading the contract's schemas; the compiler checks it has one rule for every call of ../remote.ts, and no other.
import type { remoteCalls } from '../remote';
import { ANYONE_READS, OWNER, rule, type RuleTable } from './rule';

export const remoteRules = {
  'remote.state': ANYONE_READS,
  'remote.probe': OWNER,
  'remote.use': rule('owner', 'settings'),
  'remote.useThisPc': rule('owner', 'settings'),
} as const satisfies RuleTable<typeof remoteCalls>;
