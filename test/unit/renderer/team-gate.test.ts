// @vitest-environment happy-dom
// The gate in front of a Besked server: which screen shows for each team.status (one PC as before; a new server the
// owner's set-up; sign-in; a one-time link's page), and the screens themselves mounted as App.vue hosts them: set-up
// and sign-in make their calls and sign in, a refused sign-in says why, a link says what it is for before it is used.
import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia, type Pinia } from 'pinia';
import { flushPromises } from '@vue/test-utils';
import type { TeamStatus } from '../../../src-shared/contract';
import { gateScreen } from '../../../src-renderer/components/team/gate-screen';
import SetupOwnerForm from '../../../src-renderer/components/team/SetupOwnerForm.vue';
import SignInForm from '../../../src-renderer/components/team/SignInForm.vue';
import JoinForm from '../../../src-renderer/components/team/JoinForm.vue';
import { useTeamStore } from '../../../src-renderer/stores/team';
import { installFakeBesked, Refused, type FakeBesked } from './support/fake-besked';
import { mountView } from './support/mount-view';

const status = (over: Partial<TeamStatus> = {}): TeamStatus => ({ kind: 'server', setupNeeded: false, me: null, serverName: 'Salon', language: 'system', ...over });
const signedIn = (name: string, role: 'owner' | 'staff' = 'owner') => ({ user: { id: 1, name, role }, session: { token: 't'.repeat(43), expiresAt: '2026-12-01T00:00:00Z' } });
const code = 'c'.repeat(22);

describe('gateScreen', () => {
  it.each([
    ['a core that has not answered', null, false, 'contacts', 'wait'],
    ['one PC', status({ kind: 'single' }), true, 'contacts', 'app'],
    ['a core that could not be asked', null, true, 'contacts', 'app'],
    ['a new server', status({ setupNeeded: true }), true, 'contacts', 'setup'],
    ['a server, no one signed in', status(), true, 'inbox', 'signIn'],
    ['a server, signed in', status({ me: { id: 1, name: 'Anna', role: 'owner' } }), true, 'inbox', 'app'],
    ['a link on a server', status(), true, 'join', 'join'],
    ['a link while signed in', status({ me: { id: 1, name: 'Anna', role: 'owner' } }), true, 'join', 'join'],
  ] as const)('%s → %s', (_, s, ready, route, screen) => {
    expect(gateScreen(s, ready, route)).toBe(screen);
  });
});

describe('gate screens', () => {
  let besked: FakeBesked;
  let pinia: Pinia;
  beforeEach(async () => {
    besked = installFakeBesked({ 'team.status': () => status({ setupNeeded: true }) });
    pinia = createPinia();
    setActivePinia(pinia);
    await useTeamStore().load();
  });

  async function fill(root: Element, testid: string, value: string) {
    const input = root.querySelector(`[data-testid="${testid}"] input`) as HTMLInputElement;
    input.value = value;
    input.dispatchEvent(new Event('input'));
    await flushPromises();
  }
  const submit = async (root: Element, testid: string) => {
    (root.querySelector(`[data-testid="${testid}"]`) as HTMLButtonElement).click();
    await flushPromises();
  };

  it.each(['en', 'da'] as const)('set-up (%s): the passwords must match before the owner account is created', async (lang) => {
    besked.handlers['team.setupOwner'] = ({ name }) => signedIn(name);
    const { wrapper } = await mountView(SetupOwnerForm, { pinia, lang });
    const root = wrapper.element;
    expect(root.textContent).toContain(lang === 'da' ? 'Opsæt Salon' : 'Set up Salon');
    await fill(root, 'team-name', 'Anna');
    await fill(root, 'team-password', 'a long password');
    await fill(root, 'team-password-again', 'a long passwort');
    expect(root.textContent).toContain(lang === 'da' ? 'De to adgangskoder er forskellige.' : 'The two passwords differ.');
    expect((root.querySelector('[data-testid="setup-owner-submit"]') as HTMLButtonElement).disabled).toBe(true);
    await fill(root, 'team-password-again', 'a long password');
    await submit(root, 'setup-owner-submit');
    expect(besked.inputs('team.setupOwner')).toEqual([{ name: 'Anna', password: 'a long password' }]);
    expect(useTeamStore().me?.name).toBe('Anna');
    wrapper.unmount();
  });

  it('sign-in: a refusal is shown in the user’s words and the password is cleared; then signing in works', async () => {
    besked.handlers['team.signIn'] = () => {
      throw new Refused({ kind: 'auth', message: 'Wrong name or password.' });
    };
    useTeamStore().status = status();
    const { wrapper } = await mountView(SignInForm, { pinia });
    const root = wrapper.element;
    await fill(root, 'team-name', 'Bo');
    await fill(root, 'team-password', 'not it at all');
    await submit(root, 'sign-in-submit');
    expect(root.querySelector('[data-testid="sign-in-error"]')?.textContent).toContain('Wrong name or password.');
    expect((root.querySelector('[data-testid="team-password"] input') as HTMLInputElement).value).toBe('');
    besked.handlers['team.signIn'] = ({ name }) => signedIn(name, 'staff');
    await fill(root, 'team-password', 'the right one');
    await submit(root, 'sign-in-submit');
    expect(useTeamStore().standing).toBe('staff');
    wrapper.unmount();
  });

  it.each([
    ['expired', 'Your session expired.'],
    ['removed', 'Your account was removed'],
    ['passwordChanged', 'Your password was changed.'],
  ] as const)('sign-in after the session ended (%s) says why', async (reason, words) => {
    useTeamStore().status = status({ me: { id: 2, name: 'Bo', role: 'staff' } });
    besked.emit('team.sessionEnded', { reason });
    const { wrapper } = await mountView(SignInForm, { pinia });
    expect(wrapper.element.querySelector('[data-testid="session-ended"]')?.textContent).toContain(words);
    wrapper.unmount();
  });

  it.each([
    ['an invitation', 'invite', 'Anna invites you to join as staff.', 'Join the team', false],
    ['a reset link', 'reset', 'Anna made this link for Bo to choose a new password for Salon.', 'Save the new password', true],
  ] as const)('%s says what it is for, then signs in with it', async (_, kind, words, button, nameFixed) => {
    besked.handlers['team.invitationInfo'] = () => ({ kind, role: 'staff', name: kind === 'reset' ? 'Bo' : '', invitedBy: 'Anna', serverName: 'Salon', expiresAt: '2026-12-02T10:00:00Z' });
    besked.handlers['team.acceptInvitation'] = ({ name }) => signedIn(name, 'staff');
    const { wrapper, router } = await mountView(JoinForm, { pinia, at: `/join/${code}` });
    const root = wrapper.element;
    expect(besked.inputs('team.invitationInfo')).toEqual([{ code }]);
    expect(root.textContent).toContain(words);
    expect(root.querySelector('[data-testid="join-submit"]')?.textContent).toContain(button);
    expect((root.querySelector('[data-testid="team-name"] input') as HTMLInputElement).disabled).toBe(nameFixed);
    if (!nameFixed) await fill(root, 'team-name', 'Bo');
    await fill(root, 'team-password', 'a long password');
    await fill(root, 'team-password-again', 'a long password');
    await submit(root, 'join-submit');
    expect(besked.inputs('team.acceptInvitation')).toEqual([{ code, name: 'Bo', password: 'a long password' }]);
    expect(useTeamStore().me?.name).toBe('Bo');
    expect(router.currentRoute.value.path).toBe('/contacts');
    wrapper.unmount();
  });

  it('a used or expired link says it cannot be used, with the core’s reason', async () => {
    besked.handlers['team.invitationInfo'] = () => {
      throw new Refused({ kind: 'not_found', message: 'This link has been used or has expired.' });
    };
    const { wrapper } = await mountView(JoinForm, { pinia, at: `/join/${code}` });
    const text = wrapper.element.querySelector('[data-testid="join-unusable"]')?.textContent ?? '';
    expect(text).toContain('This link cannot be used.');
    expect(text).toContain('This link has been used or has expired.');
    wrapper.unmount();
  });
});
