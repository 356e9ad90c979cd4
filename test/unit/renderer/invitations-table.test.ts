// @vitest-environment happy-dom
// The owner's list of open links (issue 26.3): what each link is for, whom and which role, who made it and when,
// until when it works, in English and Danish; withdrawing one asks first and calls team.revokeInvitation; a link
// the core stopped honouring (its maker was demoted) leaves the list when team.changed arrives.
import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia, type Pinia } from 'pinia';
import { flushPromises } from '@vue/test-utils';
import type { Invitation } from '../../../src-shared/contract';
import InvitationsTable from '../../../src-renderer/components/team/InvitationsTable.vue';
import { useTeamStore } from '../../../src-renderer/stores/team';
import { installFakeBesked, type FakeBesked } from './support/fake-besked';
import { mountView } from './support/mount-view';
import { invitation } from './support/team-fixtures';



let besked: FakeBesked;
let pinia: Pinia;
let open: Invitation[];
beforeEach(async () => {
  document.body.innerHTML = '';
  open = [invitation(7, { role: 'owner', name: 'Eve', createdBy: 'Cille' }), invitation(6, { kind: 'reset', name: 'Bo', createdAt: '2026-11-24T08:30:00Z' }), invitation(5)];
  besked = installFakeBesked({
    'team.status': () => ({ kind: 'server', setupNeeded: false, me: { id: 1, name: 'Anna', role: 'owner' }, serverName: 'Salon', language: 'system' }),
    'team.users': () => ({ users: [], invitations: open }),
    'team.revokeInvitation': ({ id }) => {
      open = open.filter((i) => i.id !== id);
      return {};
    },
  });
  pinia = createPinia();
  setActivePinia(pinia);
  const team = useTeamStore();
  await team.load();
  await team.loadUsers();
});

const rows = () => [...document.querySelectorAll('[data-testid="invitations-table"] tbody tr')];
const cells = (row: Element) => [...row.querySelectorAll('td')].map((c) => c.textContent!.trim());

// The first mount loads Naive UI and the routed view; on a loaded machine that alone can take seconds.
describe('open links', { timeout: 20_000 }, () => {
  it('says for each link what it is for, for whom and which role, who made it, when, and until when it works', async () => {
    const { wrapper } = await mountView(InvitationsTable, { pinia, at: '/team' });
    expect([...document.querySelectorAll('[data-testid="invitations-table"] th')].map((c) => c.textContent!.trim())).toEqual(['Link', 'For', 'Role', 'Made by', 'Made', 'Works until', 'Actions']);
    const [eve, bo, anyone] = rows();
    expect(cells(eve!).slice(0, 4)).toEqual(['Invitation', 'Eve', 'Owner', 'Cille']);
    expect(cells(bo!).slice(0, 4)).toEqual(['Password reset', 'Bo', 'Staff', 'Anna']);
    expect(cells(bo!)[4]).toMatch(/24.*Nov.*2026|2026.*11.*24/);
    expect(cells(anyone!)[1]).toBe('Anyone with the link');
    expect(cells(anyone!)[5]).toMatch(/2.*Dec.*2026|2026.*12.*0?2/);
    wrapper.unmount();
  });

  it('speaks Danish', async () => {
    const { wrapper } = await mountView(InvitationsTable, { pinia, at: '/team', lang: 'da' });
    expect([...document.querySelectorAll('[data-testid="invitations-table"] th')].map((c) => c.textContent!.trim())).toEqual(['Link', 'Til', 'Rolle', 'Lavet af', 'Lavet', 'Virker indtil', 'Handlinger']);
    expect(cells(rows()[1]!)[0]).toBe('Ny adgangskode');
    wrapper.unmount();
  });

  it('withdraws a link after asking, and drops links the core stopped honouring when the team changes', async () => {
    const { wrapper } = await mountView(InvitationsTable, { pinia, at: '/team' });
    rows()[1]!.querySelector<HTMLButtonElement>('[data-testid="invitation-revoke"]')!.click();
    await flushPromises();
    expect(besked.inputs('team.revokeInvitation')).toEqual([]);
    document.querySelector<HTMLButtonElement>('.n-dialog__action button:last-child')!.click();
    await flushPromises();
    expect(besked.inputs('team.revokeInvitation')).toEqual([{ id: 6 }]);
    expect(rows().map((r) => cells(r)[1])).toEqual(['Eve', 'Anyone with the link']);

    // Cille was demoted: the core withdrew her link and says the team changed.
    open = open.filter((i) => i.createdBy !== 'Cille');
    besked.emit('team.changed', {});
    await flushPromises();
    expect(rows().map((r) => cells(r)[1])).toEqual(['Anyone with the link']);
    wrapper.unmount();
  });
});
