// Backups on disk (issue 28.1, 28.3–28.5): written by SQLite's online backup, checked read-only with counts in a
// manifest, without sessions, invitation links or the API token; taken at start, daily and before a migration.
import { afterEach, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openDatabase } from '../../../src-main/core/db/database';
import { migrations } from '../../../src-main/core/db/migrations';
import { backupWorld, DAY, HOUR, removeTempDirs, tempDir, type BackupWorld } from './helpers';

let w: BackupWorld | null = null;
afterEach(async () => {
  await w?.close().catch(() => undefined);
  w = null;
  removeTempDirs();
});

const backupsOf = (dataDir: string) => readdirSync(join(dataDir, 'backups'));

async function settled(world: BackupWorld) {
  for (let i = 0; i < 200 && (await world.calls.ok('backup.status', {})).running; i++) await new Promise((r) => setTimeout(r, 20));
}

describe('a backup', () => {
  it('is checked with its counts, leaves out sessions and invitation links, keeps password hashes, and never holds the token', async () => {
    w = await backupWorld();
    await settled(w);
    const token = 'tok-' + 'S3CRET'.repeat(4);
    await w.vault.set('default', token);
    for (const phone of ['+4520000001', '+4520000002', '+4520000003']) await w.calls.ok('contacts.create', { phone, firstName: 'A' });
    const at = new Date(w.clock.now).toISOString();
    w.core.db.prepare("INSERT INTO team_users (id, name, name_key, role, password_hash, created_at) VALUES (1, 'Ejer', 'ejer', 'owner', 'argon2id-HASH-KEPT-1', ?)").run(at);
    w.core.db.prepare("INSERT INTO team_sessions (id, user_id, created_at, last_seen_at, expires_at, address) VALUES ('SESSION-HASH-GONE-1', 1, ?, ?, ?, '127.0.0.1')").run(at, at, at);
    w.core.db
      .prepare("INSERT INTO team_invitations (code_hash, kind, role, name, created_at, expires_at) VALUES ('INVITE-HASH-GONE-1', 'invite', 'staff', 'Ny', ?, ?)")
      .run(at, at);

    w.clock.now += HOUR;
    const entry = await w.calls.ok('backup.now', {});
    expect(entry).toMatchObject({ ok: true, reason: 'manual', problem: null, counts: { contacts: 3, campaigns: 0, messages: 0 } });
    expect(entry.counts!.consentEntries).toBeGreaterThanOrEqual(0);
    expect(entry.takenAt).toBe(new Date(w.clock.now).toISOString());

    const file = join(w.dataDir, 'backups', entry.id);
    const bytes = readFileSync(file).toString('latin1');
    expect(bytes).not.toContain(token);
    expect(bytes).not.toContain('SESSION-HASH-GONE-1');
    expect(bytes).not.toContain('INVITE-HASH-GONE-1');
    expect(bytes).toContain('argon2id-HASH-KEPT-1');
    const copy = new Database(file, { readonly: true });
    expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
    expect(copy.prepare('SELECT count(*) FROM contacts').pluck().get()).toBe(3);
    copy.close();
    // The live database still has them: only the copy leaves them out.
    expect(w.core.db.prepare('SELECT count(*) FROM team_sessions').pluck().get()).toBe(1);

    const manifest = JSON.parse(readFileSync(file.replace(/\.db$/, '.json'), 'utf8')) as { counts: unknown; schemaVersion: number };
    expect(manifest.schemaVersion).toBe(migrations.length);
    expect(backupsOf(w.dataDir).filter((f) => f.endsWith('.partial'))).toEqual([]);
  });

  it('is taken at start when none is a day old, and while running once the last one turns a day old', async () => {
    w = await backupWorld();
    await settled(w);
    let s = await w.calls.ok('backup.status', {});
    expect(s.entries.map((e) => e.reason)).toEqual(['start']);
    w.clock.now += 12 * HOUR;
    w.tick();
    await settled(w);
    expect((await w.calls.ok('backup.status', {})).entries).toHaveLength(1);
    w.clock.now += 13 * HOUR;
    w.tick();
    await settled(w);
    s = await w.calls.ok('backup.status', {});
    expect(s.entries.map((e) => e.reason)).toEqual(['daily', 'start']);
    // A restart within the day takes none.
    w.clock.now += HOUR;
    await w.restart();
    await settled(w);
    expect((await w.calls.ok('backup.status', {})).entries).toHaveLength(2);
    w.clock.now += DAY;
    await w.restart();
    await settled(w);
    expect((await w.calls.ok('backup.status', {})).entries.map((e) => e.reason)).toEqual(['start', 'daily', 'start']);
  });

  it('is taken before a migration, at the old schema version', async () => {
    const dataDir = tempDir();
    const old = openDatabase(join(dataDir, 'besked.db'), { migrations: migrations.slice(0, 12) });
    old.close();
    w = await backupWorld(dataDir);
    await settled(w);
    const entries = (await w.calls.ok('backup.status', {})).entries;
    const upgrade = entries.find((e) => e.reason === 'upgrade');
    expect(upgrade).toMatchObject({ ok: true, schemaVersion: 12 });
  });

  it('is not taken before opening a new database or one already at the latest version', async () => {
    const dataDir = tempDir();
    w = await backupWorld(dataDir);
    await settled(w);
    await w.restart();
    await settled(w);
    expect((await w.calls.ok('backup.status', {})).entries.some((e) => e.reason === 'upgrade')).toBe(false);
  });
});
