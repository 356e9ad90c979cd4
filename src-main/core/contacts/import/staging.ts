// A scratch database per import: the file's accepted rows folded by number (the merge rule applied to
// repeats within the file) and a log line per row that repeats a number or is rejected. Nothing touches Besked's own database until the whole
// file has been read, so a cancel or a bad file leaves it exactly as it was. On disk, so memory stays flat
// however large the file.
import Database from 'better-sqlite3';
import type { ImportRejectReason, MergeRule } from '../../../../src-shared/contract';
import { toColumns, fieldsOf, phonePartsOf } from '../contact-columns';
import { mergeFields } from '../merge-rules';
import { nameBucket } from '../name-rank';
import type { StagedInput } from './read-rows';

export interface StagedRow {
  sid: number;
  msisdn: number;
  e164: string;
  first_name: string;
  last_name: string;
  email: string;
  company: string;
  notes: string;
  custom: string;
  search_phone: string;
  opt_out: number;
  first_row: number;
}

export interface RowLogLine {
  row_no: number;
  sid: number | null;
  reason: ImportRejectReason | null;
  message: string | null;
  cells: string | null;
}

export class Staging {
  readonly db: Database.Database;
  private readonly byMsisdn: Database.Statement<[number], StagedRow & { sort_key: string; name_bucket: number; search_custom: string }>;
  private readonly insert: Database.Statement;
  private readonly update: Database.Statement;
  private readonly log: Database.Statement;
  private readonly joinGroup: Database.Statement;
  accepted = 0;
  rejected = 0;
  optOuts = 0;

  constructor(readonly path: string) {
    this.db = new Database(path);
    // Scratch data: a crash just means the import is started again.
    this.db.pragma('journal_mode = OFF');
    this.db.pragma('synchronous = OFF');
    // The number index takes file order, which is random to it: with room for its pages (8 MB, a cap rather than
    // an allocation) the rows go in at memory speed instead of churning SQLite's default 2 MB cache.
    this.db.pragma('cache_size = -8192');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS staged (
        sid INTEGER PRIMARY KEY,
        msisdn INTEGER NOT NULL UNIQUE,
        e164 TEXT NOT NULL,
        first_name TEXT NOT NULL, last_name TEXT NOT NULL, email TEXT NOT NULL, company TEXT NOT NULL,
        notes TEXT NOT NULL, custom TEXT NOT NULL,
        sort_key TEXT NOT NULL, name_bucket INTEGER NOT NULL, search_phone TEXT NOT NULL, search_custom TEXT NOT NULL,
        opt_out INTEGER NOT NULL, first_row INTEGER NOT NULL
      ) STRICT;
      -- The few rows marked opted out, found without reading every staged row.
      CREATE INDEX IF NOT EXISTS staged_opted_out ON staged (sid) WHERE opt_out = 1;
      -- A rowid table: its rowid is the order in which the file first named each group for each contact.
      CREATE TABLE IF NOT EXISTS staged_groups (
        sid INTEGER NOT NULL,
        name TEXT NOT NULL COLLATE NOCASE,
        UNIQUE (sid, name)
      ) STRICT;
      CREATE TABLE IF NOT EXISTS row_log (
        row_no INTEGER PRIMARY KEY,
        sid INTEGER,
        reason TEXT,
        message TEXT,
        cells TEXT
      ) STRICT;
    `);
    this.byMsisdn = this.db.prepare('SELECT * FROM staged WHERE msisdn = ?');
    this.insert = this.db.prepare(
      `INSERT OR IGNORE INTO staged (msisdn, e164, first_name, last_name, email, company, notes, custom, sort_key, name_bucket, search_phone, search_custom, opt_out, first_row)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.update = this.db.prepare(
      `UPDATE staged SET first_name = @first_name, last_name = @last_name, email = @email, company = @company, notes = @notes,
         custom = @custom, sort_key = @sort_key, name_bucket = @name_bucket, search_custom = @search_custom, opt_out = @opt_out WHERE sid = @sid`,
    );
    this.joinGroup = this.db.prepare('INSERT OR IGNORE INTO staged_groups (sid, name) VALUES (?, ?)');
    this.log = this.db.prepare('INSERT INTO row_log (row_no, sid, reason, message, cells) VALUES (?, ?, ?, ?, ?)');
  }

  /** Runs a batch of row writes in one transaction (fast, and a batch is all-or-nothing). */
  batch(fn: () => void): void {
    this.db.transaction(fn)();
  }

  /**
   * A row with a new number becomes a staged contact (its row is known by first_row); a row repeating a
   * number is folded into it by the rule and logged as such. Groups add up: a contact joins every group any of
   * its rows names, whatever the merge rule (joining is not overwriting a value).
   */
  accept(rowNo: number, row: StagedInput, rule: MergeRule): void {
    this.accepted++;
    const c = row.columns;
    // Bound by position: a hundred thousand rows bind several times faster than by name from a fresh object each.
    // The name's bucket (name-rank.ts) here, on the core's thread, which waits for the reading thread's rows meanwhile:
    // in the save, a SQL function called back per row took 96–118 ms of the thread the import waits for.
    const inserted = this.insert.run(c.msisdn, c.e164, c.first_name, c.last_name, c.email, c.company, c.notes, c.custom, c.sort_key, nameBucket(c.sort_key), c.search_phone, c.search_custom, row.optOut ? 1 : 0, rowNo);
    if (inserted.changes === 1) {
      for (const name of row.groups) this.joinGroup.run(inserted.lastInsertRowid, name);
      return;
    }
    const cur = this.byMsisdn.get(c.msisdn)!;
    for (const name of row.groups) this.joinGroup.run(cur.sid, name);
    const merged = mergeFields(fieldsOf(cur), fieldsOf(c), rule);
    const optOut = cur.opt_out === 1 || row.optOut;
    if (merged.changed.length || optOut !== (cur.opt_out === 1)) {
      const cols = toColumns(phonePartsOf(c), merged.next);
      this.update.run({ ...cols, name_bucket: nameBucket(cols.sort_key), opt_out: optOut ? 1 : 0, sid: cur.sid });
    }
    this.log.run(rowNo, cur.sid, null, null, null);
  }

  reject(rowNo: number, reason: ImportRejectReason, message: string, cells: readonly string[]): void {
    this.rejected++;
    this.log.run(rowNo, null, reason, message, JSON.stringify(cells));
  }

  contacts(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM staged').get() as { n: number }).n;
  }

  /**
   * Every group name the file's "groups" column holds, once each (as unique as a group's name: case-insensitively),
   * spelled and ordered as the file first names them.
   */
  groupNames(): string[] {
    // SQLite takes a bare column from the row min() picks, so `name` is the first spelling.
    return (this.db.prepare('SELECT name, min(rowid) AS first FROM staged_groups GROUP BY name ORDER BY first').all() as { name: string }[]).map((r) => r.name);
  }

  optOutCount(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM staged WHERE opt_out = 1').get() as { n: number }).n;
  }

  reasons(): { reason: ImportRejectReason; count: number }[] {
    return this.db
      .prepare('SELECT reason, count(*) AS count FROM row_log WHERE reason IS NOT NULL GROUP BY reason ORDER BY count DESC, reason')
      .all() as { reason: ImportRejectReason; count: number }[];
  }

  rejectedRows(limit?: number): IterableIterator<RowLogLine> {
    const sql = `SELECT row_no, sid, reason, message, cells FROM row_log WHERE reason IS NOT NULL ORDER BY row_no${limit ? ' LIMIT ?' : ''}`;
    const stmt = this.db.prepare(sql);
    return (limit ? stmt.iterate(limit) : stmt.iterate()) as IterableIterator<RowLogLine>;
  }

  /** Every row in file order: first rows of staged contacts, repeats folded into them, and rejected rows. */
  allRows(): IterableIterator<RowLogLine & { e164: string | null; first_name: string | null; last_name: string | null; first_row: number | null }> {
    return this.db
      .prepare(
        `SELECT s.first_row AS row_no, s.sid, NULL AS reason, NULL AS message, NULL AS cells, s.e164, s.first_name, s.last_name, s.first_row
         FROM staged s
         UNION ALL
         SELECT l.row_no, l.sid, l.reason, l.message, l.cells, s.e164, s.first_name, s.last_name, s.first_row
         FROM row_log l LEFT JOIN staged s ON s.sid = l.sid
         ORDER BY row_no`,
      )
      .iterate() as IterableIterator<RowLogLine & { e164: string | null; first_name: string | null; last_name: string | null; first_row: number | null }>;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
