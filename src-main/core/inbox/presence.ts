// Who is looking at which conversation now, and who is writing a reply there: held in memory per connection (a
// window), since it means nothing after the window or the server goes. People are listed once each, however many
// windows they have open on the conversation.
import type { Presence } from '../../../src-shared/contract';

interface Seen {
  msisdn: number;
  userId: number;
  name: string;
  replying: boolean;
}

export class ConversationPresence {
  private readonly byConnection = new Map<string, Seen>();

  /**
   * Records what the connection shows (msisdn null: no conversation). Returns the conversations whose list of people
   * changed, for the caller to announce.
   */
  set(connectionId: string, user: { id: number; name: string }, msisdn: number | null, replying: boolean): number[] {
    const before = this.byConnection.get(connectionId);
    if (msisdn === null) this.byConnection.delete(connectionId);
    else this.byConnection.set(connectionId, { msisdn, userId: user.id, name: user.name, replying });
    const changed = new Set<number>();
    if (before && (before.msisdn !== msisdn || before.replying !== replying)) changed.add(before.msisdn);
    if (msisdn !== null && (!before || before.msisdn !== msisdn || before.replying !== replying)) changed.add(msisdn);
    return [...changed];
  }

  /** Forgets a window that went; returns the conversation it showed, if any. */
  closed(connectionId: string): number | null {
    const before = this.byConnection.get(connectionId);
    this.byConnection.delete(connectionId);
    return before?.msisdn ?? null;
  }

  /** Everyone with the conversation open, by name; replying when any of their windows is. */
  people(msisdn: number): Presence[] {
    const byUser = new Map<number, Presence>();
    for (const s of this.byConnection.values()) {
      if (s.msisdn !== msisdn) continue;
      const p = byUser.get(s.userId);
      byUser.set(s.userId, { userId: s.userId, name: s.name, replying: (p?.replying ?? false) || s.replying });
    }
    return [...byUser.values()].sort((a, b) => a.name.localeCompare(b.name));
  }
}
