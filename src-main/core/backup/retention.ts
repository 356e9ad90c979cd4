// Which backups are kept: the newest of each of the last N days, weeks and months (UTC), and always the newest good
// one; a backup that failed its check is kept only while it is among the newest few so the card can show it; the copy
// taken before a restore or an upgrade is kept for the daily slots' span, whatever was backed up after it that day.
import type { BackupKeep, BackupReason } from '../../../src-shared/contract';

export interface Kept {
  file: string;
  takenAt: string;
  ok: boolean;
  reason?: BackupReason;
}

/**
 * The data as it was before a restore or an upgrade: the way back when the wrong backup was restored or the upgrade
 * went wrong. "Back up now" after the restore, the same day, must not take its day's slot and so delete it.
 */
const SAFETY: readonly BackupReason[] = ['restore', 'upgrade'];

const DAY = 86_400_000;

/** The ISO week's Monday (UTC) of an instant, as a day number: weeks start on Monday in Denmark. */
const weekOf = (t: number) => {
  const day = Math.floor(t / DAY);
  // 1970-01-01 was a Thursday: day 0 has weekday index 3 (Monday = 0).
  return day - ((day + 3) % 7);
};
const monthOf = (t: number) => {
  const d = new Date(t);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
};

/** The files to delete; the rule is pure so that a table of cases pins it down. */
export function backupsToDelete(backups: readonly Kept[], keep: BackupKeep): string[] {
  const good = [...backups].filter((b) => b.ok).sort((a, b) => b.takenAt.localeCompare(a.takenAt));
  const keepFiles = new Set<string>();
  const pick = (slots: number, bucket: (t: number) => number) => {
    const seen = new Set<number>();
    for (const b of good) {
      const k = bucket(Date.parse(b.takenAt));
      if (seen.has(k)) continue;
      if (seen.size >= slots) break;
      seen.add(k);
      keepFiles.add(b.file);
    }
  };
  pick(keep.daily, (t) => Math.floor(t / DAY));
  pick(keep.weekly, weekOf);
  pick(keep.monthly, monthOf);
  if (good[0]) keepFiles.add(good[0].file);
  // Safety copies age out too (an erased person's data must leave the backups in time), by the daily slots' span.
  const newest = good[0] ? Date.parse(good[0].takenAt) : 0;
  for (const b of good) if (b.reason && SAFETY.includes(b.reason) && newest - Date.parse(b.takenAt) < keep.daily * DAY) keepFiles.add(b.file);
  // A failed backup stays while it is newer than the newest good one: the card says the last attempt failed.
  const newestGood = good[0]?.takenAt ?? '';
  for (const b of backups) if (!b.ok && b.takenAt > newestGood) keepFiles.add(b.file);
  return backups.filter((b) => !keepFiles.has(b.file)).map((b) => b.file);
}
