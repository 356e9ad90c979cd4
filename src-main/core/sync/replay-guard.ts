// Remembers webhook requests already processed (event ids, or signature + body hashes) so a replay has no effect.
import type { Db } from '../db/database';
import { computerClock } from '../clock';

/** Longer than the gateway's 24-hour retry horizon, so its own redeliveries are recognised too. */
export const REPLAY_WINDOW_MS = 48 * 3600_000;

export class ReplayGuard {
  private inserts = 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = computerClock.now,
    private readonly windowMs = REPLAY_WINDOW_MS,
  ) {}

  /** Records the key; false when it was seen within the window (a replay). */
  firstTime(key: string): boolean {
    const now = this.now();
    if (++this.inserts % 100 === 1) this.prune(now);
    const cutoff = new Date(now - this.windowMs).toISOString();
    const at = new Date(now).toISOString();
    return this.db.transaction(() => {
      const row = this.db.prepare('SELECT seen_at FROM webhook_seen WHERE key = ?').get(key) as { seen_at: string } | undefined;
      if (row && row.seen_at >= cutoff) return false;
      this.db.prepare('INSERT INTO webhook_seen (key, seen_at) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET seen_at = excluded.seen_at').run(key, at);
      return true;
    })();
  }

  /** Forgets a key whose request was not processed after all (so the gateway's retry is taken). */
  forget(key: string): void {
    this.db.prepare('DELETE FROM webhook_seen WHERE key = ?').run(key);
  }

  /** Whether a request stamped at `at` is too old to be told from a replay. */
  tooOld(at: number): boolean {
    return at < this.now() - this.windowMs;
  }

  private prune(now: number): void {
    this.db.prepare('DELETE FROM webhook_seen WHERE seen_at < ?').run(new Date(now - this.windowMs).toISOString());
  }
}
