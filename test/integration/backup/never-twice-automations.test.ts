// What a restore does to automations (issue 28.7): nothing recorded-but-unsent is sent by itself, and every run that
// fell due between the backup's time and now (plus the look-ahead the running Besked may have handed over) is
// recorded as "not sent: restored from a backup", so the runner never sends it; texts of that window get no auto-reply.
import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { AT, databaseAt, LATEST } from '../foundation/migrations/old-rows';
import { makeSafeAfterRestore } from '../../../src-main/core/backup/never-twice';
import { inRestoredWindow, readRestoredWindow } from '../../../src-main/core/backup/restored-window';
import { removeTempDirs, tempDir } from './helpers';

afterEach(() => removeTempDirs());

const DAY = 86_400_000;

describe('automations after a restore', () => {
  it('records every run due since the backup as not sent, and keeps the window for auto-replies', () => {
    const file = join(tempDir(), 'restored.db');
    databaseAt(file, LATEST);
    const db = new Database(file);
    db.prepare("UPDATE automation_occurrences SET state = 'planned' WHERE id = 1").run();
    db.close();
    const now = Date.parse(AT) + 14 * DAY;

    const safe = makeSafeAfterRestore(file, AT, now);
    expect(safe.heldOccurrences).toBeGreaterThanOrEqual(3);

    const after = new Database(file, { readonly: true });
    const rows = after.prepare("SELECT automation_id, occurrence, state, reason_code FROM automation_occurrences WHERE automation_id = 1 ORDER BY occurrence").all() as {
      occurrence: string;
      state: string;
      reason_code: string | null;
    }[];
    // The run recorded and not yet sent in the backup, and the two Mondays since (09:00 Copenhagen = 08:00 UTC).
    expect(rows.map((r) => [r.occurrence, r.state])).toEqual([
      [AT, 'missed'],
      ['2026-03-09T08:00:00.000Z', 'missed'],
      ['2026-03-16T08:00:00.000Z', 'missed'],
    ]);
    for (const r of rows) expect(JSON.parse(r.reason_code!)).toEqual({ code: 'backup.restoredNotSent', params: { at: AT } });
    expect(after.prepare("SELECT count(*) FROM automation_occurrences WHERE state = 'planned'").pluck().get()).toBe(0);
    expect(after.prepare('SELECT count(*) FROM automation_welcome_queue').pluck().get()).toBe(0);

    const window = readRestoredWindow(after);
    expect(window).toEqual({ from: AT, to: new Date(now).toISOString() });
    expect(inRestoredWindow(window, new Date(Date.parse(AT) + DAY).toISOString())).toBe(true);
    expect(inRestoredWindow(window, new Date(now + 60_000).toISOString())).toBe(false);
    after.close();
  });
});
