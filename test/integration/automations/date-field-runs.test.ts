// Date-field automations against the test gateway over real HTTP, on its clock: a year of birthdays for 10,000
// contacts sends each contact exactly the greetings the rule gives (once a year), contacts due at the same instant
// share one run, and a contact who opts out before a handed-over greeting has it withdrawn.
import { afterEach, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { dateFieldOccurrence } from '../../../src-shared/automations/date-occurrence';
import { parseDateValue } from '../../../src-shared/automations/date-values';
import { perTest, type TestCore } from '../campaigns/helpers';
import { activate, birthdays, occurrences, settled, simNow } from './runner-helpers';

const p = perTest();
afterEach(() => p.after());

const zone = 'Europe/Copenhagen';
const DAY = 86_400;


/** n contacts written straight to the table (fast), each with a birthday spread over the year as CSV import stores it. */
function addContacts(t: TestCore, n: number, value: (i: number) => string): Map<number, { msisdn: number; raw: string }> {
  const at = new Date().toISOString();
  const insert = t.core.db.prepare(
    'INSERT INTO contacts (first_name, e164, msisdn, custom, sort_key, search_phone, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const out = new Map<number, { msisdn: number; raw: string }>();
  t.core.db.transaction(() => {
    for (let i = 0; i < n; i++) {
      const msisdn = 4530000000 + i;
      const raw = value(i);
      const id = Number(insert.run(`P${i}`, `+${msisdn}`, msisdn, JSON.stringify({ birthday: raw }), `p${i}`, String(msisdn), at, at).lastInsertRowid);
      out.set(id, { msisdn, raw });
    }
  })();
  return out;
}

/** dd-mm-yyyy of the i-th day of 1981 (not a leap year), a different birth year for every few contacts. */
function spreadBirthday(i: number): string {
  const d = new Date(Date.UTC(1981, 0, 1) + (i % 365) * 86_400_000);
  const dd = String(d.getUTCDate()).padStart(2, '0');
  const mm = String(d.getUTCMonth() + 1).padStart(2, '0');
  return `${dd}-${mm}-${1950 + (i % 50)}`;
}

describe('a date-field automation', () => {
  it('greets each of 10,000 contacts on their birthday exactly once over a year', { timeout: 180_000 }, async () => {
    const t = await p.core();
    const people = addContacts(t, 10_000, spreadBirthday);
    // The longest look-ahead (72 h): the clock moves three days at a time and every greeting is handed over before
    // its time, as it would be with Besked running.
    await t.ok('settings.update', { automations: { lookAheadHours: 72, graceMinutes: 120 } });
    const start = await simNow(t);
    const id = await activate(t, birthdays, { name: 'Birthday' });
    // 360 days: the campaigns' preview refuses a send time more than a year past the computer's clock.
    for (let day = 0; day < 360; day += 3) {
      await t.ok('sandbox.advanceClock', { seconds: 3 * DAY });
      await settled(t, 60_000);
    }
    const end = await simNow(t);
    const counts = new Map<number, number>();
    // Every message the gateway took counts, whatever became of it (the test gateway's operators delete some).
    for (const e of await t.ledger()) counts.set(e.recipient, (counts.get(e.recipient) ?? 0) + 1);
    // What the rule owes each contact from switch-on to the end and the day handed over ahead beyond it.
    let total = 0;
    for (const { msisdn, raw } of people.values()) {
      let owed = 0;
      for (let after = start; ; ) {
        const next = dateFieldOccurrence(birthdays, zone, parseDateValue(raw)!, after);
        if (!next || next.dueMs > end + 72 * 3_600_000) break;
        owed++;
        after = next.dueMs;
      }
      total += owed;
      expect(counts.get(msisdn) ?? 0, `contact ${msisdn} (${raw})`).toBe(owed);
    }
    // 363 days of a 365-day year of birthdays.
    expect(total).toBeGreaterThanOrEqual(9_900);
    const rows = occurrences(t, id);
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((r) => `${r.occurrence}|${r.contact_id}`)).size).toBe(total);
    // Contacts due at the same instant share one run: about one campaign a day, not one per contact.
    const campaigns = new Set(rows.map((r) => r.campaign_id));
    expect(campaigns.size).toBeLessThanOrEqual(366);
  });

  it('withdraws a handed-over greeting when the contact opts out, and sends the others', async () => {
    const t = await p.core();
    const start = await simNow(t);
    // Birthdays 10 hours from now (local date and time): within the look-ahead, so handed over at once.
    const due = DateTime.fromMillis(start + 10 * 3_600_000, { zone });
    const people = [...addContacts(t, 3, () => due.toFormat('dd-MM-1980'))];
    const id = await activate(t, { ...birthdays, time: due.toFormat('HH:mm') }, { name: 'Birthday' });
    expect(occurrences(t, id).map((r) => r.state)).toEqual(['handed_over', 'handed_over', 'handed_over']);
    const [contactId, { msisdn }] = people[0]!;
    // As the contacts' opt-out does: the number joins opt_outs and contacts.changed is told.
    t.core.db.prepare("INSERT INTO opt_outs (msisdn, source, by, at) VALUES (?, 'manual', 'test', ?)").run(msisdn, new Date().toISOString());
    t.core.events.emit('contacts.changed', { reason: 'consent' });
    await settled(t);
    const rows = occurrences(t, id);
    // Withdrawn at the gateway (and, when the due index offers the birthday again, recorded as skipped: opted out).
    expect(['withdrawn', 'skipped']).toContain(rows.find((r) => r.contact_id === contactId)!.state);
    expect(rows.filter((r) => r.contact_id !== contactId).map((r) => r.state)).toEqual(['handed_over', 'handed_over']);
    const ledger = (await t.ledger()).filter((e) => e.interface === 'legacy');
    expect(ledger.find((e) => e.recipient === msisdn)!.status).toBe('DELETED');
    expect(ledger.filter((e) => e.recipient !== msisdn).map((e) => e.status)).toEqual(['SCHEDULED', 'SCHEDULED']);
  });
});
