// Sessions in team_sessions: a random token handed to the client once, stored as its SHA-256; ended when unused for
// the idle time or past the absolute lifetime, by signing out, or with their user. Rows on disk, so they survive a
// restart of the server. Ended sessions are announced so the transport drops every connection bound to them.
import type { Me } from '../../../src-shared/contract';
import { writeGate } from '../db/write-gate';
import type { Db } from '../db/database';
import type { SessionEndReason, TeamSessions } from './index';
import { digest, newSecret } from './team-secrets';
import type { TeamTimings } from './timings';

export interface NewSession {
  id: string;
  token: string;
  expiresAt: string;
}

type EndedListener = Parameters<TeamSessions['onEnded']>[0];

interface RawSession {
  id: string;
  user_id: number;
  name: string;
  role: Me['role'];
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

const iso = (t: number) => new Date(t).toISOString();

export class Sessions implements TeamSessions {
  private readonly listeners = new Set<EndedListener>();

  constructor(
    private readonly db: Db,
    private readonly timings: Pick<TeamTimings, 'sessionIdleMs' | 'sessionMaxMs'>,
    private readonly now: () => number,
  ) {}

  /** A session for the user; the token is in the answer only. */
  create(userId: number, address: string): NewSession {
    const now = this.now();
    const token = newSecret();
    const id = digest(token);
    const expiresAt = iso(this.expiry(now, now));
    this.db
      .prepare('INSERT INTO team_sessions (id, user_id, created_at, last_seen_at, expires_at, address) VALUES (?, ?, ?, ?, ?, ?)')
      .run(id, userId, iso(now), iso(now), expiresAt, address.slice(0, 100));
    return { id, token, expiresAt };
  }

  /** The session a token opens, while it holds. */
  byToken(token: string): { id: string; user: Me; expiresAt: string } | null {
    const id = digest(token);
    const user = this.check(id);
    if (!user) return null;
    const row = this.row(id);
    return row ? { id, user, expiresAt: row.expires_at } : null;
  }

  check(sessionId: string): Me | null {
    const row = this.row(sessionId);
    if (!row) return null;
    const now = this.now();
    // While an import saves or its thread writes a step, nothing here is written (it would wait for it holding the
    // core: db/write-gate.ts); the sweep, or the next check, writes it. Claimed, not just looked at: a step begun
    // between a look and the write would make the write wait all the same.
    const stale = now >= Date.parse(row.expires_at);
    const touch = !stale && now - Date.parse(row.last_seen_at) >= Math.min(60_000, this.timings.sessionIdleMs / 10);
    const release = stale || touch ? writeGate(this.db).claim() : null;
    try {
      if (stale) {
        // Found out of time: the transport that asked tells its connection; the row goes now.
        if (release) this.db.prepare('DELETE FROM team_sessions WHERE id = ?').run(sessionId);
        return null;
      }
      // In use: the idle clock starts again. Written at most every so often, not on every call.
      if (release) {
        this.db
          .prepare('UPDATE team_sessions SET last_seen_at = ?, expires_at = ? WHERE id = ?')
          .run(iso(now), iso(this.expiry(Date.parse(row.created_at), now)), sessionId);
      }
    } finally {
      release?.();
    }
    return { id: row.user_id, name: row.name, role: row.role };
  }

  onEnded(listener: EndedListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Active sessions per user, for the team list. */
  countsByUser(): Map<number, number> {
    const rows = this.db.prepare('SELECT user_id, count(*) AS n FROM team_sessions WHERE expires_at > ? GROUP BY user_id').all(iso(this.now())) as {
      user_id: number;
      n: number;
    }[];
    return new Map(rows.map((r) => [r.user_id, r.n]));
  }

  /** Ends one session; 0 when it had already ended. */
  end(sessionId: string, reason: SessionEndReason): number {
    const n = this.db.prepare('DELETE FROM team_sessions WHERE id = ?').run(sessionId).changes;
    if (n) this.announce([sessionId], reason);
    return n;
  }

  /** Ends every session of a user, but `keep` (the one changing its own password). */
  endAllOf(userId: number, reason: SessionEndReason, keep?: string): number {
    const ids = (this.db.prepare('SELECT id FROM team_sessions WHERE user_id = ?').all(userId) as { id: string }[]).map((r) => r.id).filter((id) => id !== keep);
    const del = this.db.prepare('DELETE FROM team_sessions WHERE id = ?');
    this.db.transaction(() => ids.forEach((id) => del.run(id)))();
    // Expired ones among them were no longer anyone's: still announced, harmless to a transport that holds none.
    this.announce(ids, reason);
    return ids.length;
  }

  /**
   * Ends the sessions out of time and announces them, so a window left open on one stops receiving events now rather
   * than at its next call.
   */
  sweep(): number {
    const ids = (this.db.prepare('SELECT id FROM team_sessions WHERE expires_at <= ?').all(iso(this.now())) as { id: string }[]).map((r) => r.id);
    const del = this.db.prepare('DELETE FROM team_sessions WHERE id = ?');
    this.db.transaction(() => ids.forEach((id) => del.run(id)))();
    this.announce(ids, 'expired');
    return ids.length;
  }

  private row(id: string): RawSession | undefined {
    return this.db
      .prepare(
        `SELECT s.id, s.user_id, u.name, u.role, s.created_at, s.last_seen_at, s.expires_at
           FROM team_sessions s JOIN team_users u ON u.id = s.user_id
          WHERE s.id = ? AND u.removed_at IS NULL`,
      )
      .get(id) as RawSession | undefined;
  }

  private expiry(createdAt: number, lastSeen: number): number {
    return Math.min(lastSeen + this.timings.sessionIdleMs, createdAt + this.timings.sessionMaxMs);
  }

  private announce(sessionIds: string[], reason: SessionEndReason): void {
    if (!sessionIds.length) return;
    for (const l of this.listeners) l({ sessionIds, reason });
  }
}
