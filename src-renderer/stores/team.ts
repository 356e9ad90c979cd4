// The team as the core answers it (issue 21): one PC or a server, who is signed in here, and for owners the team
// list with its open invitations and the lockout notices. It calls the team.* contract and follows team.changed,
// team.lockout and team.sessionEnded; who may do what is the contract's rule (composables/useCan.ts), not this store's.
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { Invitation, Me, NewInvitation, Role, TeamStatus, TeamUser, EventPayload } from '../../src-shared/contract';
import type { AppError } from '../../src-shared/errors';
import type { Standing } from '../../src-shared/team/access';
import { appErrorOf, call, on } from '../api';

export type SessionEndReason = EventPayload<'team.sessionEnded'>['reason'];
export type LockoutNotice = EventPayload<'team.lockout'> & { id: number };

export const useTeamStore = defineStore('team', () => {
  const status = shallowRef<TeamStatus | null>(null);
  /** Set when team.status could not be asked (a stopped core): the app then shows as on one PC, and calls say why. */
  const statusError = shallowRef<AppError | null>(null);
  const users = ref<TeamUser[]>([]);
  const invitations = ref<Invitation[]>([]);
  const usersLoaded = ref(false);
  /** Why this window's session ended (`here`: signed out in this window), for the sign-in screen to say so. */
  const sessionEnded = ref<SessionEndReason | 'here' | null>(null);
  /** Accounts locked after repeated wrong passwords, told to owners until they dismiss the notice. */
  const lockouts = ref<LockoutNotice[]>([]);
  let nextNotice = 1;

  const ready = computed(() => status.value !== null || statusError.value !== null);
  const isServer = computed(() => status.value?.kind === 'server');
  const me = computed<Me | null>(() => status.value?.me ?? null);
  /**
   * The standing the contract's rules are read against. Until a server says otherwise this is one PC (`local`), so
   * nothing is hidden from a window whose core has not answered yet; a server without a signed-in user: null.
   */
  const standing = computed<Standing>(() => (status.value?.kind === 'server' ? (status.value.me?.role ?? null) : 'local'));

  let listening = false;
  function listen() {
    if (listening) return;
    listening = true;
    on('team.changed', () => {
      // The change may be this user's own role: the menu and the buttons follow it.
      if (me.value) void refreshStatus();
      if (usersLoaded.value) void loadUsers().catch(() => undefined);
    });
    on('team.lockout', (p) => {
      lockouts.value = [...lockouts.value, { ...p, id: nextNotice++ }];
      if (usersLoaded.value) void loadUsers().catch(() => undefined);
    });
    // A sign-out made here is said as such, whichever of its answer and this event arrives first.
    on('team.sessionEnded', ({ reason }) => {
      if (me.value) endedHere(reason);
    });
  }

  let asking: Promise<void> | null = null;
  /** Asks who this is; a caller while the question is out waits for the same answer (main.ts asks before mounting). */
  function load(): Promise<void> {
    listen();
    asking ??= (async () => {
      try {
        status.value = await call('team.status', {});
        statusError.value = null;
      } catch (err) {
        statusError.value = appErrorOf(err);
      }
    })().finally(() => (asking = null));
    return asking;
  }

  async function refreshStatus() {
    try {
      status.value = await call('team.status', {});
    } catch {
      // Kept as it was: the next call says what is wrong.
    }
  }

  function signedIn(user: Me) {
    if (status.value) status.value = { ...status.value, me: user, setupNeeded: false };
    sessionEnded.value = null;
  }
  function endedHere(reason: SessionEndReason | 'here') {
    if (status.value) status.value = { ...status.value, me: null };
    sessionEnded.value = reason;
    users.value = [];
    invitations.value = [];
    usersLoaded.value = false;
    lockouts.value = [];
  }

  async function setupOwner(name: string, password: string) {
    signedIn((await call('team.setupOwner', { name, password })).user);
  }
  async function signIn(name: string, password: string) {
    signedIn((await call('team.signIn', { name, password })).user);
  }
  const invitationInfo = (code: string) => call('team.invitationInfo', { code });
  async function acceptInvitation(code: string, name: string, password: string) {
    signedIn((await call('team.acceptInvitation', { code, name, password })).user);
  }
  async function signOut() {
    await call('team.signOut', {});
    endedHere('here');
  }
  async function signOutEverywhere() {
    await call('team.signOutEverywhere', {});
    endedHere('here');
  }
  /** Your other sessions end; this one stays. */
  const changePassword = (current: string, next: string) => call('team.changePassword', { current, next }).then(() => undefined);

  async function loadUsers() {
    const answer = await call('team.users', {});
    users.value = answer.users;
    invitations.value = answer.invitations;
    usersLoaded.value = true;
  }
  /** The link is in this answer only: the view shows it once. */
  async function invite(role: Role, name?: string): Promise<NewInvitation> {
    const made = await call('team.invite', { role, ...(name?.trim() ? { name: name.trim() } : {}) });
    invitations.value = [made.invitation, ...invitations.value.filter((i) => i.id !== made.invitation.id)];
    return made;
  }
  async function resetPassword(userId: number): Promise<NewInvitation> {
    const made = await call('team.resetPassword', { userId });
    await loadUsers();
    return made;
  }
  async function revokeInvitation(id: number) {
    await call('team.revokeInvitation', { id });
    invitations.value = invitations.value.filter((i) => i.id !== id);
  }
  async function setRole(userId: number, role: Role) {
    const changed = await call('team.setRole', { userId, role });
    users.value = users.value.map((u) => (u.id === changed.id ? changed : u));
  }
  async function remove(userId: number) {
    await call('team.remove', { userId });
    users.value = users.value.filter((u) => u.id !== userId);
  }
  async function endSessions(userId: number) {
    const { ended } = await call('team.endSessions', { userId });
    users.value = users.value.map((u) => (u.id === userId ? { ...u, activeSessions: 0 } : u));
    return ended;
  }
  function dismissLockout(id: number) {
    lockouts.value = lockouts.value.filter((n) => n.id !== id);
  }

  return {
    status,
    statusError,
    ready,
    isServer,
    me,
    standing,
    users,
    invitations,
    usersLoaded,
    sessionEnded,
    lockouts,
    load,
    setupOwner,
    signIn,
    invitationInfo,
    acceptInvitation,
    signOut,
    signOutEverywhere,
    changePassword,
    loadUsers,
    invite,
    resetPassword,
    revokeInvitation,
    setRole,
    remove,
    endSessions,
    dismissLockout,
  };
});
