// How a contact is laid out in the contacts table: the stored columns, and the derived ones (sort key and
// search texts) computed from them on every write so that list order and search never go stale.
import type { ContactFields } from './merge-rules';
import { sortKey } from './sort-key';
import { phoneSearchTokens } from '../../../src-shared/phone-search-tokens';

export interface ContactColumns {
  first_name: string;
  last_name: string;
  e164: string;
  msisdn: number;
  email: string;
  company: string;
  custom: string;
  notes: string;
  sort_key: string;
  search_phone: string;
  search_custom: string;
}

export interface PhoneParts {
  e164: string;
  msisdn: number;
  national: string;
}

export function toColumns(phone: PhoneParts, f: ContactFields): ContactColumns {
  return {
    first_name: f.firstName,
    last_name: f.lastName,
    e164: phone.e164,
    msisdn: phone.msisdn,
    email: f.email,
    company: f.company,
    custom: JSON.stringify(f.custom),
    notes: f.notes,
    sort_key: sortKey(f.firstName, f.lastName, phone.e164),
    search_phone: phoneSearchTokens(phone),
    search_custom: Object.values(f.custom).join(' '),
  };
}

export interface StoredContact {
  id: number;
  first_name: string;
  last_name: string;
  e164: string;
  msisdn: number;
  email: string;
  company: string;
  custom: string;
  notes: string;
  search_phone: string;
  created_at: string;
  updated_at: string;
}

export function fieldsOf(row: Pick<StoredContact, 'first_name' | 'last_name' | 'email' | 'company' | 'notes' | 'custom'>): ContactFields {
  return {
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    company: row.company,
    notes: row.notes,
    custom: parseCustom(row.custom),
  };
}

export function parseCustom(json: string): Record<string, string> {
  try {
    const v = JSON.parse(json) as unknown;
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const out: Record<string, string> = {};
      for (const [k, x] of Object.entries(v)) if (typeof x === 'string') out[k] = x;
      return out;
    }
  } catch {
    // A damaged value reads as no custom fields rather than hiding the contact.
  }
  return {};
}

/** The national number is the tail of search_phone's second token (see phoneSearchTokens). */
export function phonePartsOf(row: Pick<StoredContact, 'e164' | 'msisdn' | 'search_phone'>): PhoneParts {
  return { e164: row.e164, msisdn: row.msisdn, national: row.search_phone.split(' ')[1] ?? '' };
}
