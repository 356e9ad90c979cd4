// Contacts written the way an import's save leaves them (contacts/import/apply.ts), for tests that need that state
// without an import: inserted in one go with the search index's triggers aside, then in the fresh index (schema 23)
// and pending until the catch-up moves them.
import type { Db } from '../../../src-main/core/db/database';
import { toColumns } from '../../../src-main/core/contacts/contact-columns';
import type { ContactFields } from '../../../src-main/core/contacts/merge-rules';
import { nameBucket } from '../../../src-main/core/contacts/name-rank';
import { indexFresh } from '../../../src-main/core/contacts/search-index';

export interface SavedContact extends Partial<ContactFields> {
  /** The Danish national number, e.g. '20000077'. */
  national: string;
}

export function saveAsImported(db: Db, contacts: Iterable<SavedContact>): void {
  db.transaction(() => {
    const maxId = db.prepare('SELECT coalesce(max(id), 0) FROM contacts').pluck().get() as number;
    db.prepare('INSERT INTO contacts_fts_deferred (one) VALUES (1)').run();
    const insert = db.prepare(
      `INSERT INTO contacts (first_name, last_name, e164, msisdn, email, company, custom, notes, sort_key, name_bucket, search_phone, search_custom, created_at, updated_at)
       VALUES (@first_name, @last_name, @e164, @msisdn, @email, @company, @custom, @notes, @sort_key, @name_bucket, @search_phone, @search_custom, 'now', 'now')`,
    );
    for (const { national, ...fields } of contacts) {
      const cols = toColumns(
        { e164: `+45${national}`, msisdn: Number(`45${national}`), national },
        { firstName: '', lastName: '', email: '', company: '', notes: '', custom: {}, ...fields },
      );
      insert.run({ ...cols, name_bucket: nameBucket(cols.sort_key) });
    }
    db.prepare('DELETE FROM contacts_fts_deferred').run();
    indexFresh(db, maxId, db.prepare('SELECT coalesce(max(id), 0) FROM contacts').pluck().get() as number);
  })();
}
