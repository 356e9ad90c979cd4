// Schema 13: a Besked server's accounts and its audit trail (issue 21). Users with their memory-hard password hash
// and lock state, sessions and one-time links stored only as hashes, and an audit trail that SQLite itself refuses to
// change or delete (the triggers below), so no code path, contract call or bug can edit it.
import type { Migration } from '../migrations';

export const m013Team: Migration = {
  version: 13,
  name: 'team',
  up(db) {
    db.exec(`
      CREATE TABLE team_users (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL,
        -- the name as compared at sign-in: lower case, accents kept (src-main/core/team)
        name_key TEXT NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('owner', 'staff')),
        -- argon2id, PHC string
        password_hash TEXT NOT NULL,
        created_at TEXT NOT NULL,
        last_sign_in_at TEXT,
        -- wrong passwords since the last good one, and when the last came (the slow-down and the lock read both)
        failed_count INTEGER NOT NULL DEFAULT 0,
        last_failed_at TEXT,
        locked_until TEXT,
        -- a removed user keeps their row, so the audit trail and "who answered" keep their name
        removed_at TEXT
      ) STRICT;
      CREATE UNIQUE INDEX team_users_name ON team_users (name_key) WHERE removed_at IS NULL;

      CREATE TABLE team_sessions (
        -- SHA-256 of the session token (hex): the token itself is never stored
        id TEXT PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES team_users (id),
        created_at TEXT NOT NULL,
        last_seen_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        -- where it signed in from
        address TEXT NOT NULL
      ) STRICT;
      CREATE INDEX team_sessions_user ON team_sessions (user_id);

      CREATE TABLE team_invitations (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        -- SHA-256 of the one-time code (hex)
        code_hash TEXT NOT NULL UNIQUE,
        kind TEXT NOT NULL CHECK (kind IN ('invite', 'reset')),
        role TEXT NOT NULL CHECK (role IN ('owner', 'staff')),
        -- invite: the suggested name (may be ''); reset: the user's name
        name TEXT NOT NULL DEFAULT '',
        -- reset: whose password
        user_id INTEGER REFERENCES team_users (id),
        created_by INTEGER REFERENCES team_users (id),
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        used_at TEXT,
        revoked_at TEXT
      ) STRICT;

      CREATE TABLE audit_log (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        at TEXT NOT NULL,
        user_id INTEGER,
        -- the name at the time, so it survives the user's removal; 'This PC' without accounts
        user_name TEXT NOT NULL,
        role TEXT,
        address TEXT NOT NULL,
        action TEXT NOT NULL CHECK (action IN ('send', 'spend', 'delete', 'export', 'consent', 'settings', 'users')),
        call TEXT NOT NULL,
        -- the call's input with secrets removed (short JSON)
        detail TEXT NOT NULL,
        outcome TEXT NOT NULL CHECK (outcome IN ('ok', 'refused', 'failed')),
        error TEXT
      ) STRICT;
      CREATE INDEX audit_log_user ON audit_log (user_id, id);
      CREATE INDEX audit_log_action ON audit_log (action, id);
      CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log BEGIN SELECT RAISE(ABORT, 'the audit trail cannot be changed'); END;
      CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log BEGIN SELECT RAISE(ABORT, 'the audit trail cannot be changed'); END;
    `);
  },
};
