// The shared inbox of a Besked server (issue 21): assigning a conversation to a colleague, internal notes, and who
// is looking at or replying in a conversation, with the inbox.assign, inbox.addNote and inbox.presence calls.
import type { Handlers } from '../dispatch';
import type { Db } from '../db/database';
import type { EventBus } from '../events';
import { BeskedError } from '../errors';
import type { Connections } from '../team/connections';

export interface SharedInboxDeps {
  db: Db;
  events: EventBus;
  currentMode: () => Promise<'sandbox' | 'live'>;
  connections: Connections;
  now: () => number;
}

export function sharedInboxHandlers(_d: SharedInboxDeps): Pick<Handlers, 'inbox.assign' | 'inbox.addNote' | 'inbox.presence'> {
  const later = () => {
    throw new BeskedError('not_enabled', 'The shared inbox is being built.');
  };
  return {
    'inbox.assign': later,
    'inbox.addNote': later,
    'inbox.presence': () => ({}),
  };
}
