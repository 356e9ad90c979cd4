// Schema 1: settings as JSON values by key, and a cache of the last known account balance.
import type { Migration } from '../migrations';

export const m001Foundation: Migration = {
  version: 1,
  name: 'foundation',
  up(db) {
    db.exec(`
      CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      ) STRICT;
      CREATE TABLE balance_cache (
        mode TEXT PRIMARY KEY CHECK (mode IN ('sandbox', 'live')),
        credit REAL NOT NULL,
        currency TEXT NOT NULL,
        account_id INTEGER NOT NULL,
        fetched_at TEXT NOT NULL
      ) STRICT;
    `);
  },
};
