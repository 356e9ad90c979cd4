// Web mode started twice on one data folder (issue 17): the second start is refused at once, names the running one
// with the address to open, and the first keeps working.
import { afterEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { startWeb, type WebProcess } from './harness';
import { connectBridge } from './bridge-client';

const ROOT = resolve(import.meta.dirname, '../..');
let first: WebProcess | null = null;
afterEach(async () => {
  await first?.stop();
  first = null;
});

describe('one Besked per data folder', () => {
  it('refuses a second web mode on the same folder and points to the first', async () => {
    first = await startWeb();
    const second = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src-main/web.ts'), '--port', '0', '--data', first.dataDir], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    second.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    second.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((r) => second.once('exit', (c) => r(c)));
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err).toContain('Besked is already running with this data folder (web mode');
    expect(err).toContain(first.url);

    // The first one was not disturbed.
    const client = await connectBridge(first);
    try {
      expect(await client.ok('app.info', {})).toMatchObject({ shell: 'web', dataDir: first.dataDir });
    } finally {
      client.close();
    }
  });
});
