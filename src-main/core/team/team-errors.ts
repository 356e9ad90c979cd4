// The refusals of the team.* calls, each with a code the renderer translates and a message a shop owner can act on.
import { coded } from '../../../src-shared/error-codes';
import { BeskedError } from '../errors';

export const teamErrors = {
  notAServer: () =>
    new BeskedError('not_enabled', 'This is Besked on one PC: it has no accounts. Start a Besked server to work as a team.', coded('team.notAServer')),
  setupDone: () => new BeskedError('conflict', 'This server already has its owner. Sign in, or ask the owner for an invitation.', coded('team.setupDone')),
  /** The one answer to every failed sign-in (wrong name, wrong password, slowed down, locked): which it was is not told. */
  wrongCredentials: () =>
    new BeskedError(
      'auth',
      'That name and password do not match, or too many wrong passwords have paused this account for a while. Check both and try again in a few minutes; an owner can lift a pause by resetting your password.',
      coded('team.wrongCredentials'),
    ),
  /** slowDown and locked: the reasons the audit trail keeps for the owners; the guesser is answered wrongCredentials. */
  slowDown: (ms: number) => {
    const seconds = Math.max(1, Math.ceil(ms / 1000));
    return new BeskedError('rate_limited', `Too many wrong passwords. Wait ${seconds} seconds, then try again.`, { retryAfterS: seconds, ...coded('team.slowDown', { seconds }) });
  },
  locked: (ms: number) => {
    const minutes = Math.max(1, Math.ceil(ms / 60_000));
    return new BeskedError(
      'rate_limited',
      `Too many wrong passwords: this account is locked for ${minutes} minutes. An owner can lift the lock by resetting your password.`,
      { retryAfterS: Math.ceil(ms / 1000), ...coded('team.locked', { minutes }) },
    );
  },
  sessionExpired: () => new BeskedError('auth', 'You have been signed out. Sign in again.', coded('team.sessionExpired')),
  linkInvalid: () => new BeskedError('not_found', 'This link has been used, withdrawn or has expired. Ask an owner for a new one.', coded('team.linkInvalid')),
  nameTaken: (name: string) =>
    new BeskedError('conflict', `Someone on the team is already called ${name}. Choose another name.`, {
      fields: [{ path: ['name'], message: 'taken' }],
      ...coded('team.nameTaken', { name }),
    }),
  nameHidden: () =>
    new BeskedError('validation', 'A name cannot hold invisible characters (such as zero-width spaces or text-direction marks). Type the name again without pasting it.', {
      fields: [{ path: ['name'], message: 'invisible characters' }],
      ...coded('team.nameHidden'),
    }),
  nameLookalike: (name: string, like: string) =>
    new BeskedError('conflict', `"${name}" looks too much like ${like}, who is already on the team. Choose a name colleagues can tell apart.`, {
      fields: [{ path: ['name'], message: 'looks like another' }],
      ...coded('team.nameLookalike', { name, like }),
    }),
  /** Not an answer to anyone: the audit entry of one window of refused strangers (bridge/stranger-limits.ts). */
  signInFlood: (connections: number, signIns: number, addresses: number) =>
    new BeskedError(
      'rate_limited',
      `A flood of sign-ins was held back: ${connections} connections and ${signIns} sign-in attempts refused, from ${addresses} addresses.`,
      coded('team.signInFlood', { connections, signIns, addresses }),
    ),
  lastOwner: () => new BeskedError('conflict', 'A Besked server needs at least one owner. Make someone else owner first.', coded('team.lastOwner')),
  noSuchUser: () => new BeskedError('not_found', 'That user is no longer on the team.', coded('team.noSuchUser')),
  wrongPassword: () =>
    new BeskedError('validation', 'Your current password is not right. Nothing was changed.', {
      fields: [{ path: ['current'], message: 'not right' }],
      ...coded('team.wrongPassword'),
    }),
};
