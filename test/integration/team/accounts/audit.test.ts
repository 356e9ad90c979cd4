// The audit trail: audited calls written with who, when, from where and what, secrets removed; refusals of a role
// recorded; SQLite refusing any change to an entry; newest first with filters and paging; the CSV export; and one PC.
import { afterEach, describe, expect, it } from 'vitest';
import { startTestCore, type TestCore } from '../../campaigns/helpers';
import { auditRows, OWNER_PASSWORD, startTeamCore, type TeamCore } from './helpers';

let t: TeamCore | null = null;
let single: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  await single?.close();
  t = single = null;
});

const GATEWAY_TOKEN = 'gw-secret-token-0123456789';

describe('the audit trail', () => {
  it('records who did what from where, with the secrets removed, and a staff user refused an owner’s call', async () => {
    t = await startTeamCore();
    const owner = await t.owner();
    const bo = await t.staff('Bo', '192.168.1.31');
    await t.ok(owner, 'settings.setToken', { platform: 'default', token: GATEWAY_TOKEN });
    await t.fails(bo, 'contacts.export', { selection: { ids: [1] }, format: 'csv' });
    await t.fails(bo, 'settings.setToken', { platform: 'default', token: GATEWAY_TOKEN });

    const rows = auditRows(t);
    const text = JSON.stringify(rows);
    for (const secret of [GATEWAY_TOKEN, OWNER_PASSWORD, 'personalets-kode-2']) expect(text).not.toContain(secret);
    expect(rows.map((r) => [r.call, r.user_name, r.outcome])).toEqual([
      ['team.setupOwner', 'Anna', 'ok'],
      ['team.invite', 'Anna', 'ok'],
      ['team.acceptInvitation', 'Bo', 'ok'],
      ['settings.setToken', 'Anna', 'ok'],
      ['contacts.export', 'Bo', 'refused'],
      ['settings.setToken', 'Bo', 'refused'],
    ]);
    expect(rows[3]).toMatchObject({ action: 'settings', role: 'owner', address: '192.168.1.10', detail: '{"platform":"default","token":"[removed]"}', error: null });
    expect(rows[2]).toMatchObject({ detail: expect.stringContaining('"password":"[removed]"'), address: '192.168.1.31' });
    expect(rows[2]!.detail).toContain('"code":"[removed]"');
    expect(rows[4]).toMatchObject({ action: 'export', role: 'staff', address: '192.168.1.31', error: expect.stringContaining('Only the shop') });
    expect(rows.every((r) => r.at === new Date(t!.clock.now).toISOString())).toBe(true);
  });

  it('cannot be changed or deleted, even with SQL on the database', async () => {
    t = await startTeamCore();
    await t.owner();
    const db = t.test.core.db;
    expect(() => db.prepare("UPDATE audit_log SET user_name = 'Mallory'").run()).toThrow(/audit trail cannot be changed/);
    expect(() => db.prepare('DELETE FROM audit_log').run()).toThrow(/audit trail cannot be changed/);
    expect(auditRows(t).map((r) => r.user_name)).toEqual(['Anna']);
    // And the contract has no call that edits it.
    expect(Object.keys((await import('../../../../src-shared/contract')).calls).filter((n) => n.startsWith('audit.'))).toEqual(['audit.list', 'audit.export', 'audit.verify']);
  });

  it('lists newest first, pages by id, and filters by user, action and time; only owners read it', async () => {
    t = await startTeamCore();
    const owner = await t.owner();
    const bo = await t.staff('Bo');
    t.clock.now += 60_000;
    const noon = new Date(t.clock.now).toISOString();
    for (let i = 0; i < 3; i++) await t.fails(bo, 'contacts.export', { selection: { ids: [1] }, format: 'csv' });
    expect((await t.fails(bo, 'audit.list', {})).code).toBe('team.notAllowed');

    const first = await t.ok(owner, 'audit.list', { limit: 4 });
    expect(first.more).toBe(true);
    expect(first.entries.map((e) => e.id)).toEqual([6, 5, 4, 3]);
    const rest = await t.ok(owner, 'audit.list', { limit: 4, before: 3 });
    expect(rest).toMatchObject({ more: false });
    expect(rest.entries.map((e) => e.call)).toEqual(['team.invite', 'team.setupOwner']);

    const byBo = await t.ok(owner, 'audit.list', { userId: bo.caller.user!.id });
    expect(byBo.entries.map((e) => e.call)).toEqual(['contacts.export', 'contacts.export', 'contacts.export', 'team.acceptInvitation']);
    expect((await t.ok(owner, 'audit.list', { action: 'export' })).entries).toHaveLength(3);
    expect((await t.ok(owner, 'audit.list', { from: noon })).entries).toHaveLength(3);
    expect((await t.ok(owner, 'audit.list', { to: new Date(Date.parse(noon) - 1).toISOString() })).entries).toHaveLength(3);
    expect((await t.fails(owner, 'audit.list', { from: 'last tuesday' })).code).toBe('audit.badTime');
  });

  it('exports the filtered trail as CSV with a BOM and formula-looking cells defused', async () => {
    t = await startTeamCore();
    const owner = await t.owner();
    const sneaky = await t.staff('=HYPERLINK("x")');
    await t.fails(sneaky, 'contacts.export', { selection: { ids: [1] }, format: 'csv' });
    const file = await t.ok(owner, 'audit.export', { userId: sneaky.caller.user!.id });
    expect(file.fileName).toBe('besked-audit-2026-11-25.csv');
    const text = Buffer.from(file.base64, 'base64').toString('utf8');
    expect(text.startsWith('\ufeffid,at,user,role,address,action,call,detail,outcome,error\r\n')).toBe(true);
    const lines = text.split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toMatch(/^chain,2026-11-25T[\d:.]+Z,verified: all \d+ entries of the trail are unbroken$/);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")",staff,192.168.1.30,export,contacts.export`);
    expect(text).not.toContain('personalets-kode-2');
    // The export itself is in the trail.
    expect(auditRows(t).at(-1)).toMatchObject({ call: 'audit.export', action: 'export', user_name: 'Anna', outcome: 'ok' });
  });
});

describe('one PC', () => {
  it('keeps the trail too, under "This PC"', async () => {
    single = await startTestCore();
    await single.ok('settings.setToken', { platform: 'default', token: GATEWAY_TOKEN });
    const { entries } = await single.ok('audit.list', {});
    expect(entries).toEqual([
      expect.objectContaining({ userId: null, userName: 'This PC', role: null, address: 'this PC', call: 'settings.setToken', detail: '{"platform":"default","token":"[removed]"}' }),
    ]);
  });
});
