// Schema 5: what the account views remember that the gateway does not tell again: which optional features
// it refused, keyword cancellations and their end, number lookups with their results, sent emails and refund requests.
import type { Migration } from '../migrations';

export const m005Account: Migration = {
  version: 5,
  name: 'account',
  up(db) {
    db.exec(`
      -- What the gateway last said about an optional feature in a mode: 'enabled' or 'not_enabled'.
      CREATE TABLE account_features (
        mode TEXT NOT NULL CHECK (mode IN ('sandbox', 'live')),
        feature TEXT NOT NULL CHECK (feature IN ('keywords', 'email', 'lookup')),
        state TEXT NOT NULL CHECK (state IN ('enabled', 'not_enabled')),
        checked_at TEXT NOT NULL,
        PRIMARY KEY (mode, feature)
      ) STRICT;

      -- A cancelled keyword stays active until the end of its period; the gateway's list does not say until when.
      CREATE TABLE account_keyword_cancellations (
        mode TEXT NOT NULL CHECK (mode IN ('sandbox', 'live')),
        shortcode INTEGER NOT NULL,
        keyword TEXT NOT NULL COLLATE NOCASE,
        cancelled_at TEXT NOT NULL,
        active_until TEXT NOT NULL,
        PRIMARY KEY (mode, shortcode, keyword)
      ) STRICT;

      -- One row per lookup request; results is the JSON array of LookupResultRow, missing numbers included.
      CREATE TABLE account_lookups (
        id INTEGER PRIMARY KEY,
        mode TEXT NOT NULL CHECK (mode IN ('sandbox', 'live')),
        looked_up_at TEXT NOT NULL,
        lookups INTEGER NOT NULL,
        total_cost REAL NOT NULL,
        currency TEXT NOT NULL,
        results TEXT NOT NULL
      ) STRICT;
      CREATE INDEX account_lookups_mode ON account_lookups (mode, id);

      -- One row per email request; gateway_ids is the JSON array of the gateway's ids (one per recipient).
      CREATE TABLE account_emails (
        id INTEGER PRIMARY KEY,
        mode TEXT NOT NULL CHECK (mode IN ('sandbox', 'live')),
        sent_at TEXT NOT NULL,
        subject TEXT NOT NULL,
        recipients INTEGER NOT NULL,
        gateway_ids TEXT NOT NULL,
        attachments INTEGER NOT NULL,
        cost REAL NOT NULL,
        currency TEXT NOT NULL
      ) STRICT;
      CREATE INDEX account_emails_mode ON account_emails (mode, id);

      -- Refunds asked for, so the same charged SMS is not refunded twice from Besked.
      CREATE TABLE account_refunds (
        mode TEXT NOT NULL CHECK (mode IN ('sandbox', 'live')),
        mtsms_id INTEGER NOT NULL,
        msisdn TEXT NOT NULL,
        requested_at TEXT NOT NULL,
        PRIMARY KEY (mode, mtsms_id, msisdn)
      ) STRICT;
    `);
  },
};
