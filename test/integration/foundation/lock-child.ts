// Takes a data folder's lock as another Besked process would, says so, and waits to be killed.
import { InstanceLock } from '../../../src-main/core/instance-lock';

const lock = InstanceLock.acquire(process.argv[2]!, 'web');
lock.describe('http://127.0.0.1:1/?key=child');
process.stdout.write('locked\n');
setInterval(() => undefined, 60_000);
