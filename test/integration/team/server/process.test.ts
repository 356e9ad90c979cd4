// `npm run server` as a process (tsx src-main/server.ts): it prints the address to open, the certificate's SHA-256
// fingerprint and where the token is kept, answers its health check over TLS, and on SIGTERM stops cleanly: exit 0,
// the database closed (its WAL folded back), the folder's lock released.
import { afterEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { TOKEN_FILE } from '../../../../src-main/core/secrets/file-vault';
import { httpsGet, staticFolder } from './helpers';
import { CORE_V8_FLAGS } from '../../../../src-main/core-v8-flags';

const ROOT = resolve(__dirname, '../../../..');
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('npm run server', () => {
  it('prints address, fingerprint and token place, serves, and exits 0 on SIGTERM with the database closed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'besked-server-process-'));
    dirs.push(dir);
    const dataDir = join(dir, 'data');
    const child = spawn(process.execPath, [...CORE_V8_FLAGS, '--import', 'tsx', join(ROOT, 'src-main/server.ts'), '--port', '0', '--data', dataDir, '--name', 'Salonen'], {
      cwd: ROOT,
      env: { ...process.env, BESKED_RENDERER_DIR: staticFolder(dir), BESKED_KEYCHAIN_SERVICE: `Besked-server-test-${process.pid}-${Date.now()}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    const until = Date.now() + 60_000;
    while (!out.includes('Data folder:') && Date.now() < until && child.exitCode === null) await new Promise((r) => setTimeout(r, 50));
    expect(out, err).toContain('Data folder:');

    const url = /^Besked server: (https:\/\/127\.0\.0\.1:(\d+))$/m.exec(out);
    expect(url, out).not.toBeNull();
    const fingerprint = /^Certificate fingerprint \(SHA-256\): ([0-9A-F:]{95}) /m.exec(out)?.[1];
    expect(fingerprint).toBe(new X509Certificate(readFileSync(join(dataDir, 'tls', 'server.crt'))).fingerprint256);
    expect(out).toMatch(/^The gateway token is kept (in the system keychain|in .+server-secrets\.json)/m);
    // Without a keychain the token file is there from the start, readable by this user only, and the terminal warned.
    if (existsSync(join(dataDir, TOKEN_FILE))) {
      // Standard error is a pipe of its own: its warning may arrive after the lines on standard output.
      await expect.poll(() => err, { timeout: 10_000 }).toContain('Warning: no keychain');
      if (process.platform !== 'win32') expect(statSync(join(dataDir, TOKEN_FILE)).mode & 0o777).toBe(0o600);
    }
    const port = Number(url![2]);
    const health = await httpsGet(port, '/health', `127.0.0.1:${port}`);
    expect(JSON.parse(health.body)).toMatchObject({ ok: true, setupNeeded: true });
    expect(existsSync(join(dataDir, 'instance.json'))).toBe(true);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(out).toContain('Besked server stopped.');
    // Closed: SQLite folds the WAL back and removes it when the last connection closes; the lock's note is gone.
    expect(existsSync(join(dataDir, 'besked.db-wal'))).toBe(false);
    expect(existsSync(join(dataDir, 'instance.json'))).toBe(false);
    expect(err).not.toContain('could not start');
  });

  it('refuses a wrong command line with the usage, exit 2', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src-main/server.ts'), '--cert', 'only.pem'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
    expect(code).toBe(2);
    expect(err).toContain('--cert and --key go together');
    expect(err).toContain('Usage: npm run server');
  });

  it('refuses a public address without --public, exit 2, before touching any data', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src-main/server.ts'), '--host', '203.0.113.7', '--port', '0', '--data', join(tmpdir(), 'besked-never-made')], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
    expect(code).toBe(2);
    expect(err).toContain('which the internet can reach');
    expect(err).toContain('--public');
    expect(existsSync(join(tmpdir(), 'besked-never-made'))).toBe(false);
  });
});
