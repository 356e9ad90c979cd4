// Merge-field keys: the built-in fields every contact has, and keys for custom fields made from the
// labels people give them ("Kunde nr." → kunde_nr), so each can be written {key} in a message.

export const BUILTIN_MERGE_FIELDS = [
  { key: 'first_name', label: 'First name' },
  { key: 'last_name', label: 'Last name' },
  { key: 'name', label: 'Full name' },
  { key: 'phone', label: 'Phone' },
  { key: 'email', label: 'Email' },
  { key: 'company', label: 'Company' },
] as const;

const RESERVED = new Set<string>(BUILTIN_MERGE_FIELDS.map((f) => f.key));
const DANISH: Record<string, string> = { æ: 'ae', ø: 'oe', å: 'aa', ß: 'ss' };

/** A key matching the template syntax {[a-z0-9_]}, never one of the built-in fields. */
export function customFieldKey(label: string): string {
  let key = label
    .toLowerCase()
    .replace(/[æøåß]/g, (c) => DANISH[c]!)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 32)
    .replace(/_+$/, '');
  if (key === '') key = 'field';
  if (!/^[a-z]/.test(key)) key = `f_${key}`;
  if (RESERVED.has(key)) key = `custom_${key}`;
  return key;
}

export function isBuiltinMergeKey(key: string): boolean {
  return RESERVED.has(key);
}
