// The automation_due index: each switched-on date-field automation's next occurrence per contact, so finding what
// is due reads an index instead of every contact's fields. Rebuilt for an automation when it is switched on or
// edited, for everyone when contacts change, and advanced by the runner once it has recorded an occurrence. Also
// answers who a rule was due for over a span it has no rows for (a pause's gap), from the same values.
import type { DateFieldSpec } from '../../../src-shared/contract/automations';
import { dateFieldOccurrence } from '../../../src-shared/automations/date-occurrence';
import { parseDateValue, type ParsedDate } from '../../../src-shared/automations/date-values';
import { SqlContactDirectory } from '../campaigns/recipients/contact-directory';
import { resolveRecipients, type ContactDirectory } from '../campaigns/recipients/recipients';
import type { Db } from '../db/database';
import type { AutomationRow } from './automation-store';

export interface DueRow {
  automationId: number;
  contactId: number;
  dueAt: string;
  occurrence: string;
}

/** One contact's value of the rule's field, as stored by the contacts (CSV import keeps the cell's text). */
export interface FieldValue {
  contactId: number;
  raw: string;
}

const isEmpty = (s: DateFieldSpec['recipients']) => s.contactIds.length + s.groupIds.length + s.searches.length + s.numbers.length === 0;

/**
 * The values of a date-field rule's field for the contacts it is meant for (all with a value when it names none),
 * or only those of `onlyContacts`. Opted-out contacts stay in: the runner skips them at send, and the history says
 * so. Empty values are nobody's date and are left out; unreadable ones are kept so the editor can list them.
 */
export function fieldValues(db: Db, spec: DateFieldSpec, onlyContacts?: ReadonlySet<number>): FieldValue[] {
  const path = `$.${spec.field}`;
  let rows: FieldValue[];
  if (isEmpty(spec.recipients)) {
    const raw = onlyContacts
      ? db
          .prepare('SELECT c.id, json_extract(c.custom, ?) FROM json_each(?) j JOIN contacts c ON c.id = j.value WHERE json_extract(c.custom, ?) IS NOT NULL')
          .raw(true)
          .all(path, JSON.stringify([...onlyContacts]), path)
      : db.prepare("SELECT id, json_extract(custom, ?) FROM contacts WHERE custom <> '{}' AND json_extract(custom, ?) IS NOT NULL").raw(true).all(path, path);
    rows = (raw as [number, unknown][]).map(([contactId, value]) => ({ contactId, raw: String(value) }));
  } else {
    // Groups, searches and typed numbers resolve as a campaign's do.
    rows = [];
    for (const r of resolveRecipients(spec.recipients, everyoneIn(db)).recipients) {
      const raw = r.values[spec.field];
      if (r.contactId !== null && raw !== undefined && (!onlyContacts || onlyContacts.has(r.contactId))) rows.push({ contactId: r.contactId, raw });
    }
  }
  return rows.filter((r) => r.raw.trim() !== '');
}

/** The contacts as a campaign resolves them, opted-out numbers included (see fieldValues). */
function everyoneIn(db: Db): ContactDirectory {
  const dir = new SqlContactDirectory(db);
  return {
    contacts: (spec) => dir.contacts(spec),
    byMsisdn: (msisdns) => dir.byMsisdn(msisdns),
    optedOut: () => new Set(),
    defaultCountry: () => dir.defaultCountry(),
    fieldKeys: () => dir.fieldKeys(),
  };
}

/**
 * A rule's occurrence for many contacts, each distinct value worked out once: 100,000 contacts hold a few thousand
 * distinct dates, and a yearly rule ignores the year, so birthdays share a few hundred.
 */
export class OccurrenceCalculator {
  private readonly parsed = new Map<string, ParsedDate | null>();
  private readonly due = new Map<string, { dueMs: number; occurrence: string } | null>();

  constructor(
    private readonly spec: DateFieldSpec,
    private readonly timeZone: string,
  ) {}

  parse(raw: string): ParsedDate | null {
    let p = this.parsed.get(raw);
    if (p === undefined) {
      p = parseDateValue(raw);
      this.parsed.set(raw, p);
    }
    return p;
  }

  /** The first occurrence strictly after afterMs, or null (unreadable, a once-date already past, no year). */
  next(raw: string, afterMs: number): { dueMs: number; occurrence: string } | null {
    const p = this.parse(raw);
    if (!p) return null;
    const year = this.spec.repeat === 'yearly' ? '' : p.year;
    const key = `${afterMs}|${year}|${p.month}|${p.day}|${p.hour}|${p.minute}`;
    let d = this.due.get(key);
    if (d === undefined) {
      d = dateFieldOccurrence(this.spec, this.timeZone, p, afterMs);
      this.due.set(key, d);
    }
    return d;
  }

  /**
   * Every occurrence due after fromMs up to toMs (inclusive), earliest first, at most `limit`: a yearly rule paused
   * for three years passed each birthday three times.
   */
  between(raw: string, fromMs: number, toMs: number, limit: number): { dueMs: number; occurrence: string }[] {
    const out: { dueMs: number; occurrence: string }[] = [];
    for (let d = this.next(raw, fromMs); d && d.dueMs <= toMs && out.length < limit; d = this.next(raw, d.dueMs)) out.push(d);
    return out;
  }
}

export class DueIndex {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /**
   * Rebuilds an automation's rows (only the given contacts' when named): its next occurrence after
   * max(now, activated_at) per contact. A row already due that the runner has not recorded yet is kept while the
   * contact's value still gives it, so a rebuild between two ticks loses nothing.
   */
  rebuild(a: AutomationRow, onlyContacts?: ReadonlySet<number>): void {
    const spec = a.draft.spec;
    const del = onlyContacts
      ? this.db.prepare('DELETE FROM automation_due WHERE automation_id = ? AND contact_id IN (SELECT value FROM json_each(?))')
      : this.db.prepare('DELETE FROM automation_due WHERE automation_id = ?');
    const delArgs = onlyContacts ? [a.id, JSON.stringify([...onlyContacts])] : [a.id];
    if (a.state !== 'active' || spec.kind !== 'date_field') {
      del.run(...delArgs);
      return;
    }
    const nowMs = this.now();
    const after = Math.max(nowMs, a.activatedAt ? Date.parse(a.activatedAt) : nowMs);
    const calc = new OccurrenceCalculator(spec, a.draft.timeZone);
    const values = fieldValues(this.db, spec, onlyContacts);
    const insert = this.db.prepare('INSERT INTO automation_due (automation_id, contact_id, due_at, occurrence) VALUES (?, ?, ?, ?)');
    this.db.transaction(() => {
      const pending = new Map<number, { due_at: string; occurrence: string }>();
      const stillDue = this.db.prepare('SELECT contact_id, due_at, occurrence FROM automation_due WHERE automation_id = ? AND due_at <= ?');
      for (const r of stillDue.all(a.id, new Date(nowMs).toISOString()) as { contact_id: number; due_at: string; occurrence: string }[]) {
        pending.set(r.contact_id, r);
      }
      del.run(...delArgs);
      for (const v of values) {
        const kept = pending.get(v.contactId);
        if (kept) {
          const again = calc.next(v.raw, Date.parse(kept.due_at) - 1);
          if (again && again.occurrence === kept.occurrence) {
            insert.run(a.id, v.contactId, kept.due_at, kept.occurrence);
            continue;
          }
        }
        const d = calc.next(v.raw, after);
        if (d) insert.run(a.id, v.contactId, new Date(d.dueMs).toISOString(), d.occurrence);
      }
    })();
  }

  /**
   * Contacts changed: only those the triggers marked (schema 12's automation_due_dirty: added, changed, deleted, or
   * joined or left a group) are worked out again, for every switched-on date-field rule. Returns the rules touched.
   */
  applyChangedContacts(rules: readonly AutomationRow[]): number[] {
    return this.db.transaction(() => {
      const ids = this.db.prepare('SELECT contact_id FROM automation_due_dirty').pluck().all() as number[];
      this.db.prepare('DELETE FROM automation_due_dirty').run();
      if (ids.length === 0) return [];
      const only = new Set(ids);
      for (const a of rules) this.rebuild(a, only);
      return rules.map((a) => a.id);
    })();
  }

  /**
   * The runner recorded this contact's occurrence due at afterMs: its row moves to the next one after it (a yearly
   * rule's next year), or goes (a once-rule, or the contact's value is gone).
   */
  advance(a: AutomationRow, contactId: number, afterMs: number): void {
    const spec = a.draft.spec;
    const raw =
      spec.kind === 'date_field'
        ? (this.db.prepare('SELECT json_extract(custom, ?) FROM contacts WHERE id = ?').pluck().get(`$.${spec.field}`, contactId) as unknown)
        : null;
    const d = spec.kind === 'date_field' && raw !== null && raw !== undefined ? new OccurrenceCalculator(spec, a.draft.timeZone).next(String(raw), afterMs) : null;
    if (d) {
      this.db
        .prepare(
          `INSERT INTO automation_due (automation_id, contact_id, due_at, occurrence) VALUES (?, ?, ?, ?)
           ON CONFLICT (automation_id, contact_id) DO UPDATE SET due_at = excluded.due_at, occurrence = excluded.occurrence`,
        )
        .run(a.id, contactId, new Date(d.dueMs).toISOString(), d.occurrence);
    } else {
      this.db.prepare('DELETE FROM automation_due WHERE automation_id = ? AND contact_id = ?').run(a.id, contactId);
    }
  }

  /**
   * Who a date-field rule was due for after fromMs up to toMs (inclusive), earliest first, at most `limit`: worked out
   * from the contacts' values as a rebuild does, since a paused rule has no rows (switching on again asks this of the
   * pause's gap).
   */
  dueBetween(a: AutomationRow, fromMs: number, toMs: number, limit: number): DueRow[] {
    const spec = a.draft.spec;
    if (spec.kind !== 'date_field' || !(toMs > fromMs)) return [];
    const calc = new OccurrenceCalculator(spec, a.draft.timeZone);
    const found: { dueMs: number; contactId: number; occurrence: string }[] = [];
    for (const v of fieldValues(this.db, spec)) {
      for (const d of calc.between(v.raw, fromMs, toMs, limit)) found.push({ dueMs: d.dueMs, contactId: v.contactId, occurrence: d.occurrence });
    }
    found.sort((x, y) => x.dueMs - y.dueMs || x.contactId - y.contactId);
    return found.slice(0, limit).map((f) => ({ automationId: a.id, contactId: f.contactId, dueAt: new Date(f.dueMs).toISOString(), occurrence: f.occurrence }));
  }

  /** Rows due up to toMs (inclusive), earliest first: what the runner records next. */
  dueUpTo(automationId: number, toMs: number): DueRow[] {
    return (
      this.db
        .prepare('SELECT contact_id, due_at, occurrence FROM automation_due WHERE automation_id = ? AND due_at <= ? ORDER BY due_at, contact_id')
        .raw(true)
        .all(automationId, new Date(toMs).toISOString()) as [number, string, string][]
    ).map(([contactId, dueAt, occurrence]) => ({ automationId, contactId, dueAt, occurrence }));
  }

  /** The earliest row of an automation (its next run), or null. */
  earliest(automationId: number): string | null {
    return (this.db.prepare('SELECT MIN(due_at) FROM automation_due WHERE automation_id = ?').pluck().get(automationId) as string | null) ?? null;
  }
}
