// Saves a fully read import into Besked's database in one transaction: merges rows whose number is already
// a contact (by the owner's rule), inserts the new contacts set-wise (marking them for the search index to
// catch up on), adds everyone to the group and to the groups a "groups" column names, and records opt-outs
// from the file. All of it or none of it.
import type { Db } from '../../db/database';
import type { ImportGroup, MergeRule } from '../../../../src-shared/contract';
import { BeskedError } from '../../errors';
import { fieldsOf, phonePartsOf, toColumns, type StoredContact } from '../contact-columns';
import { mergeFields } from '../merge-rules';
import { registerCustomFields } from '../custom-fields';
import { indexFresh } from '../search-index';
import { nameBucket } from '../name-rank';
import { joinColumnGroups, type ColumnGroup } from './column-groups';
import { reinstateErasedOptOut } from '../consent';
import { erasedOptOutsAmong } from '../../privacy/erased-numbers';
import type { StagedRow } from './staging';
import { coded } from '../../../../src-shared/error-codes';
import { parseFieldRevisions, withChanges } from '../../../../src-shared/contacts/contact-changes';

export interface ApplyOptions {
  stagingPath: string;
  rule: MergeRule;
  group: ImportGroup;
  /** Who the consent log names for opt-outs from the file, e.g. 'import of kunder.csv'. */
  by: string;
  customFields: { key: string; label: string }[];
  now: string;
}

export interface ApplyResult {
  created: number;
  /** Staged contacts whose number was already a contact: 'updated' when the rule changed it, else 'merged'. */
  existing: Map<number, 'updated' | 'merged'>;
  group: { id: number; name: string } | null;
  /** The groups a "groups" column named, made where confirmed, with the contacts of the file each holds. */
  columnGroups: ColumnGroup[];
  optedOut: number;
}

type ExistingPair = StagedRow & {
  c_id: number;
  c_first_name: string;
  c_last_name: string;
  c_email: string;
  c_company: string;
  c_notes: string;
  c_custom: string;
  c_e164: string;
  c_msisdn: number;
  c_search_phone: string;
  c_revision: number;
  c_field_revisions: string;
};

export function applyStaged(db: Db, o: ApplyOptions): ApplyResult {
  db.prepare('ATTACH DATABASE ? AS stage').run(o.stagingPath);
  // The new contacts' numbers and names reach their indexes in random order; with room for those pages (16 MB, a
  // cap for this transaction only) the transaction that holds the core is about a third shorter.
  const cache = db.pragma('main.cache_size', { simple: true }) as number;
  db.pragma('main.cache_size = -16384');
  try {
    return db.transaction((): ApplyResult => {
      const group = resolveGroup(db, o.group, o.now);

      // Numbers that are contacts already: the rule decides, row by row (the update trigger keeps search current).
      const existing = new Map<number, 'updated' | 'merged'>();
      const pairs = existingPairs(db);
      const update = db.prepare(
        `UPDATE main.contacts SET first_name = @first_name, last_name = @last_name, email = @email, company = @company, notes = @notes,
           custom = @custom, sort_key = @sort_key, name_bucket = @name_bucket, search_custom = @search_custom, updated_at = @now,
           revision = @revision, field_revisions = @field_revisions WHERE id = @id`,
      );
      for (const p of pairs) {
        const stored: Pick<StoredContact, 'first_name' | 'last_name' | 'email' | 'company' | 'notes' | 'custom'> = {
          first_name: p.c_first_name,
          last_name: p.c_last_name,
          email: p.c_email,
          company: p.c_company,
          notes: p.c_notes,
          custom: p.c_custom,
        };
        const merged = mergeFields(fieldsOf(stored), fieldsOf(p), o.rule);
        if (merged.changed.length) {
          const cols = toColumns(phonePartsOf({ e164: p.c_e164, msisdn: p.c_msisdn, search_phone: p.c_search_phone }), merged.next);
          // A new revision, so an editor open on the contact does not save over what the import changed.
          const revision = p.c_revision + 1;
          const fieldRevisions = JSON.stringify(withChanges(parseFieldRevisions(p.c_field_revisions), merged.changed, revision));
          update.run({ ...cols, name_bucket: nameBucket(cols.sort_key), now: o.now, id: p.c_id, revision, field_revisions: fieldRevisions });
          existing.set(p.sid, 'updated');
        } else {
          existing.set(p.sid, 'merged');
        }
      }

      // New numbers: inserted in file order in one statement. They are searchable at the commit through the fresh
      // index (schema 23); the main index takes them after the commit, in steps (search-index.ts).
      const maxId = (db.prepare('SELECT coalesce(max(id), 0) AS m FROM main.contacts').get() as { m: number }).m;
      db.prepare('INSERT INTO main.contacts_fts_deferred (one) VALUES (1)').run();
      // When the join above found no staged number among the contacts, a check per row would only repeat it.
      const onlyNew = pairs.length ? 'WHERE NOT EXISTS (SELECT 1 FROM main.contacts c WHERE c.msisdn = s.msisdn)' : '';
      const created = db
        .prepare(
          `INSERT INTO main.contacts (first_name, last_name, e164, msisdn, email, company, custom, notes, sort_key, name_bucket, search_phone, search_custom, created_at, updated_at)
           SELECT s.first_name, s.last_name, s.e164, s.msisdn, s.email, s.company, s.custom, s.notes, s.sort_key, s.name_bucket, s.search_phone, s.search_custom, @now, @now
           FROM stage.staged s ${onlyNew} ORDER BY s.sid`,
        )
        .run({ now: o.now }).changes;
      db.prepare('DELETE FROM main.contacts_fts_deferred').run();
      // Ids are never reused (AUTOINCREMENT), so when the newest contacts were deleted the new ids start past theirs,
      // not right after maxId: the pending range runs to the highest id now.
      const lastId = created ? (db.prepare('SELECT max(id) AS m FROM main.contacts').get() as { m: number }).m : maxId;
      indexFresh(db, maxId, lastId);

      if (group) {
        // The new contacts by their id range, in order (so they are appended to the members' indexes instead of
        // each looked up by number), and the ones already there from the pairs.
        db.prepare('INSERT OR IGNORE INTO main.contact_group_members (group_id, contact_id) SELECT ?, id FROM main.contacts WHERE id > ? ORDER BY id').run(group.id, maxId);
        const join = db.prepare('INSERT OR IGNORE INTO main.contact_group_members (group_id, contact_id) VALUES (?, ?)');
        for (const p of pairs) join.run(group.id, p.c_id);
      }

      const columnGroups = joinColumnGroups(db, o.now);

      db.prepare(
        `INSERT INTO main.consent_log (msisdn, action, source, by, note, at)
         SELECT s.msisdn, 'opt_out', 'import', @by, 'Marked as opted out in the imported file', @now FROM stage.staged s
         WHERE s.opt_out = 1 AND NOT EXISTS (SELECT 1 FROM main.opt_outs o WHERE o.msisdn = s.msisdn) ORDER BY s.sid`,
      ).run({ by: o.by, now: o.now });
      const optedOut = db
        .prepare(`INSERT OR IGNORE INTO main.opt_outs (msisdn, source, by, at) SELECT s.msisdn, 'import', @by, @now FROM stage.staged s WHERE s.opt_out = 1`)
        .run({ by: o.by, now: o.now }).changes;

      reinstateErasedOptOuts(db, o.now);
      registerCustomFields(db, o.customFields, o.now);
      return { created, existing, group, columnGroups, optedOut };
    })();
  } finally {
    db.pragma(`main.cache_size = ${cache}`);
    db.prepare('DETACH DATABASE stage').run();
  }
}

/**
 * The staged contacts whose number is a contact already, each beside it. The join walks the smaller side and looks
 * each of its numbers up in the other's index: SQLite, without statistics, walked the staged rows whatever their
 * number (96 ms for 100,000 into an empty directory, bench contacts.import100k), and an empty directory has nothing
 * to look up.
 */
function existingPairs(db: Db): ExistingPair[] {
  const contacts = db.prepare('SELECT count(*) FROM main.contacts').pluck().get() as number;
  if (contacts === 0) return [];
  const staged = db.prepare('SELECT count(*) FROM stage.staged').pluck().get() as number;
  // CROSS JOIN keeps the order written: its left side is the outer loop.
  const from = contacts < staged ? 'main.contacts c CROSS JOIN stage.staged s' : 'stage.staged s CROSS JOIN main.contacts c';
  return db
    .prepare(
      `SELECT s.*, c.id AS c_id, c.first_name AS c_first_name, c.last_name AS c_last_name, c.email AS c_email, c.company AS c_company,
         c.notes AS c_notes, c.custom AS c_custom, c.e164 AS c_e164, c.msisdn AS c_msisdn, c.search_phone AS c_search_phone,
         c.revision AS c_revision, c.field_revisions AS c_field_revisions
       FROM ${from} ON c.msisdn = s.msisdn`,
    )
    .all() as ExistingPair[];
}

function resolveGroup(db: Db, g: ImportGroup, now: string): { id: number; name: string } | null {
  if (g.kind === 'none') return null;
  if (g.kind === 'existing') {
    const r = db.prepare('SELECT id, name FROM main.contact_groups WHERE id = ?').get(g.id) as { id: number; name: string } | undefined;
    if (!r) throw new BeskedError('not_found', 'The chosen group no longer exists. Choose another group and import again.', coded('import.groupGone'));
    return r;
  }
  const taken = db.prepare('SELECT name FROM main.contact_groups WHERE name = ?').get(g.name) as { name: string } | undefined;
  if (taken) throw new BeskedError('conflict', `There is already a group called "${taken.name}". Choose it as an existing group, or another name.`, coded('import.groupNameTaken', { name: taken.name }));
  const id = Number(db.prepare('INSERT INTO main.contact_groups (name, created_at) VALUES (?, ?)').run(g.name, now).lastInsertRowid);
  return { id, name: g.name };
}

/**
 * A number erased while opted out (kept only as a keyed hash, privacy/) that the file brings back is opted out again,
 * so the contact list shows it refused and every send keeps refusing it.
 */
function reinstateErasedOptOuts(db: Db, now: string): void {
  const staged = db.prepare('SELECT msisdn FROM stage.staged').pluck().all() as number[];
  const back = erasedOptOutsAmong(db, staged);
  for (const msisdn of back) reinstateErasedOptOut(db, msisdn, new Date(now));
}
