// Schema 15: working together on one shop's data (issue 21): a contact's revision, so a later save never silently
// overwrites an earlier one, and drafts that belong to their author unless shared.
import type { Migration } from '../migrations';

export const m015TeamEdits: Migration = {
  version: 15,
  name: 'team-edits',
  up(db) {
    db.exec(`
      -- bumped by every change of a contact; a save names the revision it started from
      ALTER TABLE contacts ADD COLUMN revision INTEGER NOT NULL DEFAULT 1;
      -- a draft shared with the team (every draft made on one PC, or before accounts, is shared)
      ALTER TABLE campaigns ADD COLUMN shared INTEGER NOT NULL DEFAULT 1;
    `);
  },
};
