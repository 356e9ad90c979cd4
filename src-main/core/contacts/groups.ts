// Groups of contacts (many-to-many): create, rename, delete (the contacts stay), membership, counts.
import type { Db } from '../db/database';
import { BeskedError } from '../errors';
import type { Group } from '../../../src-shared/contract';
import { coded } from '../../../src-shared/error-codes';
import { computerClock, isoNow } from '../clock';

interface GroupRow {
  id: number;
  name: string;
  created_at: string;
  count: number;
}

const toGroup = (r: GroupRow): Group => ({ id: r.id, name: r.name, count: r.count, createdAt: r.created_at });

export class GroupStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = computerClock.now,
  ) {}

  list(): Group[] {
    const rows = this.db
      .prepare(
        `SELECT g.id, g.name, g.created_at, (SELECT count(*) FROM contact_group_members m WHERE m.group_id = g.id) AS count
         FROM contact_groups g ORDER BY g.name COLLATE NOCASE`,
      )
      .all() as GroupRow[];
    return rows.map(toGroup);
  }

  get(id: number): Group {
    const r = this.db
      .prepare(`SELECT g.id, g.name, g.created_at, (SELECT count(*) FROM contact_group_members m WHERE m.group_id = g.id) AS count FROM contact_groups g WHERE g.id = ?`)
      .get(id) as GroupRow | undefined;
    if (!r) throw new BeskedError('not_found', 'This group no longer exists.', coded('group.notFound'));
    return toGroup(r);
  }

  byName(name: string): Group | undefined {
    const r = this.db.prepare('SELECT id FROM contact_groups WHERE name = ?').get(name) as { id: number } | undefined;
    return r ? this.get(r.id) : undefined;
  }

  create(name: string): Group {
    this.refuseTaken(name, undefined);
    const id = Number(this.db.prepare('INSERT INTO contact_groups (name, created_at) VALUES (?, ?)').run(name, isoNow(this.now)).lastInsertRowid);
    return this.get(id);
  }

  rename(id: number, name: string): Group {
    this.get(id);
    this.refuseTaken(name, id);
    this.db.prepare('UPDATE contact_groups SET name = ? WHERE id = ?').run(name, id);
    return this.get(id);
  }

  delete(id: number): { removedMemberships: number } {
    const g = this.get(id);
    this.db.prepare('DELETE FROM contact_groups WHERE id = ?').run(id);
    return { removedMemberships: g.count };
  }

  add(groupId: number, contactIds: readonly number[]): number {
    this.get(groupId);
    return this.db
      .prepare(
        `INSERT OR IGNORE INTO contact_group_members (group_id, contact_id)
         SELECT ?, c.id FROM contacts c WHERE c.id IN (SELECT value FROM json_each(?))`,
      )
      .run(groupId, JSON.stringify(contactIds)).changes;
  }

  remove(groupId: number, contactIds: readonly number[]): number {
    this.get(groupId);
    return this.db
      .prepare('DELETE FROM contact_group_members WHERE group_id = ? AND contact_id IN (SELECT value FROM json_each(?))')
      .run(groupId, JSON.stringify(contactIds)).changes;
  }

  private refuseTaken(name: string, self: number | undefined): void {
    const other = this.db.prepare('SELECT id, name FROM contact_groups WHERE name = ?').get(name) as { id: number; name: string } | undefined;
    if (other && other.id !== self) {
      const message = `There is already a group called "${other.name}".`;
      throw new BeskedError('conflict', message, { fields: [{ path: ['name'], message }], ...coded('group.nameTaken', { name: other.name }) });
    }
  }
}
