// What happens to a contact's fields when a row with the same number arrives (from an import, or a later
// row of the same file). Empty incoming values never erase anything.
import type { MergeRule } from '../../../src-shared/contract';

export interface ContactFields {
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  notes: string;
  custom: Record<string, string>;
}

export const SCALAR_FIELDS = ['firstName', 'lastName', 'email', 'company', 'notes'] as const;

export interface MergeResult {
  next: ContactFields;
  /** Names of the fields that changed ('custom.<key>' for custom fields); empty when nothing did. */
  changed: string[];
}

/**
 * - keep: the stored contact stays exactly as it is.
 * - fillEmpty: incoming values fill only fields that are empty.
 * - overwrite: incoming non-empty values replace stored ones.
 */
export function mergeFields(existing: ContactFields, incoming: ContactFields, rule: MergeRule): MergeResult {
  if (rule === 'keep') return { next: existing, changed: [] };
  const changed: string[] = [];
  const next: ContactFields = { ...existing, custom: { ...existing.custom } };
  for (const f of SCALAR_FIELDS) {
    const v = incoming[f];
    if (v === '' || v === existing[f]) continue;
    if (rule === 'overwrite' || existing[f] === '') {
      next[f] = v;
      changed.push(f);
    }
  }
  for (const [k, v] of Object.entries(incoming.custom)) {
    if (v === '') continue;
    const old = Object.hasOwn(existing.custom, k) ? existing.custom[k]! : '';
    if (v === old) continue;
    if (rule === 'overwrite' || old === '') {
      next.custom[k] = v;
      changed.push(`custom.${k}`);
    }
  }
  return changed.length ? { next, changed } : { next: existing, changed };
}
