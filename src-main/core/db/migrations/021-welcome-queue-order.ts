// Schema 21: the welcome queue in the order it is handled (issue 30.3). A welcome run takes an automation's oldest
// joins; without an index in that order, reading them sorted the automation's whole queue in one statement (8–10 ms
// of the core's loop for 10,000 joins, more for an import of 100,000). With it the joins are read a page at a time in
// order (welcome.ts), the loop turning between pages.
import type { Migration } from '../migrations';

export const m021WelcomeQueueOrder: Migration = {
  version: 21,
  name: 'welcome-queue-order',
  up(db) {
    db.exec('CREATE INDEX automation_welcome_queue_by_join ON automation_welcome_queue (automation_id, joined_at, contact_id)');
  },
};
