// The groups a "groups" column names (issue 27.9): which of them do not exist yet and need the user's yes before an
// import makes them, and, inside the import's transaction, the groups made and every staged contact joined to the
// groups its rows name. Joining goes through contact_group_members, so a welcome automation's trigger queues each
// contact once per group it joins, exactly as a join by hand does.
import type { Db } from '../../db/database';
import { BeskedError } from '../../errors';
import { coded } from '../../../../src-shared/error-codes';

export interface ColumnGroup {
  id: number;
  name: string;
  created: boolean;
  /** This file's contacts in the group after the import. */
  contacts: number;
}

// A group's name is unique as SQLite's NOCASE compares it: ASCII letters folded, others as written.
const nocase = (name: string) => name.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** Refuses, before anything is saved, when the file names groups that do not exist and the user did not agree to make. */
export function requireConfirmedGroups(db: Db, names: readonly string[], confirmed: readonly string[]): void {
  const yes = new Set(confirmed.map(nocase));
  const exists = db.prepare('SELECT 1 FROM contact_groups WHERE name = ?').pluck();
  const unconfirmed = names.filter((n) => !yes.has(nocase(n)) && exists.get(n) === undefined);
  if (unconfirmed.length === 0) return;
  // A name from a cell never holds "," or ";" (they separate names), so the list can be read back from `names`.
  const list = unconfirmed.join(', ');
  throw new BeskedError(
    'conflict',
    `The file names ${unconfirmed.length} groups that do not exist yet: ${list}. Confirm to create them and import.`,
    coded('import.newGroups', { count: unconfirmed.length, names: list }),
  );
}

/** Inside the import's transaction, with the staging database attached as `stage`. */
export function joinColumnGroups(db: Db, now: string): ColumnGroup[] {
  const named = db.prepare('SELECT name, min(rowid) AS first FROM stage.staged_groups GROUP BY name ORDER BY first').all() as { name: string }[];
  if (named.length === 0) return [];
  const find = db.prepare('SELECT id, name FROM main.contact_groups WHERE name = ?');
  const make = db.prepare('INSERT INTO main.contact_groups (name, created_at) VALUES (?, ?)');
  const groups = named.map(({ name }): Omit<ColumnGroup, 'contacts'> => {
    const found = find.get(name) as { id: number; name: string } | undefined;
    if (found) return { ...found, created: false };
    return { id: Number(make.run(name, now).lastInsertRowid), name, created: true };
  });
  db.prepare(
    `INSERT OR IGNORE INTO main.contact_group_members (group_id, contact_id)
     SELECT g.id, c.id FROM stage.staged_groups sg
       JOIN stage.staged s ON s.sid = sg.sid
       JOIN main.contacts c ON c.msisdn = s.msisdn
       JOIN main.contact_groups g ON g.name = sg.name
     ORDER BY sg.sid`,
  ).run();
  const count = db.prepare('SELECT count(*) FROM stage.staged_groups WHERE name = ?').pluck();
  return groups.map((g) => ({ ...g, contacts: count.get(g.name) as number }));
}
