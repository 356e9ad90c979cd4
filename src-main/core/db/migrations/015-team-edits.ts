// Schema 15: working together on one shop's data (issue 21): a contact's revision, so a later save never silently
// overwrites an earlier one, drafts that belong to their author unless shared, and at most one resend of a campaign's
// failed recipients.
import type { Migration } from '../migrations';

export const m015TeamEdits: Migration = {
  version: 15,
  name: 'team-edits',
  up(db) {
    db.exec(`
      -- bumped by every change of a contact; a save names the revision it started from
      ALTER TABLE contacts ADD COLUMN revision INTEGER NOT NULL DEFAULT 1;
      -- JSON {field: the revision that last changed it} ('custom.<key>' per custom field): which fields changed
      -- after the revision a stale save started from
      ALTER TABLE contacts ADD COLUMN field_revisions TEXT NOT NULL DEFAULT '{}';
      -- a draft shared with the team (every draft made on one PC, or before accounts, is shared)
      ALTER TABLE campaigns ADD COLUMN shared INTEGER NOT NULL DEFAULT 1;
      -- the campaign whose failed recipients this draft sends to again: one resend per campaign, however many press it
      ALTER TABLE campaigns ADD COLUMN resend_of INTEGER;
      CREATE UNIQUE INDEX campaigns_resend_of ON campaigns (resend_of) WHERE resend_of IS NOT NULL;
    `);
  },
};
