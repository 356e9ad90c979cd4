// Statements compiled once per database connection: for the small queries on the sending path (after every chunk)
// compiling the SQL cost more than running it.
import type { Statement } from 'better-sqlite3';
import type { Db } from './database';

const caches = new WeakMap<Db, Map<string, Statement>>();

/**
 * The statement for `sql` on this database, compiled on first use. Its mode is fixed here (`pluck`, or `raw`: rows
 * as plain arrays, cheaper than objects for many rows; `pluckBigInt`/`rawBigInt`: the same with integers as BigInt,
 * for values past 2^53), so no caller can change what another one gets back.
 */
export function prepared(db: Db, sql: string, mode: 'rows' | 'pluck' | 'raw' | 'pluckBigInt' | 'rawBigInt' = 'rows'): Statement {
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
    else if (mode === 'pluckBigInt') s.pluck().safeIntegers(true);
    else if (mode === 'rawBigInt') s.raw(true).safeIntegers(true);
    else if (mode === 'raw') s.raw(true);
    cache.set(key, s);
  }
  return s;
}
