// Schema 3: campaigns, their frozen recipients, the chunks that carry them to the gateway, the gateway
// messages the status poller watches, templates, recent senders and the cached price list.
import type { Migration } from '../migrations';

export const m003Campaigns: Migration = {
  version: 3,
  name: 'campaigns',
  up(db) {
    db.exec(`
      -- A campaign is a draft until sent; kind 'reply' is a one-recipient answer from the inbox.
      CREATE TABLE campaigns (
        id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL DEFAULT 'campaign' CHECK (kind IN ('campaign', 'reply')),
        name TEXT NOT NULL DEFAULT '',
        state TEXT NOT NULL DEFAULT 'draft' CHECK (state IN
          ('draft', 'waiting', 'scheduled', 'sending', 'paused', 'sent', 'partly_failed', 'failed', 'cancelled')),
        -- why a campaign waits: 'offline' (gateway unreachable), 'quiet_hours', 'rate', 'daily_cap'
        waiting_reason TEXT,
        channel TEXT NOT NULL DEFAULT 'legacy' CHECK (channel IN ('legacy', 'messaging')),
        mode TEXT CHECK (mode IN ('sandbox', 'live')),
        sender TEXT NOT NULL DEFAULT '',
        text TEXT NOT NULL DEFAULT '',
        -- JSON {field: fallback value}
        fallbacks TEXT NOT NULL DEFAULT '{}',
        -- JSON: {label, priority, validitySeconds, messageClass, flash, maxParts}
        options TEXT NOT NULL DEFAULT '{}',
        -- JSON: what the user picked, kept while a draft: {contactIds, groupIds, search, numbers}
        recipient_spec TEXT NOT NULL DEFAULT '{}',
        -- ISO time to send at; NULL sends now
        send_at TEXT,
        -- when the recipient list was frozen (sent or scheduled); after that campaign_recipients is the truth
        frozen_at TEXT,
        estimated_parts INTEGER,
        estimated_cost REAL,
        currency TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        started_at TEXT,
        finished_at TEXT,
        -- why Besked paused it by itself (token refused, too little credit), in words for the user
        last_error TEXT,
        -- when a waiting campaign tries again, and how many connection attempts failed in a row
        next_attempt_at TEXT,
        attempts INTEGER NOT NULL DEFAULT 0,
        -- 1 once chunks were handed to the gateway with a sendtime (goes out even if this computer is off)
        scheduled_at_gateway INTEGER NOT NULL DEFAULT 0,
        duplicated_from INTEGER
      ) STRICT;
      CREATE INDEX campaigns_state ON campaigns (state);

      -- One row per recipient once frozen. state is Besked's sending state; status is the delivery state.
      CREATE TABLE campaign_recipients (
        id INTEGER PRIMARY KEY,
        campaign_id INTEGER NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
        msisdn INTEGER NOT NULL,
        contact_id INTEGER,
        -- the contact's name when frozen, so results read well after the contact changed or was deleted
        name TEXT,
        -- the final text after merge fields, as the gateway will send it
        text TEXT NOT NULL,
        -- merge-field values in the campaign's tag order (legacy tags), JSON array; NULL without merge fields
        tagvalues TEXT,
        parts INTEGER NOT NULL,
        state TEXT NOT NULL CHECK (state IN
          ('queued', 'excluded', 'in_flight', 'accepted', 'uncertain', 'failed', 'cancelled', 'dismissed')),
        reason TEXT,
        chunk_id INTEGER REFERENCES send_chunks (id),
        -- legacy integer id (as text) or messaging msg_id
        gateway_id TEXT,
        -- Besked delivery status: pending, sent, delivered, read, failed, expired, cancelled, unknown
        status TEXT,
        gateway_status TEXT,
        status_error TEXT,
        status_at TEXT,
        cost REAL,
        UNIQUE (campaign_id, msisdn)
      ) STRICT;
      CREATE INDEX campaign_recipients_state ON campaign_recipients (campaign_id, state);
      CREATE INDEX campaign_recipients_gateway ON campaign_recipients (gateway_id);
      CREATE INDEX campaign_recipients_msisdn ON campaign_recipients (msisdn);

      -- Entries left out when the list was frozen that have no number of their own to be a recipient row:
      -- numbers that are not valid and repeats of a number already in the list (opted-out numbers are
      -- campaign_recipients rows in state 'excluded').
      CREATE TABLE campaign_exclusions (
        id INTEGER PRIMARY KEY,
        campaign_id INTEGER NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
        -- the contact's name or the number as typed
        label TEXT NOT NULL,
        msisdn INTEGER,
        contact_id INTEGER,
        reason TEXT NOT NULL CHECK (reason IN ('opted_out', 'invalid', 'duplicate', 'no_phone')),
        detail TEXT NOT NULL
      ) STRICT;
      CREATE INDEX campaign_exclusions_campaign ON campaign_exclusions (campaign_id);

      -- One HTTP request's worth of recipients. 'in_flight' is committed BEFORE the request goes out, so a
      -- crash leaves evidence: on restart an in_flight chunk becomes 'uncertain' and is never resent by itself.
      CREATE TABLE send_chunks (
        id INTEGER PRIMARY KEY,
        campaign_id INTEGER NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('in_flight', 'accepted', 'uncertain', 'failed', 'requeued')),
        recipients INTEGER NOT NULL,
        started_at TEXT NOT NULL,
        finished_at TEXT,
        error TEXT,
        cost REAL,
        UNIQUE (campaign_id, seq)
      ) STRICT;

      -- Each gateway message id the status poller must watch (legacy: one id covers all its recipients).
      CREATE TABLE gateway_messages (
        gateway_id TEXT PRIMARY KEY,
        interface TEXT NOT NULL CHECK (interface IN ('legacy', 'messaging')),
        campaign_id INTEGER NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
        chunk_id INTEGER REFERENCES send_chunks (id),
        recipients INTEGER NOT NULL,
        -- when the gateway would hand it out (sendtime) and when it expires (plus validity)
        send_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        next_poll_at TEXT,
        polls INTEGER NOT NULL DEFAULT 0,
        last_polled_at TEXT,
        -- 1 once every recipient has a final status, or it expired unknown, or it cannot be polled (messaging)
        done INTEGER NOT NULL DEFAULT 0
      ) STRICT;
      CREATE INDEX gateway_messages_due ON gateway_messages (done, next_poll_at);

      -- When each recipient's status changed, for the campaign's status-over-time chart.
      CREATE TABLE status_events (
        id INTEGER PRIMARY KEY,
        campaign_id INTEGER NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
        recipient_id INTEGER NOT NULL REFERENCES campaign_recipients (id) ON DELETE CASCADE,
        status TEXT NOT NULL,
        at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX status_events_campaign ON status_events (campaign_id, at);

      CREATE TABLE templates (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        text TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;

      CREATE TABLE recent_senders (
        sender TEXT PRIMARY KEY,
        used_at TEXT NOT NULL
      ) STRICT;

      -- The gateway's price list, cached so costs can be estimated offline; one row per mode.
      CREATE TABLE price_lists (
        mode TEXT PRIMARY KEY CHECK (mode IN ('sandbox', 'live')),
        fetched_at TEXT NOT NULL,
        -- the JSON price list as the gateway returned it
        body TEXT NOT NULL
      ) STRICT;

      -- Money spent per day (local date), for the daily spending cap.
      CREATE TABLE daily_spend (
        day TEXT NOT NULL,
        mode TEXT NOT NULL,
        cost REAL NOT NULL,
        PRIMARY KEY (day, mode)
      ) STRICT;
    `);
  },
};
