// A backup's file name carries its time and reason, and nothing being written (or anything else) parses as one.
import { describe, expect, it } from 'vitest';
import { backupFileName, parseBackupFileName } from '../../../src-main/core/backup/backup-manifest';

describe('backup file names', () => {
  it('round-trip the time and reason', () => {
    const at = Date.parse('2026-11-27T05:40:00.123Z');
    const name = backupFileName(at, 'upgrade');
    expect(name).toBe('besked-20261127T054000123Z-upgrade.db');
    expect(parseBackupFileName(name)).toEqual({ at, reason: 'upgrade' });
  });

  it.each([
    'besked-20261127T054000123Z-daily.db.partial',
    'besked-20261127T054000123Z-daily.json',
    'besked-20261127T054000123Z-sometimes.db',
    'besked.db',
    'restore-abc.db.partial',
    'besked-20261127T054000123Z-daily.besked-backup',
  ])('%s is not a backup', (name) => {
    expect(parseBackupFileName(name)).toBeNull();
  });
});
