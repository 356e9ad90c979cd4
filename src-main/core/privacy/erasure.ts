// "Delete everything about this person" (issue 28): one transaction that removes the person's contact, messages both
// ways, notes, assignments and consent log, and takes their number and name out of every other row that held them.
// A campaign's counts and costs are computed from its recipient rows, so the person's rows stay as placeholders
// without number, name or text (state, status, parts and cost kept); texts not sent yet are cancelled, never sent.
// What at-most-once still needs is kept as a keyed hash (erased-numbers.ts: an opt-out stays refused) or by the
// gateway's ids (a handed-over message can still be withdrawn; an erased inbound text is not stored again).
// Afterwards the caller rewrites the file (VACUUM) and empties the write-ahead log (erasure-finish.ts), so no copy
// lingers in free space or in the log; the transaction marks both as owed, so a start after a crash does them.
import type { Db } from '../db/database';
import type { ErasureResult } from '../../../src-shared/contract';
import { coded } from '../../../src-shared/error-codes';
import { BeskedError } from '../errors';
import { materialise } from '../campaigns/recipients/frozen-batches';
import { numberHash } from './number-hash';
import { recordErased } from './erased-numbers';
import { numberPattern, type Person } from './person';
import { forgetInDrafts } from './draft-recipients';
import { rechainAfterErasure, verifyChain } from '../audit/audit-chain';
import { markWipeDue } from './erasure-finish';

export const ERASED = '[erased]';

/** Erases the person; `at` is the core clock's time (UTC ISO). */
export function erasePerson(db: Db, person: Person, at: string): ErasureResult {
  const m = person.msisdn;
  if (db.prepare("SELECT 1 FROM campaign_recipients WHERE msisdn = ? AND state = 'in_flight'").get(m)) {
    throw new BeskedError('conflict', 'A text to this person is being handed to the gateway right now. Try again in a minute; nothing was deleted.', coded('privacy.messageInFlight'));
  }
  const contacts = db.prepare('SELECT id, first_name, last_name FROM contacts WHERE msisdn = ?').all(m) as { id: number; first_name: string; last_name: string }[];
  const scrub = scrubber(person, contacts);
  db.function('privacy_scrub', { deterministic: true }, (text: unknown) => (typeof text === 'string' ? scrub(text, false) : text));
  db.function('privacy_scrub_related', { deterministic: true }, (text: unknown) => (typeof text === 'string' ? scrub(text, true) : text));

  // Deleted rows are overwritten with zeros in the file, not only unlinked (from the batches below on); the rewrite
  // after the commit (erasure-finish.ts) leaves no free page at all.
  db.pragma('secure_delete = ON');
  try {
    // Frozen recipient lists hold numbers as bytes in batches: written as rows first, so the rows below are all there are.
    const batched = db.prepare('SELECT DISTINCT campaign_id FROM recipient_batches').pluck().all() as number[];
    for (const id of batched) materialise(db, id);
    const result = db.transaction((): ErasureResult => {
      db.prepare('INSERT INTO privacy_erasing (one) VALUES (1)').run();
      const ids = JSON.stringify(contacts.map((c) => c.id));
      const optedOut = db.prepare('SELECT 1 FROM opt_outs WHERE msisdn = ?').get(m) !== undefined;

      // The contact: groups, the date-field and welcome queues, the undo copy of an earlier delete.
      db.prepare('DELETE FROM automation_due WHERE contact_id IN (SELECT value FROM json_each(?))').run(ids);
      db.prepare('DELETE FROM automation_welcome_queue WHERE contact_id IN (SELECT value FROM json_each(?))').run(ids);
      db.prepare('DELETE FROM contact_trash WHERE contact_id IN (SELECT value FROM json_each(?)) OR privacy_scrub(data) IS NOT data').run(ids);
      const removedContacts = db.prepare('DELETE FROM contacts WHERE msisdn = ?').run(m).changes;
      db.prepare('DELETE FROM automation_due_dirty WHERE contact_id IN (SELECT value FROM json_each(?))').run(ids);

      // Consent: the log goes; an opt-out stays as the number's keyed hash.
      db.prepare('DELETE FROM opt_outs WHERE msisdn = ?').run(m);
      const consentEntries = db.prepare('DELETE FROM consent_log WHERE msisdn = ?').run(m).changes;
      recordErased(db, m, optedOut, at);

      // Texts to the person: not sent yet → cancelled; every row kept for the counts, without number, name or text.
      const cancelled = db
        .prepare("UPDATE campaign_recipients SET state = 'cancelled', reason = 'Erased at the customer''s request' WHERE msisdn = ? AND state IN ('queued', 'uncertain')")
        .run(m).changes;
      db.prepare(
        `UPDATE campaigns SET name = CASE WHEN kind = 'reply' THEN '' ELSE privacy_scrub(name) END, text = CASE WHEN kind = 'reply' THEN '' ELSE text END
         WHERE id IN (SELECT campaign_id FROM campaign_recipients WHERE msisdn = ?)`,
      ).run(m);
      const messagesOut = db
        .prepare('UPDATE campaign_recipients SET msisdn = -id, contact_id = NULL, name = NULL, text = \'\', tagvalues = NULL, reason = privacy_scrub(reason), status_error = privacy_scrub(status_error) WHERE msisdn = ?')
        .run(m).changes;
      db.prepare(`UPDATE campaign_exclusions SET label = '${ERASED}', msisdn = NULL, contact_id = NULL, detail = privacy_scrub(detail)
        WHERE msisdn = ? OR contact_id IN (SELECT value FROM json_each(?)) OR privacy_scrub(label) IS NOT label`).run(m, ids);
      db.prepare('UPDATE campaigns SET name = privacy_scrub(name), last_error = privacy_scrub(last_error) WHERE privacy_scrub(name) IS NOT name OR privacy_scrub(last_error) IS NOT last_error').run();
      forgetInDrafts(db, person, contacts.map((c) => c.id));

      // Texts from the person: gone, their gateway ids kept so a poll does not store (or answer) them again.
      db.prepare('INSERT OR IGNORE INTO erased_inbound (gateway, mosms_id) SELECT gateway, mosms_id FROM inbound_messages WHERE msisdn = ?').run(m);
      db.prepare('UPDATE auto_replies SET msisdn = -inbound_id, reason = privacy_scrub(reason) WHERE msisdn = ?').run(m);
      const messagesIn = db.prepare('DELETE FROM inbound_messages WHERE msisdn = ?').run(m).changes;

      // The shared inbox's notes and assignments of the conversation.
      const notes = db.prepare('DELETE FROM conversation_notes WHERE msisdn = ?').run(m).changes;
      db.prepare('DELETE FROM conversation_assignments WHERE msisdn = ?').run(m);

      // The account's records keep their costs; the number becomes its keyed hash.
      const hash = numberHash(db, m);
      for (const table of ['account_refunds', 'charge_statuses']) {
        db.prepare(`UPDATE ${table} SET msisdn = ? WHERE msisdn = ?`).run(hash, String(m));
      }
      db.prepare('UPDATE account_lookups SET results = privacy_scrub(results) WHERE privacy_scrub(results) IS NOT results').run();

      // The audit trail keeps every entry; only the person's number and name leave its words (schema 16 allows this
      // and nothing else, and only while privacy_erasing has its row).
      // An entry that named the number (a reply to the person) loses the person's first and last names too.
      // The chain (audit/audit-chain.ts) is walked first: an entry that was already broken stays where verification
      // finds it; the entries before it whose words changed are chained again, so the trail still verifies.
      const before = verifyChain(db, new Date(0).toISOString());
      const scrubbed = db
        .prepare(
          'UPDATE audit_log SET detail = privacy_scrub_related(detail), error = privacy_scrub_related(error) WHERE privacy_scrub(detail) IS NOT detail OR privacy_scrub(error) IS NOT error',
        )
        .run().changes;
      if (scrubbed > 0) rechainAfterErasure(db, before.ok ? null : before.broken!.id);
      db.prepare('DELETE FROM privacy_erasing').run();
      markWipeDue(db, at);
      return { contacts: removedContacts, messagesOut, cancelled, messagesIn, notes, consentEntries, optOutKept: optedOut };
    })();
    return result;
  } finally {
    db.pragma('secure_delete = OFF');
  }
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A run of letters matched whole (not inside a longer word), in any case. */
const wordRe = (w: string) => new RegExp(`(?<!\\p{L})${escapeRe(w)}(?!\\p{L})`, 'giu');

/**
 * Replaces the number in any writing, and the person's full name, with ERASED; `related` (a text that named the number)
 * also each of their first and last names. A number standing as a JSON value becomes the string "[erased]", so JSON
 * stays JSON.
 */
function scrubber(person: Person, contacts: readonly { first_name: string; last_name: string }[]): (text: string, related: boolean) => string {
  const number = numberPattern(person);
  const full = contacts.map((c) => `${c.first_name} ${c.last_name}`.trim()).filter((n) => n.includes(' ')).map(wordRe);
  const parts = contacts.flatMap((c) => [c.first_name.trim(), c.last_name.trim()]).filter((n) => n.length >= 2).map(wordRe);
  const names = (text: string, res: readonly RegExp[]) => res.reduce((out, re) => out.replace(re, ERASED), text);
  return (text, related) => {
    const out = names(
      text.replace(number, (match: string, at: number) => (/[:[,]/.test(text[at - 1] ?? '') && /[,}\]]/.test(text[at + match.length] ?? '') ? `"${ERASED}"` : ERASED)),
      full,
    );
    return related && out !== text ? names(out, parts) : out;
  };
}
