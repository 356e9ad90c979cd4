// @vitest-environment happy-dom
// The Team view and the Audit view mounted as App.vue hosts them, against a fake window.besked: the team with roles,
// locks and sessions, an invitation's link shown once with its expiry, a locked account offered the reset that lifts
// the lock; the audit trail with calls in words, paging, and the filter asking the core again.
import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia, type Pinia } from 'pinia';
import { flushPromises } from '@vue/test-utils';
import type { AuditEntry, Invitation, TeamStatus, TeamUser } from '../../../src-shared/contract';
import TeamView from '../../../src-renderer/views/TeamView.vue';
import AuditView from '../../../src-renderer/views/AuditView.vue';
import AuditFilters from '../../../src-renderer/components/audit/AuditFilters.vue';
import { useTeamStore } from '../../../src-renderer/stores/team';
import { installFakeBesked, type FakeBesked } from './support/fake-besked';
import { mountView } from './support/mount-view';

const status: TeamStatus = { kind: 'server', setupNeeded: false, me: { id: 1, name: 'Anna', role: 'owner' }, serverName: 'Salon', language: 'system' };
const user = (id: number, name: string, over: Partial<TeamUser> = {}): TeamUser => ({
  id,
  name,
  role: 'staff',
  createdAt: '2026-11-01T10:00:00Z',
  lastSignInAt: '2026-11-25T08:00:00Z',
  lockedUntil: null,
  failedSignIns: 0,
  activeSessions: 1,
  ...over,
});
const invitation = (id: number, over: Partial<Invitation> = {}): Invitation => ({
  id,
  kind: 'invite',
  role: 'staff',
  name: 'Cai',
  createdBy: 'Anna',
  createdAt: '2026-11-25T10:00:00Z',
  expiresAt: '2099-12-02T10:00:00Z',
  ...over,
});
const entry = (id: number, over: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  at: '2026-11-25T10:00:00Z',
  userId: 2,
  userName: 'Bo',
  role: 'staff',
  address: '192.168.1.20',
  action: 'send',
  call: 'campaigns.send',
  detail: '{"id":4}',
  outcome: 'ok',
  error: null,
  ...over,
});

let besked: FakeBesked;
let pinia: Pinia;
beforeEach(async () => {
  besked = installFakeBesked({
    'team.status': () => status,
    'team.users': () => ({
      users: [user(1, 'Anna', { role: 'owner' }), user(2, 'Bo', { lockedUntil: '2099-01-01T00:00:00Z', failedSignIns: 10 }), user(3, 'Dea', { activeSessions: 0, lastSignInAt: null })],
      invitations: [invitation(5)],
    }),
  });
  pinia = createPinia();
  setActivePinia(pinia);
  await useTeamStore().load();
});

const rows = (root: Element, table: string) => [...root.querySelectorAll(`[data-testid="${table}"] tbody tr`)];
const ids = (row: Element) => [...row.querySelectorAll('button[data-testid]')].map((b) => b.getAttribute('data-testid'));

describe('Team view', () => {
  it('lists the team: you, a locked account offered the reset that lifts the lock, sessions to end, the open links', async () => {
    const { wrapper } = await mountView(TeamView, { pinia, at: '/team' });
    const [anna, bo, dea] = rows(wrapper.element, 'team-users');
    expect(anna!.textContent).toContain('Anna (you)');
    expect(ids(anna!)).toEqual(['user-reset-password', 'user-end-sessions']);
    expect(bo!.querySelector('[data-testid="user-locked"]')?.textContent).toContain('Locked until');
    expect(bo!.textContent).toContain('Reset password (lifts the lock)');
    expect(ids(bo!)).toEqual(['user-reset-password', 'user-end-sessions', 'user-remove']);
    expect(dea!.textContent).toContain('Never');
    expect(dea!.textContent).toContain('Not signed in');
    expect(ids(dea!)).toEqual(['user-reset-password', 'user-remove']);
    expect(rows(wrapper.element, 'invitations-table')[0]!.textContent).toContain('Cai');
    wrapper.unmount();
  });

  it('shows a reset link once, with its copy button and expiry, and forgets it when done', async () => {
    besked.handlers['team.resetPassword'] = () => ({ invitation: invitation(9, { kind: 'reset', name: 'Bo' }), code: 'r'.repeat(22), link: `https://salon:8443/#/join/${'r'.repeat(22)}` });
    const { wrapper } = await mountView(TeamView, { pinia, at: '/team' });
    (rows(wrapper.element, 'team-users')[1]!.querySelector('[data-testid="user-reset-password"]') as HTMLButtonElement).click();
    await flushPromises();
    const dialog = document.querySelector('[data-testid="one-time-link"]')!;
    expect((dialog.querySelector('[data-testid="one-time-link-url"] input') as HTMLInputElement).value).toBe(`https://salon:8443/#/join/${'r'.repeat(22)}`);
    expect(dialog.textContent).toContain('Password reset link');
    expect(dialog.textContent).toContain('Give this link to Bo yourself');
    expect(dialog.querySelector('[data-testid="one-time-link-copy"]')).not.toBeNull();
    (dialog.querySelector('[data-testid="one-time-link-done"]') as HTMLButtonElement).click();
    await flushPromises();
    expect(document.body.textContent).not.toContain('r'.repeat(22));
    wrapper.unmount();
  });

  it('invites a colleague and shows the invitation link', async () => {
    besked.handlers['team.invite'] = ({ role }) => ({ invitation: invitation(8, { role, name: '' }), code: 'x'.repeat(22), link: `https://salon:8443/#/join/${'x'.repeat(22)}` });
    const { wrapper } = await mountView(TeamView, { pinia, at: '/team', lang: 'da' });
    (wrapper.element.querySelector('[data-testid="team-invite"]') as HTMLButtonElement).click();
    await flushPromises();
    (document.querySelector('[data-testid="invite-submit"]') as HTMLButtonElement).click();
    await flushPromises();
    expect(besked.inputs('team.invite')).toEqual([{ role: 'staff' }]);
    const dialog = document.querySelector('[data-testid="one-time-link"]')!;
    expect(dialog.textContent).toContain('Invitationslink');
    expect(dialog.textContent).toContain('din kollega');
    wrapper.unmount();
  });
});

describe('Audit view', () => {
  beforeEach(() => {
    besked.handlers['audit.list'] = ({ before }) =>
      before
        ? { entries: [entry(1, { call: 'team.remove', action: 'users', userName: 'Anna', role: 'owner', outcome: 'refused', error: 'A server keeps at least one owner.' })], more: false }
        : { entries: [entry(3), entry(2, { userId: null, userName: 'This PC', role: null, address: 'this PC', call: 'contacts.export', action: 'export' })], more: true };
    besked.handlers['audit.verify'] = () => ({ ok: true, entries: 3, checkedAt: '2026-11-25T10:05:00Z', broken: null });
  });

  it.each([
    ['en', 'Verified: all 3 entries are unbroken', 'Broken at entry 2 (', 'was added, changed or removed outside Besked'],
    ['da', 'Kontrolleret: alle 3 poster er ubrudte', 'Brudt ved post 2 (', 'er tilføjet, ændret eller fjernet uden om Besked'],
  ] as const)('says whether the trail’s chain holds (%s), and the first broken entry when checked again', async (lang, verified, broken, why) => {
    const { wrapper } = await mountView(AuditView, { pinia, at: '/audit', lang });
    const chain = () => wrapper.element.querySelector('[data-testid="audit-chain"]')!;
    expect(chain().getAttribute('data-state')).toBe('verified');
    expect(chain().textContent).toContain(verified);
    besked.handlers['audit.verify'] = () => ({ ok: false, entries: 2, checkedAt: '2026-11-25T10:06:00Z', broken: { id: 2, at: '2026-11-25T10:00:00Z', reason: 'mismatch' } });
    (chain().querySelector('[data-testid="audit-verify"]') as HTMLButtonElement).click();
    await flushPromises();
    expect(besked.inputs('audit.verify')).toHaveLength(2);
    expect(chain().getAttribute('data-state')).toBe('broken');
    expect(chain().textContent).toContain(broken);
    expect(chain().textContent).toContain(why);
    wrapper.unmount();
  });

  it.each([
    ['en', 'Sent a campaign', 'This PC', 'Exported contacts'],
    ['da', 'Sendte en kampagne', 'Denne pc', 'Eksporterede kontakter'],
  ] as const)('names calls in words (%s) and pages back', async (lang, sent, thisPc, exported) => {
    const { wrapper } = await mountView(AuditView, { pinia, at: '/audit', lang });
    const [first, second] = rows(wrapper.element, 'audit-entries');
    expect(first!.querySelector('[data-testid="audit-call"]')?.textContent).toBe(sent);
    expect(first!.textContent).toContain('192.168.1.20');
    expect(second!.textContent).toContain(thisPc);
    expect(second!.textContent).toContain(exported);
    (wrapper.element.querySelector('[data-testid="audit-more"]') as HTMLButtonElement).click();
    await flushPromises();
    expect(besked.inputs('audit.list').at(-1)).toEqual({ limit: 100, before: 2 });
    const third = rows(wrapper.element, 'audit-entries')[2]!;
    expect(third.textContent).toContain('A server keeps at least one owner.');
    expect(wrapper.element.querySelector('[data-testid="audit-more"]')).toBeNull();
    wrapper.unmount();
  });

  it('asks the core again under a new filter, offering the team’s accounts to filter by', async () => {
    const { wrapper } = await mountView(AuditView, { pinia, at: '/audit' });
    expect(besked.inputs('team.users')).toHaveLength(1);
    expect(wrapper.element.querySelector('[data-testid="audit-filter-user"]')).not.toBeNull();
    wrapper.findComponent(AuditFilters).vm.$emit('update:modelValue', { userId: 2, action: 'delete' });
    await flushPromises();
    expect(besked.inputs('audit.list').at(-1)).toEqual({ userId: 2, action: 'delete', limit: 100 });
    wrapper.unmount();
  });
});
