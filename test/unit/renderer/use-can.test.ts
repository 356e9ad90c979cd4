// useCan answers from the contract's own rules (callRules with allows): on one PC and before a core has answered,
// every call; on a server, an owner every call, staff the staff and anyone calls, and no one signed in only the
// anyone calls. Table-driven over every call of the contract, and through the team store's standing.
import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { callRules, type CallName, type TeamStatus } from '../../../src-shared/contract';
import { canCall, useCan } from '../../../src-renderer/composables/useCan';
import { useTeamStore } from '../../../src-renderer/stores/team';
import { installFakeBesked } from './support/fake-besked';

const names = Object.keys(callRules) as CallName[];
const server = (me: TeamStatus['me']): TeamStatus => ({ kind: 'server', setupNeeded: false, me, serverName: 'Salon', language: 'system' });

/** Who may make each call, by the rule's `who`, as the issue states it. */
const expected = {
  local: { anyone: true, staff: true, owner: true },
  owner: { anyone: true, staff: true, owner: true },
  staff: { anyone: true, staff: true, owner: false },
  none: { anyone: true, staff: false, owner: false },
} as const;

describe('canCall', () => {
  it.each([
    ['one PC', 'local', expected.local],
    ['an owner', 'owner', expected.owner],
    ['staff', 'staff', expected.staff],
    ['no one signed in', null, expected.none],
  ] as const)('%s: every call of the contract by its rule', (_, standing, table) => {
    for (const name of names) expect([name, canCall(name, standing)]).toEqual([name, table[callRules[name].who]]);
  });

  it('keeps the owner’s calls from staff: the token, limits, bulk delete, exports, automations, refunds, users, audit', () => {
    const ownerOnly: CallName[] = [
      'settings.setToken',
      'settings.update',
      'contacts.delete',
      'contacts.export',
      'automations.update',
      'account.refund',
      'account.keywordCreate',
      'team.invite',
      'audit.list',
    ];
    expect(ownerOnly.filter((n) => canCall(n, 'staff'))).toEqual([]);
    expect(ownerOnly.filter((n) => !canCall(n, 'owner'))).toEqual([]);
    expect(['contacts.list', 'campaigns.send', 'inbox.reply'].every((n) => canCall(n as CallName, 'staff'))).toBe(true);
  });
});

describe('useCan over the team store', () => {
  beforeEach(() => setActivePinia(createPinia()));

  it.each([
    ['before team.status answered', null, true, true],
    ['one PC', { kind: 'single', setupNeeded: false, me: null, serverName: 'Besked', language: 'system' } as TeamStatus, true, true],
    ['a server, an owner signed in', server({ id: 1, name: 'Anna', role: 'owner' }), true, true],
    ['a server, staff signed in', server({ id: 2, name: 'Bo', role: 'staff' }), false, true],
    ['a server, no one signed in', server(null), false, false],
  ] as const)('%s', async (_, status, ownerCall, staffCall) => {
    if (status) {
      installFakeBesked({ 'team.status': () => status });
      await useTeamStore().load();
    }
    const can = useCan();
    expect([can('contacts.delete'), can('contacts.list'), can('team.signIn')]).toEqual([ownerCall, staffCall, true]);
  });
});
