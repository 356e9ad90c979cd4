// The retention rule (issue 28.4): 7 daily, 4 weekly, 12 monthly by default, never deleting the last good backup.
import { describe, expect, it } from 'vitest';
import { backupsToDelete, type Kept } from '../../../src-main/core/backup/retention';

const DAY = 86_400_000;
const START = Date.parse('2026-01-01T03:00:00.000Z');
/** One good backup a day for `days` days from START, newest last. */
const daily = (days: number, everyDay = 1): Kept[] =>
  Array.from({ length: Math.ceil(days / everyDay) }, (_, i) => {
    const takenAt = new Date(START + i * everyDay * DAY).toISOString();
    return { file: takenAt, takenAt, ok: true };
  });
const kept = (all: Kept[], keep = { daily: 7, weekly: 4, monthly: 12 }) => {
  const gone = new Set(backupsToDelete(all, keep));
  return all.filter((b) => !gone.has(b.file)).map((b) => b.takenAt.slice(0, 10));
};

describe('which backups are kept', () => {
  it.each([
    // [case, backups, keep, expected kept (dates)]
    ['fewer than 7: all', daily(5), undefined, ['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04', '2026-01-05']],
    ['10 days: the last 7, plus the newest of each earlier week', daily(10), undefined, ['2026-01-04', '2026-01-05', '2026-01-06', '2026-01-07', '2026-01-08', '2026-01-09', '2026-01-10']],
    ['one daily slot: the newest only', daily(3), { daily: 1, weekly: 0, monthly: 0 }, ['2026-01-03']],
  ] as const)('%s', (_name, all, keep, expected) => {
    expect(kept([...all], keep ? { ...keep } : undefined)).toEqual(expected);
  });

  it('a year of daily backups keeps 7 days, 4 weeks and 12 months', () => {
    const k = kept(daily(365));
    // 7 daily; the weekly and monthly newest-of-bucket overlap the dailies for the current week and month.
    expect(k.slice(-7)).toEqual(['2026-12-25', '2026-12-26', '2026-12-27', '2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31']);
    expect(k).toContain('2026-11-30'); // newest of November
    expect(k).toContain('2026-01-31'); // newest of January, the 12th month back
    expect(k).toContain('2026-12-20'); // newest of the week before (Sunday)
    expect(k.length).toBeLessThanOrEqual(7 + 4 + 12);
    expect(k.length).toBeGreaterThanOrEqual(12 + 5);
  });

  it('never deletes the last good backup, even when every newer one failed', () => {
    const all: Kept[] = [...daily(3), ...Array.from({ length: 10 }, (_, i) => ({ file: `bad${i}`, takenAt: new Date(START + (10 + i) * DAY).toISOString(), ok: false }))];
    const gone = backupsToDelete(all, { daily: 1, weekly: 0, monthly: 0 });
    expect(gone).not.toContain(all[2]!.file);
    // The failed ones newer than it stay listed so the card can show them; the older good ones go.
    expect(gone).toEqual([all[0]!.file, all[1]!.file]);
  });

  it('deletes a failed backup once a good one is newer', () => {
    const all: Kept[] = [{ file: 'bad', takenAt: new Date(START).toISOString(), ok: false }, ...daily(2).map((b) => ({ ...b, takenAt: new Date(Date.parse(b.takenAt) + DAY).toISOString(), file: b.file + 'x' }))];
    expect(backupsToDelete(all, { daily: 7, weekly: 4, monthly: 12 })).toEqual(['bad']);
  });

  it.each([
    // [case, the safety copy's reason, days after it that a later backup was taken, kept]
    ['a safety copy before a restore stays beside a later backup the same day', 'restore', 0, true],
    ['a copy before an upgrade stays beside a later backup the same day', 'upgrade', 0, true],
    ['a safety copy stays while it is within the daily slots', 'restore', 6, true],
    ['a safety copy goes once it is older than the daily slots', 'restore', 8, false],
    ['a daily backup the same day as a newer one goes, as before', 'daily', 0, false],
  ] as const)('%s', (_name, reason, daysLater, stays) => {
    const at = START + 9 * 3_600_000;
    const safety: Kept = { file: 'safety', takenAt: new Date(at).toISOString(), ok: true, reason };
    const later: Kept[] = Array.from({ length: daysLater + 1 }, (_, i) => ({ file: `later${i}`, takenAt: new Date(at + i * DAY + 60_000).toISOString(), ok: true, reason: 'manual' }));
    const gone = backupsToDelete([safety, ...later], { daily: 7, weekly: 0, monthly: 0 });
    expect(gone.includes('safety')).toBe(!stays);
  });
});
