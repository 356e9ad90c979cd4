// Schema 4: incoming messages (stored once per gateway id), the pollers' cursors, and webhook requests already seen.
import type { Migration } from '../migrations';

export const m004Inbox: Migration = {
  version: 4,
  name: 'inbox',
  up(db) {
    db.exec(`
      -- One row per incoming SMS. The gateway's id is unique per gateway account, so the key is (gateway, mosms_id):
      -- the sandbox and each live platform number their messages independently.
      CREATE TABLE inbound_messages (
        id INTEGER PRIMARY KEY,
        -- 'sandbox', 'default' or 'eu': whose numbering mosms_id belongs to
        gateway TEXT NOT NULL,
        mode TEXT NOT NULL CHECK (mode IN ('sandbox', 'live')),
        mosms_id INTEGER NOT NULL,
        msisdn INTEGER NOT NULL,
        receiver INTEGER,
        text TEXT NOT NULL,
        -- text sender name, when the customer's phone used one
        sender TEXT,
        -- when the customer sent it (gateway senttime), ISO
        sent_at TEXT NOT NULL,
        -- when Besked stored it, ISO
        received_at TEXT NOT NULL,
        source TEXT NOT NULL CHECK (source IN ('poll', 'webhook')),
        read_at TEXT,
        -- the opt-out keyword it matched, when it opted the number out
        opt_out_keyword TEXT,
        UNIQUE (gateway, mosms_id)
      ) STRICT;
      CREATE INDEX inbound_messages_thread ON inbound_messages (mode, msisdn, sent_at);
      CREATE INDEX inbound_messages_unread ON inbound_messages (mode, msisdn) WHERE read_at IS NULL;

      -- Small named values the pollers keep across restarts: the inbox poll cursor per gateway, last refresh times.
      CREATE TABLE sync_state (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      ) STRICT;

      -- Webhook requests already processed (event id, or a hash of the signature and body), so a replay is refused.
      CREATE TABLE webhook_seen (
        key TEXT PRIMARY KEY,
        seen_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX webhook_seen_at ON webhook_seen (seen_at);
    `);
  },
};
