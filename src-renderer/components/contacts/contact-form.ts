// The contact editor's form as data: filled from a contact, read back as the fields the contract takes, and the
// parts of a save by two users: the patch of only what the user changed, and after a refused save the form rebased
// on what a colleague saved (everything the user left alone takes the colleague's value).
import type { Contact } from '../../../src-shared/contract';
import { changedFields, valueOf, type ContactField, type ContactValues } from '../../../src-shared/contacts/contact-changes';

export interface ContactForm {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  company: string;
  notes: string;
  custom: { key: string; value: string }[];
  groupIds: number[];
}

export const emptyForm = (): ContactForm => ({ firstName: '', lastName: '', phone: '', email: '', company: '', notes: '', custom: [], groupIds: [] });

export function formOf(c: Contact): ContactForm {
  return {
    firstName: c.firstName,
    lastName: c.lastName,
    phone: c.e164,
    email: c.email,
    company: c.company,
    notes: c.notes,
    custom: Object.entries(c.custom).map(([key, value]) => ({ key, value })),
    groupIds: [...c.groupIds],
  };
}

/** What a typed field name becomes as a merge-field key: lowercase letters, digits and _. */
export function keyOf(name: string): string {
  const k = name
    .trim()
    .toLowerCase()
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'oe')
    .replace(/å/g, 'aa')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return /^[a-z]/.test(k) ? k.slice(0, 40) : k ? `f_${k}`.slice(0, 40) : '';
}

/** The custom fields as saved: keys made merge-field keys, values trimmed, empty ones left out. */
export function customOf(f: ContactForm): Record<string, string> {
  return Object.fromEntries(f.custom.map((c) => [keyOf(c.key), c.value.trim()] as const).filter(([k, v]) => k && v));
}

export function valuesOfForm(f: ContactForm): ContactValues {
  return { firstName: f.firstName, lastName: f.lastName, phone: f.phone.trim(), email: f.email, company: f.company, notes: f.notes, custom: customOf(f), groupIds: f.groupIds };
}

export function valuesOf(c: Contact): ContactValues {
  return { firstName: c.firstName, lastName: c.lastName, phone: c.e164, email: c.email, company: c.company, notes: c.notes, custom: c.custom, groupIds: c.groupIds };
}

export interface ContactPatchFields {
  firstName?: string;
  lastName?: string;
  phone?: string;
  email?: string;
  company?: string;
  notes?: string;
  custom?: Record<string, string>;
  groupIds?: number[];
}

/** Only what the user changed since `base`: a field left alone is not sent, so it cannot overwrite a colleague's change. */
export function patchOf(base: Contact, f: ContactForm): ContactPatchFields {
  const mine = valuesOfForm(f);
  const patch: ContactPatchFields = {};
  for (const field of changedFields(valuesOf(base), mine)) {
    if (field.startsWith('custom.')) patch.custom = { ...mine.custom };
    else if (field === 'groupIds') patch.groupIds = [...mine.groupIds];
    else patch[field as 'firstName'] = mine[field as 'firstName'];
  }
  return patch;
}

/** The form on top of what a colleague saved: each field the user left as it was in `base` takes `theirs`. */
export function rebase(base: Contact, f: ContactForm, theirs: Contact): ContactForm {
  const mine = valuesOfForm(f);
  const untouched = (field: ContactField) => valueOf(mine, field) === valueOf(valuesOf(base), field);
  return withTheirs(f, theirs, (field) => untouched(field));
}

/** The form with `theirs` in the given fields (the user chose the colleague's values there). */
export function takeFields(f: ContactForm, theirs: Contact, fields: readonly ContactField[]): ContactForm {
  return withTheirs(f, theirs, (field) => fields.includes(field));
}

function withTheirs(f: ContactForm, theirs: Contact, take: (field: ContactField) => boolean): ContactForm {
  const next: ContactForm = { ...f, custom: [], groupIds: take('groupIds') ? [...theirs.groupIds] : [...f.groupIds] };
  for (const key of ['firstName', 'lastName', 'email', 'company', 'notes'] as const) if (take(key)) next[key] = theirs[key];
  if (take('phone')) next.phone = theirs.e164;
  const mine = customOf(f);
  const keys = [...new Set([...Object.keys(theirs.custom), ...Object.keys(mine)])];
  const custom = Object.fromEntries(keys.map((k) => [k, take(`custom.${k}`) ? (theirs.custom[k] ?? '') : (mine[k] ?? '')] as const).filter(([, v]) => v !== ''));
  // Rows being typed (no key or no value yet) stay as they are.
  const unfinished = f.custom.filter((c) => !keyOf(c.key) || !c.value.trim());
  next.custom = [...Object.entries(custom).map(([key, value]) => ({ key, value })), ...unfinished];
  return next;
}
