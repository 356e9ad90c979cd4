// Restore (issue 28.2, 28.3, 28.6): the encrypted copy in the second place, the recovery passphrase (confirmed by two
// of its words, changeable with old copies staying readable with the old one), and a restore that checks before it
// changes anything, keeps a safety copy, migrates an older backup forward and restarts the core in place.
import { afterEach, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { databaseAt, LATEST, OLDER, ANNA } from '../foundation/migrations/old-rows';
import { hostWorld, removeTempDirs, tempDir, type HostWorld } from './helpers';

let w: HostWorld | null = null;
afterEach(async () => {
  await w?.host.close().catch(() => undefined);
  w = null;
  removeTempDirs();
});

const MARK = 'Zebrafinch';

async function withPassphrase(world: HostWorld): Promise<string> {
  const p = await world.calls.ok('backup.newPassphrase', {});
  expect(p.words).toHaveLength(10);
  const [a, b] = p.askFor;
  const wrong = await world.calls.fails('backup.confirmPassphrase', { words: [p.words[a]!, p.words[b]! + 'x'] });
  expect(wrong.code).toBe('backup.confirmMismatch');
  await world.calls.ok('backup.confirmPassphrase', { words: [p.words[a]!.toUpperCase(), ` ${p.words[b]!} `] });
  return p.words.join(' ');
}

const contactCount = async (world: HostWorld) => (await world.calls.ok('contacts.list', {})).total;
/** A picked file as the window sends it: staged in the core chunk by chunk, then named by its upload id. */
async function staged(world: HostWorld, path: string): Promise<string> {
  const bytes = readFileSync(path);
  const { uploadId, chunkBytes } = await world.calls.ok('backup.uploadBegin', { fileName: path.split('/').pop()!, bytes: bytes.length });
  for (let offset = 0; offset < bytes.length; offset += chunkBytes) {
    await world.calls.ok('backup.uploadChunk', { uploadId, offset, base64: bytes.subarray(offset, offset + chunkBytes).toString('base64') });
  }
  return uploadId;
}

describe('the second place', () => {
  it('gets an encrypted, checked copy once there is a passphrase; says when the folder is missing', async () => {
    w = await hostWorld();
    const place = tempDir('besked-usb-');
    await w.calls.ok('contacts.create', { phone: '+4520000001', firstName: MARK });
    let s = await w.calls.ok('backup.configure', { secondPlace: place });
    expect(s.secondPlace.path).toBe(place);
    w.clock.now += 60_000;
    await w.calls.ok('backup.now', {});
    s = await w.calls.ok('backup.status', {});
    expect(s.secondPlace.problem).toBe('noPassphrase');

    await withPassphrase(w);
    w.clock.now += 60_000;
    const entry = await w.calls.ok('backup.now', {});
    expect(entry.copiedAt).not.toBeNull();
    const copies = readdirSync(place).filter((f) => f.endsWith('.besked-backup'));
    expect(copies).toHaveLength(1);
    const bytes = readFileSync(join(place, copies[0]!));
    expect(bytes.subarray(0, 8).toString()).toBe('BESKEDBK');
    expect(bytes.toString('latin1')).not.toContain(MARK);
    expect(bytes.toString('latin1')).not.toContain('SQLite format 3');

    await w.calls.ok('backup.configure', { secondPlace: join(place, 'unplugged') });
    w.clock.now += 60_000;
    await w.calls.ok('backup.now', {});
    s = await w.calls.ok('backup.status', {});
    expect(s.secondPlace.problem).toBe('missing');
    expect(s.offsiteOverdue).toBe(false);
    w.clock.now += 3 * 86_400_000 + 60_000;
    expect((await w.calls.ok('backup.status', {})).offsiteOverdue).toBe(true);
  });
});

describe('a restore', () => {
  it('from the list: keeps a safety copy, swaps the data in and restarts the core in place', async () => {
    w = await hostWorld();
    await w.calls.ok('contacts.create', { phone: '+4520000001', firstName: 'Before' });
    w.clock.now += 60_000;
    const backup = await w.calls.ok('backup.now', {});
    await w.calls.ok('contacts.create', { phone: '+4520000002', firstName: 'After' });
    expect(await contactCount(w)).toBe(2);
    const coreBefore = w.host.core();

    w.clock.now += 60_000;
    const r = await w.calls.ok('backup.restore', { id: backup.id });
    expect(r.takenAt).toBe(backup.takenAt);
    await w.settled();
    expect(w.host.core()).not.toBe(coreBefore);
    expect(await contactCount(w)).toBe(1);
    const steps = w.events.filter((e) => e.name === 'backup.restoreProgress').map((e) => (e.payload as { step: string }).step);
    expect(steps).toEqual(['read', 'verify', 'safetyCopy', 'migrate', 'neverTwice', 'swap']);
    // The safety copy holds the data as it was before the restore.
    const s = await w.calls.ok('backup.status', {});
    const safety = s.entries.find((e) => e.id === r.safetyCopy);
    expect(safety).toMatchObject({ reason: 'restore', ok: true, counts: { contacts: 2 } });
  });

  it('refuses a flipped byte in an encrypted copy, and a wrong passphrase, before anything changes', async () => {
    w = await hostWorld();
    const place = tempDir('besked-usb-');
    const passphrase = await withPassphrase(w);
    await w.calls.ok('backup.configure', { secondPlace: place });
    await w.calls.ok('contacts.create', { phone: '+4520000001', firstName: 'One' });
    w.clock.now += 60_000;
    await w.calls.ok('backup.now', {});
    await w.calls.ok('contacts.create', { phone: '+4520000002', firstName: 'Two' });
    const copy = join(place, readdirSync(place).find((f) => f.endsWith('.besked-backup'))!);
    const entriesBefore = (await w.calls.ok('backup.status', {})).entries.length;

    const wrong = await w.calls.fails('backup.restore', { upload: await staged(w, copy), passphrase: 'apple banana cherry' });
    expect(wrong.code).toBe('backup.wrongPassphrase');

    const bytes = readFileSync(copy);
    bytes[Math.floor(bytes.length / 2)]! ^= 0x01;
    const flipped = join(tempDir(), 'flipped.besked-backup');
    writeFileSync(flipped, bytes);
    const damaged = await w.calls.fails('backup.restore', { upload: await staged(w, flipped), passphrase });
    expect(damaged.code).toBe('backup.damaged');

    // Nothing changed: the same data, no safety copy taken, nothing left behind.
    expect(await contactCount(w)).toBe(2);
    expect((await w.calls.ok('backup.status', {})).entries).toHaveLength(entriesBefore);
    expect(readdirSync(join(w.dataDir, 'backups')).filter((f) => f.includes('partial'))).toEqual([]);

    // The intact copy restores with the passphrase alone (as on a new PC).
    await w.calls.ok('backup.restore', { upload: await staged(w, copy), passphrase: passphrase.toUpperCase() });
    await w.settled();
    expect(await contactCount(w)).toBe(1);
  });

  it('after the passphrase changes, opens older copies with the old passphrase only, and says there is an older one', async () => {
    w = await hostWorld();
    const place = tempDir('besked-usb-');
    const first = await withPassphrase(w);
    await w.calls.ok('backup.configure', { secondPlace: place });
    w.clock.now += 60_000;
    await w.calls.ok('backup.now', {});
    const oldCopy = join(place, readdirSync(place).find((f) => f.endsWith('.besked-backup'))!);
    const second = await withPassphrase(w);
    const s = await w.calls.ok('backup.status', {});
    expect(s.passphrase.oldKeyIds).toHaveLength(1);
    expect((await w.calls.fails('backup.restore', { upload: await staged(w, oldCopy), passphrase: second })).code).toBe('backup.wrongPassphrase');
    await w.calls.ok('backup.restore', { upload: await staged(w, oldCopy), passphrase: first });
    await w.settled();
  });

  it('refuses a backup from a newer Besked, and a file that is not a backup, changing nothing', async () => {
    w = await hostWorld();
    const dir = tempDir();
    const newer = join(dir, 'newer.db');
    databaseAt(newer, LATEST);
    const Database = (await import('better-sqlite3')).default;
    const db = new Database(newer);
    db.pragma(`user_version = ${LATEST + 1}`);
    db.close();
    expect((await w.calls.fails('backup.restore', { upload: await staged(w, newer) })).code).toBe('backup.newerSchema');
    const junk = join(dir, 'junk.db');
    writeFileSync(junk, 'not a database at all'.repeat(100));
    expect((await w.calls.fails('backup.restore', { upload: await staged(w, junk) })).code).toBe('backup.unusable');
  });

  it.each(OLDER)('of a backup at schema %i migrates it forward and starts on it', async (v) => {
    w = await hostWorld();
    const file = join(tempDir(), `at-${v}.db`);
    databaseAt(file, v);
    await w.calls.ok('backup.restore', { upload: await staged(w, file) });
    await w.settled();
    const core = w.host.core()!;
    expect(core.db.pragma('user_version', { simple: true })).toBe(LATEST);
    if (v >= 2) expect(core.db.prepare('SELECT count(*) FROM contacts WHERE msisdn = ?').pluck().get(ANNA)).toBe(1);
    expect((await w.calls.ok('backup.status', {})).entries.some((e) => e.reason === 'restore')).toBe(true);
  });
});

describe('a server restore (--restore FILE)', () => {
  it('restores an encrypted copy with its passphrase before the server starts, keeping a safety copy; a wrong one changes nothing', async () => {
    const { restoreAtStart } = await import('../../../src-main/core/backup/restore-at-start');
    const { openDatabase } = await import('../../../src-main/core/db/database');
    w = await hostWorld();
    const place = tempDir('besked-usb-');
    const passphrase = await withPassphrase(w);
    await w.calls.ok('backup.configure', { secondPlace: place });
    await w.calls.ok('contacts.create', { phone: '+4520000001', firstName: 'One' });
    w.clock.now += 60_000;
    await w.calls.ok('backup.now', {});
    await w.host.close();
    const copy = join(place, readdirSync(place).find((f) => f.endsWith('.besked-backup'))!);

    // A new server's folder that already has data of its own.
    const serverDir = tempDir('besked-server-');
    const own = openDatabase(join(serverDir, 'besked.db'));
    own.prepare("INSERT INTO sync_state (key, value) VALUES ('mine', 'yes')").run();
    own.close();
    await expect(restoreAtStart({ dataDir: serverDir, file: copy, passphrase: 'wrong words', now: () => w!.clock.now })).rejects.toMatchObject({ code: 'backup.wrongPassphrase' });
    await expect(restoreAtStart({ dataDir: serverDir, file: copy, now: () => w!.clock.now })).rejects.toMatchObject({ code: 'backup.passphraseNeeded' });
    let db = openDatabase(join(serverDir, 'besked.db'));
    expect(db.prepare("SELECT value FROM sync_state WHERE key = 'mine'").pluck().get()).toBe('yes');
    db.close();

    const r = await restoreAtStart({ dataDir: serverDir, file: copy, passphrase, now: () => w!.clock.now });
    expect(r.safetyCopy).toMatch(/-restore\.db$/);
    db = openDatabase(join(serverDir, 'besked.db'));
    expect(db.prepare('SELECT count(*) FROM contacts').pluck().get()).toBe(1);
    expect(db.prepare("SELECT value FROM sync_state WHERE key = 'mine'").pluck().get()).toBeUndefined();
    db.close();
    w = null;
  });
});
