// Statements compiled once per database connection: for the small queries on the sending path (after every chunk)
// compiling the SQL cost more than running it.
import type { Statement } from 'better-sqlite3';
import type { Db } from './database';

const caches = new WeakMap<Db, Map<string, Statement>>();

/**
 * The statement for `sql` on this database, compiled on first use. Its mode is fixed here (`pluck`), so no caller
 * can change what another one gets back.
 */
export function prepared(db: Db, sql: string, mode: 'rows' | 'pluck' = 'rows'): Statement {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const key = `${mode}:${sql}`;
  let s = cache.get(key);
  if (!s) {
    s = db.prepare(sql);
    if (mode === 'pluck') s.pluck();
    cache.set(key, s);
  }
  return s;
}
