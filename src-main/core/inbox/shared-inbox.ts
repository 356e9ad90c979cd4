// The shared inbox of a Besked server (issue 21): assigning a conversation to a colleague, internal notes, and who
// is looking at or replying in a conversation, with the inbox.assign, inbox.addNote and inbox.presence calls; and the
// assignee's news of each new text in a conversation assigned to them.
import type { Handlers } from '../dispatch';
import type { Db } from '../db/database';
import type { EventBus } from '../events';
import { callerName, currentCaller } from '../team/caller';
import type { Connections } from '../team/connections';
import type { StoredInbound } from './inbound-store';
import { Assignments } from './assignments';
import { ConversationNotes } from './notes';
import { ConversationPresence } from './presence';

export interface SharedInboxDeps {
  db: Db;
  events: EventBus;
  currentMode: () => Promise<'sandbox' | 'live'>;
  connections: Connections;
  now: () => number;
}

export interface SharedInbox {
  handlers: Pick<Handlers, 'inbox.assign' | 'inbox.addNote' | 'inbox.presence'>;
  /** Tells each assignee of the new texts in their conversations (only them: the audience is their user id). */
  tellAssignees(added: readonly StoredInbound[]): void;
}

export function createSharedInbox(d: SharedInboxDeps): SharedInbox {
  const assignments = new Assignments(d.db);
  const notes = new ConversationNotes(d.db);
  const presence = new ConversationPresence();
  const iso = () => new Date(d.now()).toISOString();
  const announce = (msisdn: number) => d.events.emit('inbox.presence', { msisdn, people: presence.people(msisdn) });

  // A window that goes takes its presence with it (closed tab, lost network, signed out).
  d.connections.onClosed((connectionId) => {
    const msisdn = presence.closed(connectionId);
    if (msisdn !== null) announce(msisdn);
  });

  return {
    handlers: {
      'inbox.assign': async ({ msisdn, userId }) => {
        const mode = await d.currentMode();
        const by = callerName(currentCaller());
        const assignee = assignments.set(mode, msisdn, userId, by, iso());
        d.events.emit('inbox.assigned', { msisdn, assignee, by });
        return { assignee };
      },
      'inbox.addNote': async ({ msisdn, text }) => {
        const mode = await d.currentMode();
        const caller = currentCaller();
        // On one PC there are no accounts: the note is the person at this PC's, shown as "You" there.
        const author = caller.user ? { id: caller.user.id, name: caller.user.name } : { id: null, name: callerName(caller) };
        const note = notes.add(mode, msisdn, author, text, iso());
        d.events.emit('inbox.note', note);
        return note;
      },
      'inbox.presence': ({ msisdn, replying }) => {
        const caller = currentCaller();
        // One PC has no colleagues to tell; a connection without a user has signed out.
        if (caller.kind !== 'remote' || !caller.user || !caller.connectionId) return {};
        for (const changed of presence.set(caller.connectionId, caller.user, msisdn, msisdn !== null && replying)) announce(changed);
        return {};
      },
    },
    tellAssignees(added) {
      for (const m of added) {
        const assignee = assignments.of(m.mode, m.msisdn);
        if (!assignee) continue;
        const contact = d.db.prepare("SELECT TRIM(first_name || ' ' || last_name) FROM contacts WHERE msisdn = ?").pluck().get(m.msisdn) as string | undefined;
        d.events.emit('inbox.assignedReply', { msisdn: m.msisdn, name: contact || null, text: m.text }, { userIds: [assignee.id] });
      }
    },
  };
}
