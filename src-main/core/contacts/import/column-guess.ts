// Guesses where each column goes from its header (English and Danish names, as exports and people write
// them) and, where headers say nothing, from what the first rows hold. The owner confirms in the preview.
import type { BuiltinTarget, ColumnTarget } from '../../../../src-shared/contract';
import type { CountryCode } from '../../../../src-shared/phone';
import { normalisePhone } from '../../../../src-shared/phone';
import { customFieldKey } from '../merge-field-keys';

type Guessable = Exclude<BuiltinTarget, 'ignore'>;

// Normalised header texts (lowercase, letters and digits only) per target, best first.
const SYNONYMS: Record<Guessable, string[]> = {
  phone: [
    'mobile', 'mobil', 'mobilnummer', 'mobilnr', 'mobiltelefon', 'mobilephone', 'mobilenumber', 'mobileno', 'cell', 'cellphone',
    'cellular', 'msisdn', 'sms', 'smsnummer', 'phone', 'phonenumber', 'phoneno', 'telephone', 'telefon', 'telefonnummer',
    'telefonnr', 'tlf', 'tlfnr', 'tel', 'nummer', 'number', 'nr', 'recipient', 'modtager',
  ],
  firstName: ['firstname', 'first', 'givenname', 'forename', 'fornavn', 'fornavne'],
  lastName: ['lastname', 'last', 'surname', 'familyname', 'efternavn'],
  fullName: ['name', 'fullname', 'navn', 'fuldtnavn', 'fuldenavn', 'kundenavn', 'customer', 'customername', 'contact', 'contactname', 'kontakt', 'kontaktperson', 'kunde'],
  email: ['email', 'emailaddress', 'mail', 'emailadresse', 'mailadresse', 'epost', 'epostadresse'],
  company: ['company', 'companyname', 'organisation', 'organization', 'business', 'firma', 'firmanavn', 'virksomhed', 'virksomhedsnavn', 'forretning'],
  notes: ['notes', 'note', 'comment', 'comments', 'remarks', 'noter', 'notat', 'notater', 'bemaerkning', 'bemærkning', 'bemærkninger', 'kommentar', 'kommentarer'],
  groups: ['groups', 'group', 'gruppe', 'grupper', 'kundegruppe', 'kundegrupper', 'segment', 'segments', 'segmenter', 'lister'],
  optOut: ['optout', 'optedout', 'unsubscribed', 'unsubscribe', 'stop', 'afmeldt', 'frameldt', 'framelding', 'afmelding', 'fravalgt'],
};

// Words that make a header a phone column even with more around them ("Mobil (privat)", "Phone 2").
const PHONE_WORDS = ['mobil', 'mobile', 'telefon', 'phone', 'tlf', 'cell'];

export function normaliseHeader(h: string): string {
  return h
    .toLowerCase()
    .replace(/^\ufeff/, '')
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

function headerTarget(h: string): { target: Guessable; rank: number } | null {
  const n = normaliseHeader(h);
  if (n === '') return null;
  for (const [target, words] of Object.entries(SYNONYMS) as [Guessable, string[]][]) {
    const rank = words.indexOf(n);
    if (rank >= 0) return { target, rank };
  }
  if (PHONE_WORDS.some((w) => n.includes(w))) return { target: 'phone', rank: 100 };
  if (n.includes('email') || n.includes('mail')) return { target: 'email', rank: 100 };
  return null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The share of a column's non-empty sample values that read as phone numbers (or emails). */
function columnShare(rows: string[][], col: number, test: (v: string) => boolean): number {
  let n = 0;
  let hits = 0;
  for (const r of rows) {
    const v = (r[col] ?? '').trim();
    if (v === '') continue;
    n++;
    if (test(v)) hits++;
  }
  return n === 0 ? 0 : hits / n;
}

const isPhone = (country: CountryCode) => (v: string) => normalisePhone(v, country).ok;

/**
 * One target per column. Each built-in target goes to at most one column (the best-named one); other
 * named columns become custom fields, unnamed ones are ignored. Without a phone header, the column whose
 * values read as phone numbers is taken.
 */
export function guessMapping(headers: string[], sample: string[][], hasHeader: boolean, country: CountryCode): ColumnTarget[] {
  const mapping: ColumnTarget[] = headers.map(() => 'ignore');
  if (hasHeader) {
    const best = new Map<Guessable, { col: number; rank: number }>();
    headers.forEach((h, col) => {
      const t = headerTarget(h);
      if (!t) return;
      const cur = best.get(t.target);
      if (!cur || t.rank < cur.rank) best.set(t.target, { col, rank: t.rank });
    });
    for (const [target, { col }] of best) mapping[col] = target;
    // A full-name column is only needed when first and last names are not there separately.
    const full = best.get('fullName');
    if (full && best.has('firstName') && best.has('lastName')) mapping[full.col] = customTarget(headers[full.col]!);
    headers.forEach((h, col) => {
      if (mapping[col] === 'ignore' && h.trim() !== '') mapping[col] = customTarget(h);
    });
  }
  dedupeCustomKeys(mapping);
  if (!mapping.includes('phone')) {
    let bestCol = -1;
    let bestShare = 0.5;
    headers.forEach((_h, col) => {
      const share = columnShare(sample, col, isPhone(country));
      if (share > bestShare) {
        bestShare = share;
        bestCol = col;
      }
    });
    if (bestCol >= 0) mapping[bestCol] = 'phone';
  }
  if (!hasHeader && !mapping.includes('email')) {
    const col = headers.findIndex((_h, c) => mapping[c] === 'ignore' && columnShare(sample, c, (v) => EMAIL.test(v)) > 0.5);
    if (col >= 0) mapping[col] = 'email';
  }
  return mapping;
}

/** Two columns whose labels make the same key ("By", "By.") get key, key_2, … so both keep their values. */
function dedupeCustomKeys(mapping: ColumnTarget[]): void {
  const used = new Set<string>();
  mapping.forEach((t, i) => {
    if (typeof t === 'string') return;
    let key = t.custom;
    for (let n = 2; used.has(key); n++) key = `${t.custom.slice(0, 36)}_${n}`;
    used.add(key);
    if (key !== t.custom) mapping[i] = { custom: key, label: t.label };
  });
}

function customTarget(label: string): ColumnTarget {
  const clean = label.replace(/^\ufeff/, '').trim().slice(0, 80) || 'Field';
  return { custom: customFieldKey(clean), label: clean };
}

/** Whether the first row is a header: it is not when one of its cells is a phone number or an email address. */
export function guessHasHeader(first: string[], country: CountryCode): boolean {
  const phone = isPhone(country);
  return !first.some((c) => c.trim() !== '' && (phone(c) || EMAIL.test(c.trim())));
}

/** What identifies "the same kind of file" for remembering its mapping: its header texts. */
export function headerSignature(headers: string[]): string {
  return headers.map(normaliseHeader).join('|');
}
