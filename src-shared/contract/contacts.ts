// Contacts: contacts, groups and consent (opt-outs) with the contacts.* and groups.* calls (issue 6); importing
// a file is in import.ts.
import { z } from 'zod';
import { isCountryCode } from '../phone';
import { call, input, none, FileDownload, type CallSpec, BULK_INPUT } from './basics';

export const ContactId = z.int().positive();
export const CountryCodeInput = z
  .string()
  .trim()
  .toUpperCase()
  .refine((c) => isCountryCode(c), 'Choose a country from the list');

/** A custom field's key, usable as {key} in a message template (letters, digits, underscore). */
export const CustomFieldKey = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,39}$/, 'A field name uses lowercase letters, digits and _ and starts with a letter');
export const CustomValues = z
  .record(CustomFieldKey, z.string().max(1000, 'A custom field holds at most 1,000 characters'))
  .refine((o) => Object.keys(o).length <= 60, 'A contact has at most 60 custom fields');

export const ConsentSource = z.enum(['manual', 'keyword', 'import']);
export type ConsentSource = z.infer<typeof ConsentSource>;
export const ConsentEntry = z.object({
  id: z.number(),
  msisdn: z.number(),
  action: z.enum(['opt_in', 'opt_out']),
  source: ConsentSource,
  /** Who: the user ("you"), the keyword, or the imported file. */
  by: z.string(),
  note: z.string(),
  at: z.string(),
});
export type ConsentEntry = z.infer<typeof ConsentEntry>;

export const ContactRow = z.object({
  id: ContactId,
  firstName: z.string(),
  lastName: z.string(),
  e164: z.string(),
  msisdn: z.number(),
  email: z.string(),
  company: z.string(),
  groupIds: z.array(z.number()),
  optedOut: z.boolean(),
  updatedAt: z.string(),
  /** Bumped by every change of its fields; contacts.update names the revision an edit began at (issue 21). */
  revision: z.number(),
});
export type ContactRow = z.infer<typeof ContactRow>;

export const Contact = ContactRow.extend({
  custom: z.record(z.string(), z.string()),
  notes: z.string(),
  createdAt: z.string(),
  /** Every opt-in and opt-out of this number, newest first. */
  consent: z.array(ConsentEntry),
});
export type Contact = z.infer<typeof Contact>;

const personName = z.string().trim().max(100, 'A name holds at most 100 characters');
const emailText = z
  .string()
  .trim()
  .max(254)
  .refine((s) => s === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s), 'Enter an email address like name@example.dk, or leave it empty');
const contactFields = {
  firstName: personName.optional(),
  lastName: personName.optional(),
  email: emailText.optional(),
  company: z.string().trim().max(200).optional(),
  notes: z.string().max(5000).optional(),
  custom: CustomValues.optional(),
  groupIds: z.array(ContactId).max(500).optional(),
  /** The country for a number typed without + or 00. */
  defaultCountry: CountryCodeInput.optional(),
};
export const ContactDraft = z.strictObject({
  ...contactFields,
  phone: z.string().trim().min(1, 'Enter a phone number').max(40),
});
export const ContactPatch = z.strictObject({
  id: ContactId,
  ...contactFields,
  phone: z.string().trim().min(1, 'Enter a phone number').max(40).optional(),
  /**
   * The contact's revision the edit began at. Given, a save that would change a field someone changed since is
   * refused (conflict, contact.changedMeanwhile, its fields naming those fields); left out, the save overwrites.
   */
  revision: z.int().min(1).optional(),
});

export const ContactFilter = z.strictObject({
  /** Names, number in any format, email, company and custom fields; words match from their start. */
  search: z.string().max(200).optional(),
  groupId: ContactId.optional(),
  consent: z.enum(['any', 'optedOut', 'reachable']).optional(),
});
export type ContactFilter = z.infer<typeof ContactFilter>;

/** Which contacts an action is for: listed ids, or everything a filter matches except some. */
export const ContactSelection = z.union([
  z.strictObject({ ids: z.array(ContactId).max(1_000_000) }),
  z.strictObject({ filter: ContactFilter, exceptIds: z.array(ContactId).max(1_000_000).optional() }),
]);
export type ContactSelection = z.infer<typeof ContactSelection>;

export const ContactSort = z.enum(['name', 'newest']);
export type ContactSort = z.infer<typeof ContactSort>;

export const ContactPage = z.object({
  /** Exact up to 10,000 matches of a search; beyond that 10,000 with totalIsAtLeast (the list says "more than"). */
  total: z.number(),
  totalIsAtLeast: z.boolean().default(false),
  offset: z.number(),
  rows: z.array(ContactRow),
});
export type ContactPage = z.infer<typeof ContactPage>;

export const GroupName = z.string().trim().min(1, 'Give the group a name').max(80, 'A group name holds at most 80 characters');
export const Group = z.object({ id: ContactId, name: z.string(), count: z.number(), createdAt: z.string() });
export type Group = z.infer<typeof Group>;

/** A field a message template can use as {key}. */
export const MergeField = z.object({ key: z.string(), label: z.string(), builtin: z.boolean() });
export type MergeField = z.infer<typeof MergeField>;

export const ContactsOverview = z.object({
  total: z.number(),
  optedOut: z.number(),
  groups: z.array(Group),
  fields: z.array(MergeField),
  defaultCountry: z.string(),
});
export type ContactsOverview = z.infer<typeof ContactsOverview>;

export const ContactsChanged = z.object({
  reason: z.enum(['created', 'updated', 'deleted', 'restored', 'imported', 'consent', 'groups']),
});

// ─── Calls ───────────────────────────────────────────────────────────────────────────────────────

export const contactsCalls = {
  'contacts.overview': call(none, ContactsOverview, 'Counts, groups with their sizes, the merge fields and the default country.'),
  'contacts.list': call(
    input({
      filter: ContactFilter.optional(),
      sort: ContactSort.optional(),
      offset: z.int().min(0).max(100_000_000).optional(),
      limit: z.int().min(1).max(1000).optional(),
    }),
    ContactPage,
    'One window of the contacts a filter matches (for the virtual table), with the total.',
  ),
  'contacts.get': call(input({ id: ContactId }), Contact, 'A contact with custom fields, notes, groups and consent history.'),
  'contacts.create': call(ContactDraft, Contact, 'Adds a contact; refused when the number already belongs to one.'),
  'contacts.update': call(
    ContactPatch,
    Contact,
    'Changes a contact; fields left out stay as they are. With `revision`, refuses to overwrite what someone changed since.',
  ),
  'contacts.delete': call(
    input({ selection: ContactSelection }),
    z.object({ deleted: z.number(), undoToken: z.string() }),
    'Deletes contacts (and their group memberships); the token brings them back with contacts.undoDelete.',
    BULK_INPUT,
  ),
  'contacts.deleteOne': call(
    input({ id: ContactId }),
    z.object({ deleted: z.number(), undoToken: z.string() }),
    'Deletes one contact (the contact drawer\'s Delete), which staff may do; the token brings it back with contacts.undoDelete.',
  ),
  'contacts.undoDelete': call(
    input({ undoToken: z.string().max(40) }),
    z.object({ restored: z.number(), skipped: z.number() }),
    'Restores deleted contacts; one whose number was added again meanwhile is skipped.',
  ),
  'contacts.selectionIds': call(
    input({ selection: ContactSelection }),
    z.object({ ids: z.array(ContactId) }),
    'The ids a selection stands for, in list order (e.g. to hand them to the composer).',
    BULK_INPUT,
  ),
  'contacts.setDefaultCountry': call(
    input({ country: CountryCodeInput }),
    z.object({ defaultCountry: z.string() }),
    'The country for numbers typed or imported without + or 00.',
  ),
  'contacts.export': call(
    input({ selection: ContactSelection, format: z.enum(['csv', 'xlsx']), delimiter: z.enum([',', ';']).optional() }),
    FileDownload,
    'The selected contacts as CSV (UTF-8 with BOM) or XLSX; cells a spreadsheet would run as a formula are defused.',
    BULK_INPUT,
  ),
  'contacts.optOut': call(
    input({ selection: ContactSelection, note: z.string().trim().max(500).optional() }),
    z.object({ optedOut: z.number(), already: z.number() }),
    'Opts the numbers out by hand: no message goes to them any more. Logged in the consent log.',
    BULK_INPUT,
  ),
  'contacts.optIn': call(
    input({ id: ContactId, note: z.string().trim().min(1, 'Note how the customer gave consent again').max(500) }),
    Contact,
    'Takes a number off the opt-out list after the customer consented again; the note is kept in the consent log.',
  ),
  'contacts.consentExport': call(none, FileDownload, 'The whole consent log (every opt-in and opt-out: when, how, by whom) as CSV.'),
  'groups.list': call(none, z.object({ groups: z.array(Group) }), 'Groups with their contact counts.'),
  'groups.create': call(input({ name: GroupName }), Group, 'A new, empty group; refused when the name is taken.'),
  'groups.rename': call(input({ id: ContactId, name: GroupName }), Group, 'Renames a group.'),
  'groups.delete': call(
    input({ id: ContactId }),
    z.object({ removedMemberships: z.number() }),
    'Deletes a group; its contacts stay.',
  ),
  'groups.addContacts': call(
    input({ groupId: ContactId, selection: ContactSelection }),
    z.object({ added: z.number() }),
    'Adds the selected contacts to a group.',
    BULK_INPUT,
  ),
  'groups.removeContacts': call(
    input({ groupId: ContactId, selection: ContactSelection }),
    z.object({ removed: z.number() }),
    'Takes the selected contacts out of a group (they stay contacts).',
    BULK_INPUT,
  ),
} as const satisfies Record<string, CallSpec>;

// ─── Events ──────────────────────────────────────────────────────────────────────────────────────

export const contactsEvents = {
  'contacts.changed': ContactsChanged,
} as const satisfies Record<string, z.ZodType>;

export { contactsRules } from './rules/contacts';
