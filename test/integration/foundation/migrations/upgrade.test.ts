// Upgrade tests, as Signal Desktop keeps them: a database on disk at every older schema version, filled with the rows
// a Besked of that version wrote, opened by the real opener, must reach the latest schema with every row as it was,
// the columns added since holding what those rows meant, and the same tables and indexes as a new database.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, schemaVersion, type Db } from '../../../../src-main/core/db/database';
import { migrations } from '../../../../src-main/core/db/migrations';
import { m019AutomationHistory } from '../../../../src-main/core/db/migrations/019-automation-history';
import { batchedCount } from '../../../../src-main/core/campaigns/recipients/frozen-batches';
import { verifyChain } from '../../../../src-main/core/audit/audit-chain';
import { ADDED_COLUMNS, AT, BATCHED, databaseAt, LATEST, OLDER, rowSets, type Cell, type Row } from './old-rows';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A besked.db at exactly schema `v`, holding the rows of that version. */
function fileAt(v: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'besked-upgrade-'));
  dirs.push(dir);
  const file = join(dir, 'besked.db');
  databaseAt(file, v);
  return file;
}

/** Rows as comparable text, order-free: WITHOUT ROWID tables have no insertion order to compare by. */
const sorted = (rows: Row[]) => rows.map((r) => JSON.stringify(r)).sort();

function schemaOf(db: Db): unknown[] {
  return db.prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name").all();
}

describe('the upgrade tests themselves', () => {
  it('cover every schema before the latest, and the latest is what a new database gets', () => {
    expect(OLDER[0]).toBe(1);
    expect(OLDER.at(-1)).toBe(LATEST - 1);
    const db = openDatabase(':memory:');
    expect(schemaVersion(db)).toBe(LATEST);
    db.close();
  });

  it('fill every table of every schema with rows, so no table is migrated empty', () => {
    for (const v of [...OLDER, LATEST]) {
      const db = openDatabase(':memory:', { migrations: migrations.slice(0, v) });
      const tables = db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'contacts_fts%'")
        .pluck()
        .all() as string[];
      const filled = new Set(rowSets(v).map((s) => s.table));
      if (v >= 8) filled.add('recipient_batches');
      // contacts_fts_* hold the search index's own state; the index is checked by searching (views.test.ts).
      expect(tables.filter((t) => !filled.has(t)), `schema ${v}`).toEqual([]);
      db.close();
    }
  });
});

/** The schema before the append-only automation history (the lead may renumber it at a merge). */
const BEFORE_HISTORY = m019AutomationHistory.version - 1;

describe('the append-only automation history (schema 19) on runs still in the works', () => {
  it('gives a withdrawal waiting for the gateway a hand-over entry, and a planned run none until it is sent', () => {
    const file = fileAt(BEFORE_HISTORY);
    const old = openDatabase(file, { migrations: migrations.slice(0, BEFORE_HISTORY) });
    const run = old.prepare(
      `INSERT INTO automation_occurrences (automation_id, occurrence, contact_id, due_at, state, campaign_id, recipients, revision, created_at, updated_at)
       VALUES (1, ?, 0, ?, ?, NULL, 3, 1, ?, ?)`,
    );
    run.run('w', AT, 'withdrawing', AT, AT);
    run.run('p', AT, 'planned', AT, AT);
    old.close();
    const db = openDatabase(file);
    try {
      const entries = db.prepare("SELECT o.occurrence, h.state FROM automation_history h JOIN automation_occurrences o ON o.id = h.occurrence_id WHERE o.occurrence IN ('w', 'p')").all();
      expect(entries).toEqual([{ occurrence: 'w', state: 'handed_over' }]);
    } finally {
      db.close();
    }
  });
});

describe.each(OLDER)('a database at schema %i', (v) => {
  const upgraded = (): Db => {
    const db = openDatabase(fileAt(v));
    expect(schemaVersion(db)).toBe(LATEST);
    return db;
  };

  it('reaches the latest schema with every row it held, column for column', () => {
    const db = upgraded();
    try {
      for (const set of rowSets(v)) {
        const held = [...set.rows, ...(set.byTriggers ?? [])];
        const cols = [...new Set(held.flatMap((r) => Object.keys(r)))];
        // A table that is empty at rest (privacy_erasing) stays empty.
        if (cols.length === 0) {
          expect(db.prepare(`SELECT count(*) FROM ${set.table}`).pluck().get(), set.table).toBe(0);
          continue;
        }
        const now = db.prepare(`SELECT ${cols.join(', ')} FROM ${set.table}`).all() as Row[];
        // A row that leaves a column out holds its default: null, or what a later migration gave old rows.
        const byDefault = (c: string) => ADDED_COLUMNS.find((a) => a.table === set.table && a.column === c)?.old ?? null;
        const then = held.map((r) => Object.fromEntries(cols.map((c) => [c, c in r ? (r[c] as Cell) : byDefault(c)])));
        expect(sorted(now), set.table).toEqual(sorted(then));
      }
      if (v >= 8) expect(batchedCount(db, 7)).toBe(BATCHED.length);
    } finally {
      db.close();
    }
  });

  it('gives the rows written before a column existed the value that means what they meant', () => {
    const db = upgraded();
    try {
      const held = new Set(rowSets(v).map((s) => s.table));
      for (const added of ADDED_COLUMNS.filter((a) => a.version > v && held.has(a.table))) {
        const values = db.prepare(`SELECT DISTINCT ${added.column} FROM ${added.table}`).pluck().all();
        expect(values, `${added.table}.${added.column} (schema ${added.version})`).toEqual([added.old]);
      }
    } finally {
      db.close();
    }
  });

  it('chains the audit entries it held, oldest first, so the trail verifies and stays unchangeable (schema 16)', () => {
    const db = upgraded();
    try {
      const held = rowSets(v).find((s) => s.table === 'audit_log')?.rows.length ?? 0;
      expect(verifyChain(db, AT)).toEqual({ ok: true, entries: held, checkedAt: AT, broken: null });
      if (held > 0) expect(() => db.prepare("UPDATE audit_log SET hash = 'x' WHERE id = 1").run()).toThrow(/audit trail cannot be changed/);
    } finally {
      db.close();
    }
  });

  it('keeps the runs recorded before schema 19 readable as one history entry each, which cannot be changed', () => {
    const db = upgraded();
    try {
      const runs = (rowSets(v).find((s) => s.table === 'automation_occurrences')?.rows ?? []).filter((r) => r.state !== 'planned');
      const entries = db.prepare('SELECT id, occurrence_id, automation_id, at, state, due_at, campaign_id, recipients, reason, cause, again FROM automation_history ORDER BY id').all();
      // Entries appended by hand at schema 19 or later (rows of the fixture) stay after the runs' own.
      const byHand = (rowSets(v).find((s) => s.table === 'automation_history')?.rows ?? []).map(({ contact_id: _, ...r }) => ({ reason: null, again: 0, ...r }));
      // The entry takes the run's id, state and last change: the history reads as before the upgrade.
      expect(entries).toEqual([
        ...runs.map((r) => ({
          id: r.id,
          occurrence_id: r.id,
          automation_id: r.automation_id,
          at: r.updated_at,
          state: r.state,
          due_at: r.due_at,
          campaign_id: r.campaign_id ?? null,
          recipients: r.recipients,
          reason: r.reason ?? null,
          cause: null,
          again: 0,
        })),
        ...byHand,
      ]);
      if (runs.length > 0) expect(() => db.prepare("UPDATE automation_history SET state = 'sent'").run()).toThrow(/append-only/);
    } finally {
      db.close();
    }
  });

  it('has the tables, columns, indexes and triggers of a new database', () => {
    const db = upgraded();
    const fresh = openDatabase(':memory:');
    try {
      expect(schemaOf(db)).toEqual(schemaOf(fresh));
      expect(db.pragma('foreign_key_check')).toEqual([]);
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
      fresh.close();
    }
  });
});
