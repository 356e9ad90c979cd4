// The dispatcher enforces the contract's own role table: every call, made as an owner, a staff user, no one signed in
// and this PC, runs exactly when callRules allows it, and a refusal reads no input, runs nothing and says why.
import { describe, expect, it } from 'vitest';
import { callRules, calls, type CallName } from '../../../src-shared/contract';
import { createDispatcher, type AuditedCall, type Handlers } from '../../../src-main/core/dispatch';
import { createLogger } from '../../../src-main/core/log';
import { currentCaller, LOCAL_CALLER, type Caller } from '../../../src-main/core/team/caller';
import { allows, type Standing } from '../../../src-shared/team/access';

const names = Object.keys(calls) as CallName[];
const ran: { name: string; caller: Caller }[] = [];
// Every handler records that it ran and as whom; the input it would get is not the point here.
const handlers = Object.fromEntries(names.map((n) => [n, () => (ran.push({ name: n, caller: currentCaller() }), 'ran')])) as unknown as Handlers;
const audited: AuditedCall[] = [];
// Input is not validated for this test's purpose: a refusal must come before parsing, so any input shows it.
const dispatch = createDispatcher(handlers, { log: createLogger({ level: 'error' }), audit: async (e) => void audited.push(e) });

const callers: Record<'owner' | 'staff' | 'local', Caller> = {
  owner: { kind: 'remote', user: { id: 1, name: 'Anna', role: 'owner' }, sessionId: 's1', connectionId: 'c1', address: '10.0.0.2' },
  staff: { kind: 'remote', user: { id: 2, name: 'Bo', role: 'staff' }, sessionId: 's2', connectionId: 'c2', address: '10.0.0.3' },
  local: LOCAL_CALLER,
};
const nobody: Caller = { kind: 'remote', user: null, sessionId: null, connectionId: 'c3', address: '10.0.0.4' };

describe('the role table', () => {
  it('declares a rule for every call and no other', () => {
    expect(new Set(Object.keys(callRules))).toEqual(new Set(names));
  });

  it('keeps the token, limits, users, bulk deletes and exporting all contacts for owners', () => {
    for (const n of ['settings.setToken', 'settings.update', 'team.invite', 'team.remove', 'contacts.delete', 'contacts.export', 'audit.list'] as const)
      expect(callRules[n].who, n).toBe('owner');
    for (const n of ['contacts.update', 'campaigns.send', 'inbox.reply', 'compose.preview'] as const) expect(callRules[n].who, n).toBe('staff');
  });

  for (const [standing, caller] of [...Object.entries(callers), ['nobody', nobody]] as [string, Caller][]) {
    it(`answers every call as ${standing} exactly as the table says`, async () => {
      const s: Standing = standing === 'local' ? 'local' : standing === 'nobody' ? null : (standing as Standing);
      for (const name of names) {
        ran.length = 0;
        audited.length = 0;
        // `{}` is a valid input for some calls and not for others: allowed calls may still be refused as invalid,
        // but only with kind validation, and a refused call never reaches the validation.
        const result = await dispatch(name, { __probe: 1 }, caller);
        const allowed = allows(callRules[name].who, s);
        if (allowed) {
          expect(result.ok ? 'ok' : result.error.kind, name).not.toBe('auth');
        } else {
          expect(result.ok, name).toBe(false);
          if (!result.ok) {
            expect(result.error.kind, name).toBe('auth');
            expect(result.error.code, name).toBe(s === null ? 'team.signInNeeded' : 'team.notAllowed');
          }
          expect(ran, name).toEqual([]);
          // A signed-in user's refused attempt at an audited call is in the trail; no one's is not (it would let
          // anyone on the network fill it).
          expect(audited.length, name).toBe(callRules[name].audit && caller.user ? 1 : 0);
        }
      }
    });
  }

  it('runs a handler as its caller and audits an allowed audited call with its outcome', async () => {
    ran.length = 0;
    audited.length = 0;
    const r = await dispatch('team.signOutEverywhere', {}, callers.staff);
    expect(r).toEqual({ ok: true, value: 'ran' });
    expect(ran[0]?.caller).toBe(callers.staff);
    const r2 = await dispatch('campaigns.send', { id: 3, liveAcknowledged: true }, callers.staff);
    expect(r2.ok).toBe(true);
    expect(audited).toEqual([expect.objectContaining({ call: 'campaigns.send', action: 'send', outcome: 'ok', caller: callers.staff })]);
  });

  it('treats a call without a caller as this PC\'s own window', async () => {
    ran.length = 0;
    const r = await dispatch('settings.setToken', { platform: 'com', token: 'x'.repeat(40) });
    expect(r.ok ? 'ok' : r.error.kind).not.toBe('auth');
  });
});
