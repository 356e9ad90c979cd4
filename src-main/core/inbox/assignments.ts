// Who each conversation is assigned to on a Besked server (conversation_assignments): only a current user can be
// the assignee, and a removed user's assignments read as no one's, so nobody waits on a colleague who left.
import type { Me, Mode } from '../../../src-shared/contract';
import { coded } from '../../../src-shared/error-codes';
import type { Db } from '../db/database';
import { BeskedError } from '../errors';

interface AssigneeRow {
  msisdn: number;
  id: number;
  name: string;
  role: Me['role'];
}

const CURRENT = `SELECT a.msisdn, u.id, u.name, u.role FROM conversation_assignments a
                   JOIN team_users u ON u.id = a.user_id AND u.removed_at IS NULL
                  WHERE a.mode = ?`;

const me = (r: AssigneeRow): Me => ({ id: r.id, name: r.name, role: r.role });

export class Assignments {
  constructor(private readonly db: Db) {}

  /** The conversation's assignee, or null. */
  of(mode: Mode, msisdn: number): Me | null {
    const r = this.db.prepare(`${CURRENT} AND a.msisdn = ?`).get(mode, msisdn) as AssigneeRow | undefined;
    return r ? me(r) : null;
  }

  /** Every assigned conversation of the mode, for the conversation list (one query, not one per row). */
  all(mode: Mode): Map<number, Me> {
    const rows = this.db.prepare(CURRENT).all(mode) as AssigneeRow[];
    return new Map(rows.map((r) => [r.msisdn, me(r)]));
  }

  /** Assigns the conversation to a current user, or to no one (null); `by` is the assigner's name for the record. */
  set(mode: Mode, msisdn: number, userId: number | null, by: string, at: string): Me | null {
    if (userId === null) {
      this.db.prepare('DELETE FROM conversation_assignments WHERE mode = ? AND msisdn = ?').run(mode, msisdn);
      return null;
    }
    const user = this.db.prepare('SELECT id, name, role FROM team_users WHERE id = ? AND removed_at IS NULL').get(userId) as Me | undefined;
    if (!user) throw new BeskedError('not_found', 'That colleague is no longer on the team. Choose someone else.', coded('conversation.noSuchColleague'));
    this.db
      .prepare(
        `INSERT INTO conversation_assignments (mode, msisdn, user_id, assigned_by, assigned_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (mode, msisdn) DO UPDATE SET user_id = excluded.user_id, assigned_by = excluded.assigned_by, assigned_at = excluded.assigned_at`,
      )
      .run(mode, msisdn, user.id, by, at);
    return { id: user.id, name: user.name, role: user.role };
  }
}
