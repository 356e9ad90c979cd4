// Restoring a backup file picked in the window when it is larger than one call may carry (issue 28.6, 28.8): web
// mode's bridge takes a call of at most 32 MiB, so the file is staged in the core chunk by chunk (backup.uploadBegin,
// backup.uploadChunk) and restored from there. Chunks out of order, too large or beyond the announced size are typed
// errors; an upload left unfinished is replaced by the next, dropped after an hour, and removed at the next start.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import WebSocket from 'ws';
import { ulid } from 'ulid';
import { startWebServer, type WebServer } from '../../../src-main/bridge/web-server';
import { startHost, type Host } from '../../../src-main/core/remote/host';
import { createLogger } from '../../../src-main/core/log';
import { MemoryVault } from '../../../src-main/core/secrets/vault';
import { deriveKey, encryptFile, KDF_PARAMS } from '../../../src-main/core/backup/backup-crypto';
import { RESTORE_UPLOAD_IDLE_MS, stagedUploadFile } from '../../../src-main/core/backup/restore-upload';
import { BRIDGE_MAX_CALL_FRAME_BYTES, RESTORE_CHUNK_BYTES, RESTORE_UPLOAD_MAX_BYTES, type CallName } from '../../../src-shared/contract';
import { bigDatabase, FIRST } from './big-database';
import { backupWorld, removeTempDirs, T0, tempDir, type BackupWorld } from './helpers';

const log = createLogger({ level: 'error' });

/** Web mode over a data folder: the host a restore restarts in place, behind the loopback bridge the browser uses. */
interface WebWorld {
  dataDir: string;
  host: Host;
  server: WebServer;
  clock: { now: number };
  /** Fires the hourly look of the core running now. */
  tick(): void;
}

let web: WebWorld | null = null;
let core: BackupWorld | null = null;
const sockets: WebSocket[] = [];
afterEach(async () => {
  for (const ws of sockets.splice(0)) ws.close();
  await web?.server.close();
  await web?.host.close().catch(() => undefined);
  await core?.close();
  web = null;
  core = null;
  removeTempDirs();
});

async function webWorld(dataDir = tempDir()): Promise<WebWorld> {
  const clock = { now: T0 };
  let fire: (() => void) | null = null;
  const every = (_ms: number, fn: () => void) => {
    fire = fn;
    return () => (fire === fn ? (fire = null) : undefined);
  };
  const host = await startHost({ dataDir, shell: 'web', version: 'test', log, vault: new MemoryVault(), core: { instance: 'test', checkOutputs: true, backup: { now: () => clock.now, every } } });
  const staticDir = tempDir('besked-static-');
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Besked</title>');
  const server = await startWebServer({ dispatch: host.dispatch, events: host.events, staticDir, port: 0, log });
  return { dataDir, host, server, clock, tick: () => fire?.() };
}

interface Answer {
  ok: boolean;
  value?: unknown;
  error?: { kind: string; code?: string; message: string };
}

/** The browser's side of the bridge: calls by id over the WebSocket, answers matched by id, events passed by. */
async function bridge(s: WebServer) {
  const ws = new WebSocket(`ws://127.0.0.1:${s.port}/bridge?key=${s.key}`, { origin: `http://127.0.0.1:${s.port}` });
  sockets.push(ws);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const waiting = new Map<number, (a: Answer) => void>();
  let closed: number | null = null;
  ws.on('message', (d) => {
    const m = JSON.parse(d.toString()) as { id?: number; result?: Answer };
    if (typeof m.id === 'number' && m.result) waiting.get(m.id)?.(m.result);
  });
  ws.on('close', (code) => {
    closed = code;
    for (const f of waiting.values()) f({ ok: false, error: { kind: 'closed', code: String(code), message: 'closed' } });
  });
  let next = 1;
  const send = (name: CallName, input: unknown) =>
    new Promise<Answer>((resolve) => {
      const id = next++;
      waiting.set(id, resolve);
      ws.send(JSON.stringify({ id, name, input }));
    });
  return {
    send,
    closedWith: () => closed,
    async ok<T>(name: CallName, input: unknown): Promise<T> {
      const r = await send(name, input);
      if (!r.ok) throw new Error(`${name} failed: ${r.error?.code ?? r.error?.kind}: ${r.error?.message}`);
      return r.value as T;
    },
  };
}
type Bridge = Awaited<ReturnType<typeof bridge>>;

/** Sends a file the way the window does: begin, then the chunks the core asks for, in order. */
async function upload(b: Bridge, bytes: Buffer, fileName: string): Promise<string> {
  const { uploadId, chunkBytes } = await b.ok<{ uploadId: string; chunkBytes: number }>('backup.uploadBegin', { fileName, bytes: bytes.length });
  expect(chunkBytes).toBe(RESTORE_CHUNK_BYTES);
  for (let offset = 0; offset < bytes.length; offset += chunkBytes) {
    const r = await b.ok<{ received: number }>('backup.uploadChunk', { uploadId, offset, base64: bytes.subarray(offset, offset + chunkBytes).toString('base64') });
    expect(r.received).toBe(Math.min(bytes.length, offset + chunkBytes));
  }
  return uploadId;
}

const total = async (b: Bridge) => (await b.ok<{ total: number }>('contacts.list', {})).total;

describe('restoring a backup file larger than one call', () => {
  it('over web mode’s bridge: staged in chunks, then restored, with its data back', async () => {
    const files = tempDir('besked-picked-');
    const plain = join(files, 'besked.db');
    const N = 90_000;
    bigDatabase(plain, N);
    // An encrypted copy, as the second place holds it: the passphrase is checked before anything changes.
    const passphrase = 'anker bølge citron delfin egern fjord';
    const salt = randomBytes(16);
    const key = { keyId: randomBytes(8).toString('hex'), salt, params: KDF_PARAMS, key: await deriveKey(passphrase, salt, KDF_PARAMS) };
    const encrypted = join(files, 'besked.besked-backup');
    await encryptFile(plain, encrypted, key);
    const bytes = readFileSync(encrypted);
    expect(bytes.length).toBeGreaterThan(BRIDGE_MAX_CALL_FRAME_BYTES);

    web = await webWorld();
    const b = await bridge(web.server);
    await b.ok('contacts.create', { phone: '+4520000001', firstName: 'Before' });
    expect(await total(b)).toBe(1);

    // One call cannot carry it, not even as the largest call may be: the bridge refuses the frame (answered too
    // large, or the connection closed), and backup.restore takes no file of its own any more.
    const whole = await bridge(web.server);
    const single = await whole.send('backup.restore', { file: { name: 'besked.besked-backup', base64: bytes.toString('base64') }, passphrase });
    expect(single.ok).toBe(false);
    expect(['call.tooLarge', '1009']).toContain(single.error?.code);

    // A wrong passphrase is refused before anything changes, and uses the staged file up.
    let id = await upload(b, bytes, 'besked.besked-backup');
    const staged = stagedUploadFile(join(web.dataDir, 'backups'), id);
    expect(statSync(staged).size).toBe(bytes.length);
    expect(statSync(staged).mode & 0o777).toBe(0o600);
    const wrong = await b.send('backup.restore', { upload: id, passphrase: 'forkert sætning' });
    expect(wrong.error?.code).toBe('backup.wrongPassphrase');
    expect(existsSync(staged)).toBe(false);
    expect(await total(b)).toBe(1);
    expect((await b.send('backup.restore', { upload: id, passphrase })).error?.code).toBe('backup.uploadGone');

    id = await upload(b, bytes, 'besked.besked-backup');
    const r = await b.ok<{ safetyCopy: string | null }>('backup.restore', { upload: id, passphrase });
    expect(r.safetyCopy).not.toBeNull();
    // The core starts again over the restored data; the same connection goes on (the next call waits for it).
    expect(await total(b)).toBe(N);
    const page = await b.ok<{ rows: { firstName: string; email: string }[] }>('contacts.list', { limit: 5 });
    expect(page.rows).toHaveLength(5);
    for (const c of page.rows) expect([FIRST.includes(c.firstName), c.email]).toEqual([true, expect.stringMatching(/@example\.dk$/)]);
    const left = readdirSync(join(web.dataDir, 'backups')).filter((f) => f.includes('partial'));
    expect(left).toEqual([]);
    // About 17 s on a quiet machine (two 40 MB uploads, a 53 MB frame refused, a restore); over 60 s on a loaded one.
  }, 180_000);
});

describe('a staged upload', () => {
  it('refuses a chunk out of order, too large or beyond the announced size, and an empty or oversized file, with codes', async () => {
    core = await backupWorld(tempDir(), { backup: { now: () => T0, every: () => () => undefined, restart: () => undefined } });
    const c = core.calls;
    expect(await c.fails('backup.uploadBegin', { fileName: 'tom.db', bytes: 0 })).toMatchObject({ code: 'backup.uploadEmpty' });
    expect(await c.fails('backup.uploadBegin', { fileName: 'stor.db', bytes: RESTORE_UPLOAD_MAX_BYTES + 1 })).toMatchObject({ kind: 'limit', code: 'backup.uploadTooLarge', params: { size: '2048 MB', max: '2048 MB' } });
    expect((await c.ok('backup.uploadBegin', { fileName: 'stor.db', bytes: RESTORE_UPLOAD_MAX_BYTES })).maxBytes).toBe(RESTORE_UPLOAD_MAX_BYTES);

    const { uploadId } = await c.ok('backup.uploadBegin', { fileName: 'lille.db', bytes: 10 });
    const four = Buffer.from('abcd').toString('base64');
    expect(await c.fails('backup.uploadChunk', { uploadId, offset: 5, base64: four })).toMatchObject({ code: 'backup.uploadOutOfOrder', params: { expected: 0, got: 5 } });
    expect((await c.ok('backup.uploadChunk', { uploadId, offset: 0, base64: four })).received).toBe(4);
    // The same chunk again (a retry after a lost answer) is out of order too: the core says where it stands.
    expect(await c.fails('backup.uploadChunk', { uploadId, offset: 0, base64: four })).toMatchObject({ code: 'backup.uploadOutOfOrder', params: { expected: 4, got: 0 } });
    expect(await c.fails('backup.uploadChunk', { uploadId, offset: 4, base64: Buffer.alloc(7).toString('base64') })).toMatchObject({ code: 'backup.uploadOverrun' });
    // Unpadded base64 of 1 MiB + 2 bytes fits the schema's length and is refused by the core.
    const { uploadId: big } = await c.ok('backup.uploadBegin', { fileName: 'stor.db', bytes: 3 * RESTORE_CHUNK_BYTES });
    expect(await c.fails('backup.uploadChunk', { uploadId: big, offset: 0, base64: Buffer.alloc(RESTORE_CHUNK_BYTES + 2).toString('base64') })).toMatchObject({ code: 'backup.uploadChunkTooLarge' });
    // And a restore from an upload that has not all arrived changes nothing.
    await c.ok('backup.uploadChunk', { uploadId: big, offset: 0, base64: Buffer.alloc(1000).toString('base64') });
    expect(await c.fails('backup.restore', { upload: big })).toMatchObject({ code: 'backup.uploadIncomplete' });
  });

  it('refuses a picked file whose header asks for a key derivation that would hold the core for hours, at once', async () => {
    core = await backupWorld(tempDir(), { backup: { now: () => T0, every: () => () => undefined, restart: () => undefined } });
    const files = tempDir('besked-picked-');
    const plain = join(files, 'small.db');
    bigDatabase(plain, 10);
    const salt = randomBytes(16);
    const sealed = join(files, 'small.besked-backup');
    await encryptFile(plain, sealed, { keyId: randomBytes(8).toString('hex'), salt, params: KDF_PARAMS, key: await deriveKey('a b c', salt, KDF_PARAMS) });
    const bytes = readFileSync(sealed);
    // Memory cost and passes as a hostile header would write them (after the magic, version, key id and salt).
    bytes.writeUInt32BE(0xfff_ffff, 33);
    bytes.writeUInt32BE(0xfff_ffff, 37);
    const { uploadId } = await core.calls.ok('backup.uploadBegin', { fileName: 'small.besked-backup', bytes: bytes.length });
    await core.calls.ok('backup.uploadChunk', { uploadId, offset: 0, base64: bytes.toString('base64') });
    const started = Date.now();
    expect(await core.calls.fails('backup.restore', { upload: uploadId, passphrase: 'a b c' })).toMatchObject({ code: 'backup.damaged' });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await core.calls.ok('contacts.list', {})).toMatchObject({ total: 0 });
    // The trail says a restore was asked for, from which upload; never the passphrase it was given.
    const trail = (await core.calls.ok('audit.list', {})).entries.filter((e) => e.call.startsWith('backup.'));
    expect(trail.map((e) => e.call).sort()).toEqual(['backup.restore', 'backup.uploadBegin']);
    expect(trail.find((e) => e.call === 'backup.restore')?.detail).toContain(uploadId);
    expect(trail.map((e) => e.detail).join(' ')).not.toContain('a b c');
  });

  it('is replaced by a second begin, its file removed', async () => {
    core = await backupWorld(tempDir(), { backup: { now: () => T0, every: () => () => undefined, restart: () => undefined } });
    const dir = join(core.dataDir, 'backups');
    const first = await core.calls.ok('backup.uploadBegin', { fileName: 'a.db', bytes: 100 });
    await core.calls.ok('backup.uploadChunk', { uploadId: first.uploadId, offset: 0, base64: Buffer.alloc(50).toString('base64') });
    expect(existsSync(stagedUploadFile(dir, first.uploadId))).toBe(true);
    const second = await core.calls.ok('backup.uploadBegin', { fileName: 'b.db', bytes: 100 });
    expect(existsSync(stagedUploadFile(dir, first.uploadId))).toBe(false);
    expect(existsSync(stagedUploadFile(dir, second.uploadId))).toBe(true);
    expect(await core.calls.fails('backup.uploadChunk', { uploadId: first.uploadId, offset: 50, base64: Buffer.alloc(50).toString('base64') })).toMatchObject({ code: 'backup.uploadGone' });
  });

  it('left unfinished is dropped an hour after its last chunk, and at the next start after a kill', async () => {
    web = await webWorld();
    const b = await bridge(web.server);
    const dir = join(web.dataDir, 'backups');
    const { uploadId } = await b.ok<{ uploadId: string }>('backup.uploadBegin', { fileName: 'a.db', bytes: 100 });
    await b.ok('backup.uploadChunk', { uploadId, offset: 0, base64: Buffer.alloc(50).toString('base64') });
    web.clock.now += RESTORE_UPLOAD_IDLE_MS - 1000;
    web.tick();
    await b.ok('app.info', {});
    expect(existsSync(stagedUploadFile(dir, uploadId))).toBe(true);
    web.clock.now += 2000;
    web.tick();
    await vi.waitFor(() => expect(existsSync(stagedUploadFile(dir, uploadId))).toBe(false));
    expect((await b.send('backup.uploadChunk', { uploadId, offset: 50, base64: Buffer.alloc(50).toString('base64') })).error?.code).toBe('backup.uploadGone');
    await web.server.close();
    await web.host.close();

    // What a killed core leaves: the staged file without the core that knew it.
    mkdirSync(dir, { recursive: true });
    const orphan = stagedUploadFile(dir, ulid());
    writeFileSync(orphan, Buffer.alloc(4096), { mode: 0o600 });
    web = await webWorld(web.dataDir);
    await (await bridge(web.server)).ok('app.info', {});
    expect(existsSync(orphan)).toBe(false);
  });

  it('is refused before a byte is sent where the core cannot restore itself (a running team server)', async () => {
    core = await backupWorld();
    expect(await core.calls.fails('backup.uploadBegin', { fileName: 'besked.db', bytes: 1000 })).toMatchObject({ code: 'backup.restoreAtStart' });
  });
});
