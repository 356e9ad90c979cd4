// Opt-outs and the consent log. A number that opted out receives nothing from Besked until it opts in
// again; every change is logged with when, how and by whom. Other parts of the core use these functions:
// the inbox calls optOut(db, msisdn, { source: 'keyword', by: 'STOP from +45…' }) for a STOP keyword, and
// the campaign engine asks isOptedOut / optedOutAmong before every send.
import type Database from 'better-sqlite3';
import type { Db } from '../db/database';
import type { EventBus } from '../events';
import type { ConsentEntry, ConsentSource } from '../../../src-shared/contract';
import { erasedOptOutsAmong, isErasedOptOut } from '../privacy/erased-numbers';

export interface ConsentHow {
  source: ConsentSource;
  /** Who or what: 'you' for the Besked user, the keyword and sender, or the imported file's name. */
  by: string;
  note?: string;
  at: Date;
}

interface Statements {
  isOut: Database.Statement<[number], { one: number }>;
  insertOut: Database.Statement<[number, string, string, string]>;
  deleteOut: Database.Statement<[number]>;
  log: Database.Statement<[number, string, string, string, string, string]>;
  history: Database.Statement<[number], ConsentLogRow>;
  among: Database.Statement<[string], { msisdn: number }>;
  count: Database.Statement<[], number>;
  everyOut: Database.Statement<[], number>;
}

interface ConsentLogRow {
  id: number;
  msisdn: number;
  action: 'opt_in' | 'opt_out';
  source: ConsentSource;
  by: string;
  note: string;
  at: string;
}

const cache = new WeakMap<Db, Statements>();

function statements(db: Db): Statements {
  let s = cache.get(db);
  if (!s) {
    s = {
      isOut: db.prepare('SELECT 1 AS one FROM opt_outs WHERE msisdn = ?'),
      insertOut: db.prepare('INSERT INTO opt_outs (msisdn, source, by, at) VALUES (?, ?, ?, ?) ON CONFLICT (msisdn) DO NOTHING'),
      deleteOut: db.prepare('DELETE FROM opt_outs WHERE msisdn = ?'),
      log: db.prepare('INSERT INTO consent_log (msisdn, action, source, by, note, at) VALUES (?, ?, ?, ?, ?, ?)'),
      history: db.prepare('SELECT id, msisdn, action, source, by, note, at FROM consent_log WHERE msisdn = ? ORDER BY id DESC'),
      among: db.prepare('SELECT o.msisdn FROM opt_outs o JOIN json_each(?) j ON o.msisdn = j.value'),
      count: db.prepare<[], number>('SELECT COUNT(*) FROM opt_outs').pluck(),
      everyOut: db.prepare<[], number>('SELECT msisdn FROM opt_outs').pluck(),
    };
    cache.set(db, s);
  }
  return s;
}

/** Opts a number out; logged once (opting out an opted-out number changes nothing and logs nothing). */
export function optOut(db: Db, msisdn: number, how: ConsentHow, events?: EventBus): { changed: boolean } {
  const s = statements(db);
  const at = how.at.toISOString();
  const changed = db.transaction(() => {
    if (s.insertOut.run(msisdn, how.source, how.by, at).changes === 0) return false;
    s.log.run(msisdn, 'opt_out', how.source, how.by, how.note ?? '', at);
    return true;
  })();
  if (changed) events?.emit('contacts.changed', { reason: 'consent' });
  return { changed };
}

/** Takes a number off the opt-out list after the customer consented again. */
export function optIn(db: Db, msisdn: number, how: ConsentHow, events?: EventBus): { changed: boolean } {
  const s = statements(db);
  const at = how.at.toISOString();
  const changed = db.transaction(() => {
    if (s.deleteOut.run(msisdn).changes === 0) return false;
    s.log.run(msisdn, 'opt_in', how.source, how.by, how.note ?? '', at);
    return true;
  })();
  if (changed) events?.emit('contacts.changed', { reason: 'consent' });
  return { changed };
}

/**
 * A consent the customer gave by keyword (JA, START): takes the number off the opt-out list if it is there and logs the
 * opt-in either way, because the keyword itself is the consent worth keeping on record (the caller's transaction holds it).
 */
export function recordOptIn(db: Db, msisdn: number, how: ConsentHow): { changed: boolean } {
  const s = statements(db);
  const at = how.at.toISOString();
  return db.transaction(() => {
    const changed = s.deleteOut.run(msisdn).changes > 0;
    s.log.run(msisdn, 'opt_in', how.source, how.by, how.note ?? '', at);
    return { changed };
  })();
}

/** Opted out, or erased at the customer's request while opted out (kept only as a keyed hash: privacy/). */
export function isOptedOut(db: Db, msisdn: number): boolean {
  return statements(db).isOut.get(msisdn) !== undefined || isErasedOptOut(db, msisdn);
}

/**
 * A number erased while opted out that is back as a contact (added or changed by hand, imported) is opted out again
 * on the list, so the contact shows refused and every query of opt_outs agrees with the sends. Returns whether it was.
 */
export function reinstateErasedOptOut(db: Db, msisdn: number, at: Date): boolean {
  if (!isErasedOptOut(db, msisdn)) return false;
  return optOut(db, msisdn, { source: 'manual', by: 'Besked', note: 'Opted out before an erasure at their request: the opt-out stays', at }).changed;
}

/** The opted-out numbers among many, in one query (for a campaign's recipient list). */
export function optedOutAmong(db: Db, msisdns: readonly number[]): Set<number> {
  if (msisdns.length === 0) return new Set();
  const s = statements(db);
  // Usually far fewer numbers opted out than a campaign has recipients: then reading them all beats looking up
  // each of 100,000 numbers (checked before every send).
  const found = erasedOptOutsAmong(db, msisdns);
  if (s.count.get()! * 4 < msisdns.length) {
    const out = new Set(s.everyOut.all());
    for (const m of msisdns) if (out.has(m)) found.add(m);
    return found;
  }
  for (const r of s.among.all(JSON.stringify(msisdns))) found.add(r.msisdn);
  return found;
}

/** Where the consent log and the erasures stand (consentMark). */
export interface ConsentMark {
  logId: number;
  erasedAt: string | null;
}

/**
 * Where consent stands: a send that read opt-outs over several turns of the event loop asks optedOutSince with it
 * before freezing (campaigns/send.ts). Every opt-out is logged (optOut, optOutMany), so none slips past it.
 */
export function consentMark(db: Db): ConsentMark {
  return {
    logId: db.prepare<[], number>('SELECT COALESCE(MAX(id), 0) FROM consent_log').pluck().get()!,
    erasedAt: db.prepare<[], string | null>('SELECT MAX(erased_at) FROM erased_numbers').pluck().get() ?? null,
  };
}

/**
 * The numbers opted out since a mark (some may have opted in again since: they count, to be safe), or 'erased' when
 * a number was erased since: an erasure deletes the number's log, so the caller must read opt-outs again.
 */
export function optedOutSince(db: Db, mark: ConsentMark): Set<number> | 'erased' {
  const erasedAt = db.prepare<[], string | null>('SELECT MAX(erased_at) FROM erased_numbers').pluck().get() ?? null;
  if (erasedAt !== mark.erasedAt) return 'erased';
  return new Set(db.prepare<[number], number>("SELECT msisdn FROM consent_log WHERE id > ? AND action = 'opt_out'").pluck().all(mark.logId));
}

/** Every opt-in and opt-out of a number, newest first. */
export function consentHistory(db: Db, msisdn: number): ConsentEntry[] {
  return statements(db).history.all(msisdn);
}

/** Opts many numbers out at once (the contacts view's bulk action); returns how many were newly opted out. */
export function optOutMany(db: Db, msisdns: readonly number[], how: ConsentHow): number {
  const s = statements(db);
  const at = how.at.toISOString();
  return db.transaction(() => {
    let n = 0;
    for (const m of msisdns) {
      if (s.insertOut.run(m, how.source, how.by, at).changes === 0) continue;
      s.log.run(m, 'opt_out', how.source, how.by, how.note ?? '', at);
      n++;
    }
    return n;
  })();
}

export function* consentLogRows(db: Db): IterableIterator<ConsentLogRow & { first_name: string | null; last_name: string | null }> {
  yield* db
    .prepare(
      `SELECT l.id, l.msisdn, l.action, l.source, l.by, l.note, l.at, c.first_name, c.last_name
       FROM consent_log l LEFT JOIN contacts c ON c.msisdn = l.msisdn ORDER BY l.id`,
    )
    .iterate() as IterableIterator<ConsentLogRow & { first_name: string | null; last_name: string | null }>;
}
