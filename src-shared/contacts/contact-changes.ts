// Which of a contact's fields a change touches, and which of them a save begun at an older revision would overwrite:
// the one rule behind "the later save never silently overwrites the earlier one", used by the core to refuse such a
// save and by the contact editor to show what changed and to take what the user left alone.

/** A contact's fields as the editor edits them; `phone` as stored (E.164) or as typed. */
export interface ContactValues {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  company: string;
  notes: string;
  custom: Readonly<Record<string, string>>;
  groupIds: readonly number[];
}

/** The fields by name: the scalar ones, 'custom.<key>' for each custom field, and 'groupIds' (the set of groups). */
export type ContactField = string;

/** For each field, the contact revision that last changed it (a field never changed since counts as 0). */
export type FieldRevisions = Readonly<Record<ContactField, number>>;

export const SCALAR_CONTACT_FIELDS = ['firstName', 'lastName', 'phone', 'email', 'company', 'notes'] as const;

/** A field's value: text, or the sorted group ids joined (so a reordered list of the same groups is no change). */
export function valueOf(v: ContactValues, field: ContactField): string {
  if (field === 'groupIds') return [...new Set(v.groupIds)].sort((a, b) => a - b).join(',');
  if (field.startsWith('custom.')) return v.custom[field.slice('custom.'.length)] ?? '';
  return (SCALAR_CONTACT_FIELDS as readonly string[]).includes(field) ? v[field as (typeof SCALAR_CONTACT_FIELDS)[number]] : '';
}

/** Every field either side has, in the editor's order. */
function fieldsOf(a: ContactValues, b: ContactValues): ContactField[] {
  const keys = [...new Set([...Object.keys(a.custom), ...Object.keys(b.custom)])].sort();
  return [...SCALAR_CONTACT_FIELDS, ...keys.map((k) => `custom.${k}`), 'groupIds'];
}

/** The fields whose value differs between two versions of a contact (a custom field that is empty or absent is ''). */
export function changedFields(before: ContactValues, after: ContactValues): ContactField[] {
  return fieldsOf(before, after).filter((f) => valueOf(before, f) !== valueOf(after, f));
}

/** The field revisions after `fields` changed in `revision`. */
export function withChanges(revisions: FieldRevisions, fields: readonly ContactField[], revision: number): Record<ContactField, number> {
  const next: Record<ContactField, number> = { ...revisions };
  for (const f of fields) next[f] = revision;
  return next;
}

/** Of the fields a save would change, those someone changed after the revision the save began at: it must not overwrite them unasked. */
export function overwrittenFields(saving: readonly ContactField[], revisions: FieldRevisions, base: number): ContactField[] {
  return saving.filter((f) => (revisions[f] ?? 0) > base);
}

/** A field as the path of a FieldIssue: 'custom.by' → ['custom', 'by']. */
export function fieldPath(field: ContactField): string[] {
  return field.startsWith('custom.') ? ['custom', field.slice('custom.'.length)] : [field];
}

/** A path of a FieldIssue back to its field name. */
export function fieldOfPath(path: readonly (string | number)[]): ContactField {
  return path[0] === 'custom' && path.length > 1 ? `custom.${String(path[1])}` : String(path[0] ?? '');
}

/** The stored field revisions; a damaged value reads as none (every field as old as the contact). */
export function parseFieldRevisions(json: string): Record<ContactField, number> {
  try {
    const v = JSON.parse(json) as unknown;
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      return Object.fromEntries(Object.entries(v).filter((e): e is [string, number] => typeof e[1] === 'number'));
    }
  } catch {
    // Read as none: a stale save then overwrites, as every save did before revisions.
  }
  return {};
}

export interface ConflictChoice {
  /** Fields only the colleague changed (or both to the same value): the editor takes theirs without asking. */
  take: ContactField[];
  /** Fields both changed, differently: the user keeps theirs or takes the colleague's. */
  choose: ContactField[];
}

/** After a refused save: of the fields changed meanwhile, which the editor simply takes and which the user decides. */
export function conflictChoice(base: ContactValues, mine: ContactValues, theirs: ContactValues, fields: readonly ContactField[]): ConflictChoice {
  const take: ContactField[] = [];
  const choose: ContactField[] = [];
  for (const f of fields) {
    const m = valueOf(mine, f);
    if (m === valueOf(base, f) || m === valueOf(theirs, f)) take.push(f);
    else choose.push(f);
  }
  return { take, choose };
}
