// The audit trail is tamper-evident (issue 26.11): every entry chains to the one before by hash, so a row forged with
// SQL, a row changed or removed after dropping the triggers, and the newest rows removed are each reported by
// audit.verify (with the first broken entry), by the CSV export's last line, and in the log when the core starts.
import { afterEach, describe, expect, it } from 'vitest';
import { createAuditModule } from '../../../../src-main/core/audit';
import type { Logger } from '../../../../src-main/core/log';
import { auditRows, startTeamCore, type TeamCore } from './helpers';

let t: TeamCore | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

/** A trail of a few entries, made through the contract by the owner and a colleague. */
async function trail() {
  t = await startTeamCore();
  const owner = await t.owner();
  await t.staff('Bo');
  await t.ok(owner, 'settings.update', { language: 'da' });
  return { tc: t, owner, db: t.test.core.db };
}
const lastLine = (base64: string) => Buffer.from(base64, 'base64').toString('utf8').split('\r\n').at(-1)!;

describe('the audit chain', () => {
  it('verifies an untouched trail, and each new entry chains to the one before', async () => {
    const { tc, owner } = await trail();
    const rows = auditRows(tc);
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(new Set(rows.map((r) => r.hash)).size).toBe(rows.length);
    expect(await tc.ok(owner, 'audit.verify', {})).toEqual({ ok: true, entries: rows.length, checkedAt: expect.any(String), broken: null });
  });

  it('reports a row inserted at SQL level, without a hash or with a made-up one', async () => {
    const { tc, owner, db } = await trail();
    const forged = db
      .prepare("INSERT INTO audit_log (at, user_id, user_name, role, address, action, call, detail, outcome) VALUES (?, 1, 'Anna', 'owner', 'this PC', 'users', 'team.remove', '{}', 'ok')")
      .run(new Date(tc.clock.now).toISOString()).lastInsertRowid;
    expect(await tc.ok(owner, 'audit.verify', {})).toMatchObject({ ok: false, broken: { id: Number(forged), reason: 'mismatch' } });
    const file = await tc.ok(owner, 'audit.export', {});
    expect(lastLine(file.base64)).toContain(`BROKEN at entry ${forged}`);
  });

  it('reports a row changed after the triggers were dropped, and the trail cut short', async () => {
    const { tc, owner, db } = await trail();
    const { id: target, user_name: name } = auditRows(tc)[1] as { id: number; user_name: string };
    db.exec('DROP TRIGGER audit_log_no_update; DROP TRIGGER audit_log_no_delete');
    db.prepare("UPDATE audit_log SET user_name = 'Mallory' WHERE id = ?").run(target);
    expect(await tc.ok(owner, 'audit.verify', {})).toMatchObject({ ok: false, entries: target, broken: { id: target, reason: 'mismatch' } });

    // Put back as it was: verified again; then the newest entries removed.
    db.prepare('UPDATE audit_log SET user_name = ? WHERE id = ?').run(name, target);
    expect((await tc.ok(owner, 'audit.verify', {})).ok).toBe(true);
    const last = auditRows(tc).at(-1)!.id as number;
    db.prepare('DELETE FROM audit_log WHERE id >= ?').run(last - 1);
    expect(await tc.ok(owner, 'audit.verify', {})).toMatchObject({ ok: false, broken: { id: last - 1, at: null, reason: 'newestMissing' } });
  });

  it('reports a row removed from the middle', async () => {
    const { tc, owner, db } = await trail();
    const rows = auditRows(tc);
    db.exec('DROP TRIGGER audit_log_no_delete');
    db.prepare('DELETE FROM audit_log WHERE id = ?').run(rows[1]!.id);
    expect(await tc.ok(owner, 'audit.verify', {})).toMatchObject({ ok: false, broken: { id: rows[2]!.id, reason: 'mismatch' } });
  });

  it('is verified when the core starts, and a break is logged', async () => {
    const { db } = await trail();
    const said: { level: string; msg: string; data?: Record<string, unknown> }[] = [];
    const log: Logger = {
      info: (msg, data) => said.push({ level: 'info', msg, ...(data ? { data } : {}) }),
      warn: (msg, data) => said.push({ level: 'warn', msg, ...(data ? { data } : {}) }),
      error: (msg, data) => said.push({ level: 'error', msg, ...(data ? { data } : {}) }),
      addSecret: () => undefined,
    };
    createAuditModule({ db, log });
    expect(said).toEqual([{ level: 'info', msg: 'audit trail verified', data: { entries: expect.any(Number) } }]);
    db.prepare("INSERT INTO audit_log (at, user_name, address, action, call, detail, outcome) VALUES ('2026-11-25T09:00:00.000Z', 'x', 'x', 'users', 'team.remove', '{}', 'ok')").run();
    said.length = 0;
    createAuditModule({ db, log });
    expect(said).toMatchObject([{ level: 'error', msg: expect.stringContaining('audit trail is broken'), data: { reason: 'mismatch' } }]);
  });
});
