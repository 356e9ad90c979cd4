// Who may make each backup.* call and which are audited (issue 21): zod-free, so the views' useCan reads it without
// loading the contract's schemas; the compiler checks it has one rule for every call of ../backup.ts, and no other.
import type { backupCalls } from '../backup';
import { OWNER, rule, type RuleTable } from './rule';

export const backupRules = {
  'backup.status': OWNER,
  'backup.now': OWNER,
  'backup.configure': rule('owner', 'settings'),
  'backup.newPassphrase': OWNER,
  'backup.confirmPassphrase': rule('owner', 'settings'),
  'backup.restore': rule('owner', 'delete'),
  /** Writes a file of up to 2 GiB into the data folder, to replace the whole database with: audited once, at its start. */
  'backup.uploadBegin': rule('owner', 'delete'),
  /** Each chunk of it: the begin is in the trail, a chunk per megabyte is not. */
  'backup.uploadChunk': OWNER,
  'backup.notSent': OWNER,
  'backup.sendNotSent': rule('owner', 'send'),
} as const satisfies RuleTable<typeof backupCalls>;
