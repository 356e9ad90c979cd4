// Which of a team server's connections an event reaches: only signed-in ones, and of those the ones its `to` names
// (a user, a role or one connection; any one named is enough). A connection that has not signed in sees nothing,
// since even an unread count tells a stranger something about the shop.
import type { EventAudience, Me } from '../../src-shared/contract';

export interface Listener {
  connectionId: string;
  /** The signed-in user, null before signing in. */
  user: Me | null;
}

export function reaches(to: EventAudience | undefined, l: Listener): boolean {
  if (!l.user) return false;
  if (!to) return true;
  return (
    (to.userIds?.includes(l.user.id) ?? false) ||
    (to.roles?.includes(l.user.role) ?? false) ||
    (to.connectionId !== undefined && to.connectionId === l.connectionId)
  );
}
