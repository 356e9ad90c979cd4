// What a transport keeps of the team calls' answers: the session token of a sign-in (to resume after a reload or a
// reconnect), and the end of a session. The browser's bridge keeps it in local storage, the desktop app's link to a
// server in the keychain; the view itself never has to.
import type { Result } from '../errors';

/** The calls whose answer holds a new session (SignedIn in src-shared/contract/team.ts). */
export const SIGN_IN_CALLS: readonly string[] = ['team.setupOwner', 'team.signIn', 'team.acceptInvitation'];
/** The calls after which this connection's session is gone. */
export const SIGN_OUT_CALLS: readonly string[] = ['team.signOut', 'team.signOutEverywhere', 'team.changePassword'];

export type SessionChange = { token: string } | 'ended' | null;

/** The change a call's answer makes to the session a transport keeps. */
export function sessionChange(name: string, result: Result<unknown>): SessionChange {
  if (!result.ok) {
    // A resume refused (expired, signed out elsewhere): the kept token is worthless.
    return name === 'team.resume' && result.error.kind === 'auth' ? 'ended' : null;
  }
  if (SIGN_IN_CALLS.includes(name)) {
    const token = (result.value as { session?: { token?: unknown } } | null)?.session?.token;
    return typeof token === 'string' ? { token } : null;
  }
  // A password change ends the other sessions and keeps this one (team.ts); sign-outs end this one.
  if (name === 'team.changePassword') return null;
  return SIGN_OUT_CALLS.includes(name) ? 'ended' : null;
}
