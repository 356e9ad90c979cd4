// Calls that arrive at the same moment (two windows, a timer and a click): two backups, and a backup beside a
// restore. Each is taken whole, one at a time; nothing half-written is listed; the restore keeps its safety copy and
// starts on the backup it was asked for.
import { afterEach, describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { hostWorld, removeTempDirs, type HostWorld } from './helpers';

let w: HostWorld | null = null;
afterEach(async () => {
  await w?.host.close().catch(() => undefined);
  w = null;
  removeTempDirs();
});

const halfWritten = (dataDir: string) => readdirSync(join(dataDir, 'backups')).filter((n) => n.includes('.partial') || n.startsWith('restore-'));

describe('backups asked for at the same moment', () => {
  it('are each taken whole, one after the other', async () => {
    w = await hostWorld();
    await w.calls.ok('contacts.create', { phone: '+4520000001', firstName: 'One' });
    const [a, b] = await Promise.all([w.calls.ok('backup.now', {}), w.calls.ok('backup.now', {})]);
    expect(a.ok && b.ok).toBe(true);
    const s = await w.calls.ok('backup.status', {});
    expect(s.running).toBe(false);
    expect(s.entries.length).toBeGreaterThanOrEqual(1);
    for (const e of s.entries) expect(e).toMatchObject({ ok: true, counts: { contacts: 1 } });
    expect(halfWritten(w.dataDir)).toEqual([]);
  });

  it('beside a restore: the backup is whole, the restore keeps its safety copy and starts on the backup asked for', async () => {
    w = await hostWorld();
    await w.calls.ok('contacts.create', { phone: '+4520000001', firstName: 'One' });
    w.clock.now += 60_000;
    const older = await w.calls.ok('backup.now', {});
    await w.calls.ok('contacts.create', { phone: '+4520000002', firstName: 'Two' });
    w.clock.now += 60_000;
    const [now, restored] = await Promise.all([w.calls.ok('backup.now', {}), w.calls.ok('backup.restore', { id: older.id })]);
    await w.settled();
    expect(now).toMatchObject({ ok: true, counts: { contacts: 2 } });
    expect(restored.safetyCopy).not.toBeNull();
    const s = await w.calls.ok('backup.status', {});
    expect(s.entries.find((e) => e.id === restored.safetyCopy)).toMatchObject({ ok: true, reason: 'restore', counts: { contacts: 2 } });
    // The restored data: the older backup's one contact.
    expect((await w.calls.ok('contacts.list', {})).total).toBe(1);
    expect(halfWritten(w.dataDir)).toEqual([]);
  });
});
