// A process that backs up a data folder's database slowly, printing each step, for the test to kill -9 mid-backup.
import { openDatabase } from '../../../src-main/core/db/database';
import { writeBackup } from '../../../src-main/core/backup/backup-file';

const [dbFile, dir] = process.argv.slice(2) as [string, string];
const db = openDatabase(dbFile);
const backup = db.backup.bind(db);
// The real online backup, a few pages a step with a pause: wide open for a kill in the middle.
db.backup = ((file: string) =>
  backup(file, {
    progress: () => {
      process.stdout.write('step\n');
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 30);
      return 8;
    },
  })) as typeof db.backup;
void writeBackup(db, dir, Date.parse('2026-11-03T09:00:00.000Z'), 'daily').then(() => process.stdout.write('finished\n'));
