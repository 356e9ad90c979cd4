// The audit trail in audit_log: one row appended per audited action, chained to the one before (audit-chain.ts), read
// newest first with filters and paging. It has no update or delete; schema 13's triggers refuse both to anything that tries.
import type { AuditAction, AuditEntry } from '../../../src-shared/contract';
import type { Db } from '../db/database';
import { callerName } from '../team/caller';
import type { AuditedCall } from '../dispatch';
import { detailOf } from './redaction';
import { chainHead, entryHash, type ChainedContent } from './audit-chain';

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

  /** Appends an entry with its id and hash fixed in one transaction, so two writes never chain to one predecessor. */
  write(e: AuditedCall): void {
    const user = e.caller.user;
    this.db.transaction(() => {
      const { prev, nextId } = chainHead(this.db);
      const entry: ChainedContent = {
        id: nextId,
        at: new Date(this.now()).toISOString(),
        user_id: user?.id ?? null,
        user_name: callerName(e.caller),
        role: user?.role ?? null,
        address: e.caller.address.slice(0, 100),
        action: e.action,
        call: e.call,
        detail: detailOf(e.input),
        outcome: e.outcome,
        error: e.error ? e.error.message.slice(0, 500) : null,
      };
      this.db
        .prepare('INSERT INTO audit_log (id, at, user_id, user_name, role, address, action, call, detail, outcome, error, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)')
        .run(entry.id, entry.at, entry.user_id, entry.user_name, entry.role, entry.address, entry.action, entry.call, entry.detail, entry.outcome, entry.error, entryHash(prev, entry));
    })();
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
