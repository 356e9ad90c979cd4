// Who may make each import.* call and which are audited (issue 21): zod-free, so the views' useCan reads it without
// loading the contract's schemas; the compiler checks it has one rule for every call of ../import.ts, and no other.
import type { importCalls } from '../import';
import { STAFF, rule, type RuleTable } from './rule';

export const importRules = {
  'contacts.importBegin': STAFF,
  'contacts.importChunk': STAFF,
  'contacts.importPreview': STAFF,
  /** An imported file may opt numbers in or out. */
  'contacts.importRun': rule('staff', 'consent'),
  'contacts.importCancel': STAFF,
  'contacts.importRows': STAFF,
  'contacts.importDiscard': STAFF,
} as const satisfies RuleTable<typeof importCalls>;
