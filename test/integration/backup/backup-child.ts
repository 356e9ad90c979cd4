// A process that backs up a data folder's database slowly, printing each step, for the test to kill -9 mid-backup.
import { openDatabase } from '../../../src-main/core/db/database';
import { writeBackup } from '../../../src-main/core/backup/backup-file';

const [dbFile, dir] = process.argv.slice(2) as [string, string];
const db = openDatabase(dbFile);
// The real online backup on its thread, a few pages a step with a pause: wide open for a kill in the middle.
void writeBackup(db, dir, Date.parse('2026-11-03T09:00:00.000Z'), 'daily', {
  pace: { pagesPerStep: 8, pauseMs: 30 },
  onStep: () => process.stdout.write('step\n'),
}).then(() => process.stdout.write('finished\n'));
