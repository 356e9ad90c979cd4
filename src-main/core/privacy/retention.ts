// The optional retention of message texts (issue 28 point 11): texts older than N months are deleted, both ways, while
// their dates, statuses, parts, counts and costs stay. Only finished campaigns are touched, so nothing waiting to be
// sent loses its text. The setting and the last run live in the settings table beside the shop's other settings.
import { DateTime } from 'luxon';
import type { Db } from '../db/database';
import type { Retention } from '../../../src-shared/contract';

const MONTHS = 'privacy.retentionMonths';
const LAST_RUN = 'privacy.retentionLastRun';
const FINISHED = "('sent', 'partly_failed', 'failed', 'cancelled')";

function read<T>(db: Db, key: string): T | null {
  const v = db.prepare('SELECT value FROM settings WHERE key = ?').pluck().get(key) as string | undefined;
  return v === undefined ? null : (JSON.parse(v) as T);
}
function write(db: Db, key: string, value: unknown): void {
  db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, JSON.stringify(value));
}

export function retention(db: Db): Retention {
  const last = read<{ at: string; texts: number }>(db, LAST_RUN);
  return { months: read<number>(db, MONTHS), lastRunAt: last?.at ?? null, lastRunTexts: last?.texts ?? null };
}

export function setRetentionMonths(db: Db, months: number | null): Retention {
  write(db, MONTHS, months);
  return retention(db);
}

/** The moment before which texts go, for `months` counted back from `now` (UTC calendar months). */
export function retentionCutoff(now: number, months: number): string {
  return DateTime.fromMillis(now, { zone: 'utc' }).minus({ months }).toISO()!;
}

const OUT_WHERE = `text <> '' AND campaign_id IN (SELECT id FROM campaigns WHERE state IN ${FINISHED} AND COALESCE(finished_at, updated_at) < @cutoff)`;
const REPLY_WHERE = `kind = 'reply' AND text <> '' AND state IN ${FINISHED} AND COALESCE(finished_at, updated_at) < @cutoff`;
const IN_WHERE = "text <> '' AND received_at < @cutoff";

/** How many texts the retention would delete now (0 when it is off): the daily run makes its audited call only then. */
export function textsDue(db: Db, now: number): number {
  const months = read<number>(db, MONTHS);
  if (months === null) return 0;
  const cutoff = retentionCutoff(now, months);
  const count = (sql: string) => db.prepare(sql).pluck().get({ cutoff }) as number;
  return count(`SELECT COUNT(*) FROM campaign_recipients WHERE ${OUT_WHERE}`) + count(`SELECT COUNT(*) FROM inbound_messages WHERE ${IN_WHERE}`);
}

/** Deletes the texts older than the retention (none when it is off) and records the run. */
export function applyRetention(db: Db, now: number): Retention {
  const months = read<number>(db, MONTHS);
  if (months === null) return retention(db);
  const cutoff = retentionCutoff(now, months);
  // Deleted words are overwritten in the file, not only unlinked.
  db.pragma('secure_delete = ON');
  try {
    db.transaction(() => {
      const out = db.prepare(`UPDATE campaign_recipients SET text = '', tagvalues = NULL WHERE ${OUT_WHERE}`).run({ cutoff }).changes;
      db.prepare(`UPDATE campaigns SET text = '' WHERE ${REPLY_WHERE}`).run({ cutoff });
      const inbound = db.prepare(`UPDATE inbound_messages SET text = '' WHERE ${IN_WHERE}`).run({ cutoff }).changes;
      write(db, LAST_RUN, { at: new Date(now).toISOString(), texts: out + inbound });
    })();
  } finally {
    db.pragma('secure_delete = OFF');
  }
  return retention(db);
}
