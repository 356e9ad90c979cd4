// Which screen the app shows: the app itself, or one of a server's screens before it lets you in. One PC, and a
// window whose core has not said it is a server, show the app as before accounts existed.
import type { TeamStatus } from '../../../src-shared/contract';

export type GateScreen = 'wait' | 'app' | 'setup' | 'signIn' | 'join';

export function gateScreen(status: TeamStatus | null, ready: boolean, routeName: unknown): GateScreen {
  if (!ready) return 'wait';
  // A one-time link is shown even to someone signed in here: following it is asking to become its user.
  if (routeName === 'join') return 'join';
  if (status?.kind !== 'server' || status.me) return 'app';
  return status.setupNeeded ? 'setup' : 'signIn';
}
