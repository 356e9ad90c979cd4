// The owner's choices for a run, checked before any row is read: one phone column, no field taken twice (groups may),
// and a group that still exists or a new group name that is free.
import type { Db } from '../../db/database';
import { BeskedError } from '../../errors';
import type { ColumnTarget, ImportGroup } from '../../../../src-shared/contract';
import { coded, type Coded } from '../../../../src-shared/error-codes';

export function checkMapping(mapping: ColumnTarget[]): void {
  const fail = (message: string, code: Coded) => {
    throw new BeskedError('validation', message, { fields: [{ path: ['mapping'], message }], ...code });
  };
  const phone = mapping.filter((t) => t === 'phone').length;
  if (phone === 0) fail('Choose the column that holds the phone numbers.', coded('import.mapping.noPhone'));
  if (phone > 1) fail('Only one column can be the phone number. Set the others to a custom field or "Skip".', coded('import.mapping.twoPhones'));
  const seen = new Set<string>();
  for (const t of mapping) {
    // Several columns may name groups ("Group 1", "Group 2"): a contact joins every group any of them names.
    if (t === 'ignore' || t === 'groups') continue;
    const key = typeof t === 'string' ? t : `custom:${t.custom}`;
    const field = typeof t === 'string' ? t : t.label;
    if (seen.has(key)) fail(`Two columns go to the same field (${field}). Choose a different field for one of them.`, coded('import.mapping.sameField', { field }));
    seen.add(key);
  }
}

export function checkGroup(db: Db, g: ImportGroup): void {
  if (g.kind === 'existing' && !db.prepare('SELECT 1 FROM contact_groups WHERE id = ?').get(g.id)) {
    throw new BeskedError('not_found', 'The chosen group no longer exists. Choose another group.', coded('import.groupGone'));
  }
  if (g.kind === 'new') {
    const taken = db.prepare('SELECT name FROM contact_groups WHERE name = ?').get(g.name) as { name: string } | undefined;
    if (taken) throw new BeskedError('conflict', `There is already a group called "${taken.name}". Choose it as an existing group, or another name.`, coded('import.groupNameTaken', { name: taken.name }));
  }
}
