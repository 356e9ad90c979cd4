// Senders the user has sent with, most recent first, so the composer can offer them again. The rules for what a
// sender may be are shared with the renderer in src-shared/senders.ts.
import type { Db } from '../../db/database';
import { computerClock } from '../../clock';

/** How many recent senders are kept. */
const KEEP = 20;

export class RecentSenders {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = computerClock.now,
  ) {}

  list(): string[] {
    return this.db.prepare('SELECT sender FROM recent_senders ORDER BY used_at DESC, sender LIMIT ?').pluck().all(KEEP) as string[];
  }

  remember(sender: string): void {
    const s = sender.trim();
    if (s === '') return;
    this.db.transaction(() => {
      this.db
        .prepare('INSERT INTO recent_senders (sender, used_at) VALUES (?, ?) ON CONFLICT(sender) DO UPDATE SET used_at = excluded.used_at')
        .run(s, new Date(this.now()).toISOString());
      this.db
        .prepare('DELETE FROM recent_senders WHERE sender NOT IN (SELECT sender FROM recent_senders ORDER BY used_at DESC LIMIT ?)')
        .run(KEEP);
    })();
  }
}
