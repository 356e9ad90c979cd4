// A server's restore (`--restore FILE`) in a process of its own, for the test to kill -9 in the middle of it.
import { restoreAtStart } from '../../../src-main/core/backup/restore-at-start';

const [dataDir, file] = process.argv.slice(2) as [string, string];
void restoreAtStart({ dataDir, file, now: () => Date.parse('2026-11-05T09:00:00.000Z') }).then(() => process.stdout.write('restored\n'));
