// The audit trail in audit_log: one row appended per audited action, read newest first with filters and paging. It
// has no update or delete; schema 13's triggers refuse both to anything that tries.
import type { AuditAction, AuditEntry } from '../../../src-shared/contract';
import type { Db } from '../db/database';
import { callerName } from '../team/caller';
import type { AuditedCall } from '../dispatch';
import { detailOf } from './redaction';

export interface AuditQuery {
  before?: number | undefined;
  userId?: number | undefined;
  action?: AuditAction | undefined;
  /** UTC ISO bounds, already checked (audit-time.ts). */
  from?: string | undefined;
  to?: string | undefined;
}

interface RawEntry {
  id: number;
  at: string;
  user_id: number | null;
  user_name: string;
  role: AuditEntry['role'];
  address: string;
  action: AuditAction;
  call: string;
  detail: string;
  outcome: AuditEntry['outcome'];
  error: string | null;
}

const toEntry = (r: RawEntry): AuditEntry => ({
  id: r.id,
  at: r.at,
  userId: r.user_id,
  userName: r.user_name,
  role: r.role,
  address: r.address,
  action: r.action,
  call: r.call,
  detail: r.detail,
  outcome: r.outcome,
  error: r.error,
});

export class AuditStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  write(e: AuditedCall): void {
    const user = e.caller.user;
    this.db
      .prepare('INSERT INTO audit_log (at, user_id, user_name, role, address, action, call, detail, outcome, error) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)')
      .run(
        new Date(this.now()).toISOString(),
        user?.id ?? null,
        callerName(e.caller),
        user?.role ?? null,
        e.caller.address.slice(0, 100),
        e.action,
        e.call,
        detailOf(e.input),
        e.outcome,
        e.error ? e.error.message.slice(0, 500) : null,
      );
  }

  /** Newest first; `limit` rows at most (all when left out). */
  list(q: AuditQuery, limit?: number): AuditEntry[] {
    const conditions: [string, string | number | undefined][] = [
      ['id < ?', q.before],
      ['user_id = ?', q.userId],
      ['action = ?', q.action],
      ['at >= ?', q.from],
      ['at <= ?', q.to],
    ];
    const given = conditions.filter((c): c is [string, string | number] => c[1] !== undefined);
    const where = given.map((c) => c[0]);
    const args = given.map((c) => c[1]);
    const sql = `SELECT * FROM audit_log ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC${limit === undefined ? '' : ' LIMIT ?'}`;
    const rows = this.db.prepare(sql).all(...args, ...(limit === undefined ? [] : [limit])) as RawEntry[];
    return rows.map(toEntry);
  }
}
