// Whose data a privacy request is about: a contact's number, or a typed number read as the contacts view reads it
// (the default country), and the ways that number is written in texts, for taking it out of free text.
import type { PrivacyPerson } from '../../../src-shared/contract';
import { coded } from '../../../src-shared/error-codes';
import { normalisePhone } from '../../../src-shared/phone';
import { defaultCountry } from '../contacts/contact-prefs';
import type { Db } from '../db/database';
import { BeskedError } from '../errors';

export interface Person {
  msisdn: number;
  /** "+4520123456". */
  e164: string;
  /** The national significant number ("20123456"). */
  national: string;
}

export function resolvePerson(db: Db, person: PrivacyPerson): Person {
  let typed: string;
  if ('contactId' in person) {
    const e164 = db.prepare('SELECT e164 FROM contacts WHERE id = ?').pluck().get(person.contactId) as string | undefined;
    if (e164 === undefined) throw new BeskedError('not_found', 'This contact no longer exists.', coded('privacy.contactGone'));
    typed = e164;
  } else {
    typed = person.phone;
  }
  const p = normalisePhone(typed, defaultCountry(db));
  if (!p.ok) throw new BeskedError('validation', 'This is not a phone number Besked can read.', coded('privacy.invalidNumber'));
  return { msisdn: p.msisdn, e164: p.e164, national: p.national };
}

const SEP = '[\\s\\u00a0\\u202f.\\-/()]*';

/**
 * Every way the number is likely written in a text: with or without + / 00 and the country code, in any grouping
 * (+45 20 12 34 56, 4520123456, 20-12-34-56), never as part of a longer run of digits.
 */
export function numberPattern(p: Pick<Person, 'msisdn' | 'national'>): RegExp {
  const all = String(p.msisdn);
  const cc = all.slice(0, all.length - p.national.length);
  const spaced = (digits: string) => digits.split('').join(SEP);
  const country = cc ? `(?:(?:(?:\\+|00)${SEP})?${spaced(cc)}${SEP})?` : '';
  return new RegExp(`(?<!\\d)${country}${spaced(p.national)}(?!\\d)`, 'g');
}
