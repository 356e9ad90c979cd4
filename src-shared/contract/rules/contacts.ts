// Who may make each contacts.* call and which are audited (issue 21): zod-free, so the views' useCan reads it without
// loading the contract's schemas; the compiler checks it has one rule for every call of ../contacts.ts, and no other.
import type { contactsCalls } from '../contacts';
import { STAFF_READS, STAFF, rule, type RuleTable } from './rule';

export const contactsRules = {
  'contacts.overview': STAFF_READS,
  'contacts.list': STAFF_READS,
  'contacts.get': STAFF_READS,
  'contacts.create': STAFF,
  'contacts.update': STAFF,
  /** A selection may be every contact: deleting in bulk is the owner's. */
  'contacts.delete': rule('owner', 'delete'),
  /** One contact by its id, never a selection: staff may. */
  'contacts.deleteOne': rule('staff', 'delete'),
  'contacts.undoDelete': STAFF,
  'contacts.selectionIds': STAFF_READS,
  'contacts.setDefaultCountry': rule('owner', 'settings'),
  'contacts.export': rule('owner', 'export'),
  'contacts.optOut': rule('staff', 'consent'),
  'contacts.optIn': rule('staff', 'consent'),
  'contacts.consentExport': rule('owner', 'export'),
  'groups.list': STAFF_READS,
  'groups.create': STAFF,
  'groups.rename': STAFF,
  'groups.delete': rule('staff', 'delete'),
  'groups.addContacts': STAFF,
  'groups.removeContacts': STAFF,
} as const satisfies RuleTable<typeof contactsCalls>;
