// The registry of custom fields ever used, with the label the owner knows them by: what the composer
// offers as merge fields next to the built-in ones.
import type { Db } from '../db/database';
import type { MergeField } from '../../../src-shared/contract';
import { BUILTIN_MERGE_FIELDS } from './merge-field-keys';

export function registerCustomFields(db: Db, fields: readonly { key: string; label: string }[], now: string): void {
  if (fields.length === 0) return;
  const put = db.prepare('INSERT INTO contact_fields (key, label, created_at) VALUES (?, ?, ?) ON CONFLICT (key) DO NOTHING');
  for (const f of fields) put.run(f.key, f.label, now);
}

export function listMergeFields(db: Db): MergeField[] {
  const custom = db.prepare('SELECT key, label FROM contact_fields ORDER BY label COLLATE NOCASE').all() as { key: string; label: string }[];
  return [
    ...BUILTIN_MERGE_FIELDS.map((f) => ({ key: f.key, label: f.label, builtin: true })),
    ...custom.map((f) => ({ key: f.key, label: f.label, builtin: false })),
  ];
}
