// Phone numbers as people type and spreadsheets mangle them, turned into the one form Besked stores and the
// gateway takes: E.164 text and the MSISDN integer. Pure and shared, so import, composer and search agree.
import {
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  Metadata,
  parsePhoneNumberFromString,
  parsePhoneNumberWithError,
  ParseError,
  type CountryCode,
  type PhoneNumber,
} from 'libphonenumber-js/min';
import type { PhoneRejection } from './phone-rejections';
// The one import of libphonenumber in Besked, so every module reads numbers with the same metadata build
// (min: the builds disagree, e.g. max refuses +45 40 00 00 00); test/unit/foundation/phone-metadata.test.ts holds it.

export type { CountryCode };
// Why a number is refused, in words: a module of its own without libphonenumber, so the UI's texts load without it.
export { PHONE_REJECTION_MESSAGES, phoneRejectionMessage, type PhoneRejection } from './phone-rejections';
export { phoneSearchTokens } from './phone-search-tokens';

export interface Phone {
  ok: true;
  /** +4520123456 */
  e164: string;
  /** 4520123456: what the gateway's `recipient`/`msisdn` fields take. */
  msisdn: number;
  /** The country the number belongs to, when the numbering plan says (not for shared calling codes' specials). */
  country: CountryCode | undefined;
  /** The national significant number (20123456): what people type without the country code. */
  national: string;
}

export type PhoneResult = Phone | { ok: false; reason: PhoneRejection };

/** The gateway takes MSISDNs above 1000 and up to 15 digits (messaging interface, `recipient`). */
export const MSISDN_MIN_EXCLUSIVE = 1000;
export const MSISDN_MAX = 999_999_999_999_999;

// Characters that separate digit groups in the wild (including the no-break spaces Excel and Word insert).
const SEPARATORS = /[\s\u00a0\u202f\u2007\-./()\u2010-\u2015]/g;
const ALLOWED = /^\(?\+?[\d\s\u00a0\u202f\u2007\-./()\u2010-\u2015]*$/;
const SCIENTIFIC = /^\d+(?:[.,]\d+)?e\+?\d+$/i;

/**
 * Normalises any common way of writing a number: spaces, dashes, dots, brackets, a leading + or 00, the
 * "+45 (0)…" habit, a tel: prefix, the apostrophe that defused spreadsheet exports put in front, and a
 * country code whose + a spreadsheet dropped (4520123456 with Denmark as default is +45 20 12 34 56).
 * Numbers without a country code are read in `defaultCountry`.
 */
export function normalisePhone(raw: string, defaultCountry?: CountryCode): PhoneResult {
  return normalise(raw, defaultCountry, true);
}

/** normalisePhone read by libphonenumber's parse alone: the reference its plain-plan reading is tested against. */
export function normalisePhoneByParse(raw: string, defaultCountry?: CountryCode): PhoneResult {
  return normalise(raw, defaultCountry, false);
}

function normalise(raw: string, defaultCountry: CountryCode | undefined, plainPlans: boolean): PhoneResult {
  let s = raw.trim();
  if (s.startsWith("'")) s = s.slice(1).trim();
  if (/^tel:/i.test(s)) s = s.slice(4).trim();
  if (s === '') return { ok: false, reason: 'empty' };
  if (SCIENTIFIC.test(s)) return { ok: false, reason: 'scientific' };
  // "+45 (0) 20 12 34 56": the (0) is the national trunk prefix that must not be dialled after a country code.
  s = s.replace(/^(\+|00)\s*(\d{1,4})\s*\(0\)/, '$1$2');
  if (!ALLOWED.test(s)) return { ok: false, reason: 'not_a_number' };
  let digits = s.replace(SEPARATORS, '');
  const international = digits.startsWith('+') || digits.startsWith('00');
  if (digits.startsWith('00')) digits = '+' + digits.slice(2);
  if (digits.replace('+', '') === '') return { ok: false, reason: 'not_a_number' };

  // Most numbers in a file are plain ones of a plain plan (a Danish 8-digit mobile): read from the plan's own
  // pattern, without the parse's allocations (4–5 KB a number, half the import's reading in garbage collection).
  const plain = plainPlans ? readPlain(digits, international ? undefined : defaultCountry) : null;
  if (plain) return plain;
  if (international) return fromParsed(digits, undefined);
  if (!defaultCountry) {
    // Without a country we can only read it as international (as if the + had been lost).
    const asIntl = fromParsed('+' + digits, undefined);
    return asIntl.ok ? asIntl : { ok: false, reason: 'needs_country' };
  }
  const national = fromParsed(digits, defaultCountry);
  if (national.ok) return national;
  // A spreadsheet that stored "+4520123456" or "004520123456" as a number shows 4520123456.
  if (digits.length >= 8) {
    const asIntl = fromParsed('+' + digits, undefined);
    if (asIntl.ok) return asIntl;
  }
  return national;
}

/**
 * A plain numbering plan: its calling code is its alone, and it has no national prefix (Denmark; not Norway, whose
 * 0 is a national prefix for parsing, nor Sweden's 0, nor the 25 countries of +1).
 */
interface PlainPlan {
  country: CountryCode;
  callingCode: string;
  /** The plan's national number pattern, whole (it holds the plan's lengths too). */
  national: RegExp;
  /** A national number starting with the plan's international dialling prefix is one the parse reads otherwise. */
  idd: RegExp | null;
}

/** The parts of libphonenumber's numbering plan read here (its types leave them out). */
interface PlanReader {
  nationalNumberPattern(): string;
  nationalPrefix(): string | undefined;
  nationalPrefixForParsing(): string | undefined;
  IDDPrefix(): string | undefined;
}

/** libphonenumber's Metadata with the lookups used here (its types leave them out). */
type MetadataReader = Metadata & {
  getCountryCodesForCallingCode(code: string): string[] | undefined;
  isNonGeographicCallingCode(code: string): boolean;
};
const metadata = () => new Metadata() as MetadataReader;

const plans = new Map<string, PlainPlan | null>();

function plainPlan(country: CountryCode): PlainPlan | null {
  let plan = plans.get(country);
  if (plan !== undefined) return plan;
  plan = null;
  const m = metadata();
  m.selectNumberingPlan(country);
  const np = m.numberingPlan as unknown as PlanReader;
  const callingCode = getCountryCallingCode(country);
  if (!np.nationalPrefix() && !np.nationalPrefixForParsing() && m.getCountryCodesForCallingCode(callingCode)?.length === 1) {
    const idd = np.IDDPrefix();
    plan = { country, callingCode, national: new RegExp(`^(?:${np.nationalNumberPattern()})$`), idd: idd ? new RegExp(`^(?:${idd})`) : null };
  }
  plans.set(country, plan);
  return plan;
}

/**
 * What a calling code is, looked up once: absent when no country or service has it, else its plain plan (null when it
 * has none: a shared code such as +1, a national prefix, a non-geographic service).
 */
const callingCodes = new Map<string, { plan: PlainPlan | null } | null>();

function callingCode(code: string): { plan: PlainPlan | null } | null {
  let entry = callingCodes.get(code);
  if (entry !== undefined) return entry;
  const m = metadata();
  const countries = m.getCountryCodesForCallingCode(code);
  entry =
    countries !== undefined || m.isNonGeographicCallingCode(code)
      ? { plan: countries?.length === 1 && isSupportedCountry(countries[0]!) ? plainPlan(countries[0] as CountryCode) : null }
      : null;
  callingCodes.set(code, entry);
  return entry;
}

/**
 * A number of a plain plan whose national number the plan's pattern takes whole: the very result the parse gives
 * (test/unit/contacts/phone-plain.test.ts checks every plain plan against it). Null for everything else, which the
 * parse reads. `digits` is + and digits (international), or digits read in `country`.
 */
function readPlain(digits: string, country: CountryCode | undefined): Phone | null {
  let plan: PlainPlan | null = null;
  let national = '';
  if (digits.startsWith('+')) {
    // Calling codes are prefix-free: at most one of the first one to three digits is one.
    for (let n = 1; n <= 3; n++) {
      const entry = callingCode(digits.slice(1, 1 + n));
      if (entry) {
        plan = entry.plan;
        national = digits.slice(1 + n);
        break;
      }
    }
  } else if (country) {
    plan = plainPlan(country);
    national = digits;
    if (plan?.idd?.test(national)) return null;
  }
  if (!plan || !plan.national.test(national)) return null;
  const msisdn = Number(plan.callingCode + national);
  if (!Number.isSafeInteger(msisdn) || msisdn <= MSISDN_MIN_EXCLUSIVE || msisdn > MSISDN_MAX) return null;
  return { ok: true, e164: `+${plan.callingCode}${national}`, msisdn, country: plan.country, national };
}

function fromParsed(text: string, country: CountryCode | undefined): PhoneResult {
  let p: PhoneNumber;
  try {
    p = parsePhoneNumberWithError(text, country);
  } catch (err) {
    return { ok: false, reason: reasonFor(err) };
  }
  if (!p.isValid()) {
    const digits = p.number.length - 1;
    if (digits > 15) return { ok: false, reason: 'too_long' };
    return { ok: false, reason: 'invalid' };
  }
  const msisdn = Number(p.number.slice(1));
  if (!Number.isSafeInteger(msisdn) || msisdn <= MSISDN_MIN_EXCLUSIVE) return { ok: false, reason: 'too_short' };
  if (msisdn > MSISDN_MAX) return { ok: false, reason: 'too_long' };
  return { ok: true, e164: p.number, msisdn, country: p.country, national: p.nationalNumber };
}

function reasonFor(err: unknown): PhoneRejection {
  if (err instanceof ParseError) {
    switch (err.message) {
      case 'INVALID_COUNTRY':
        return 'unknown_country_code';
      case 'TOO_SHORT':
        return 'too_short';
      case 'TOO_LONG':
        return 'too_long';
      case 'NOT_A_NUMBER':
        return 'not_a_number';
      case 'INVALID_LENGTH':
        return 'invalid';
    }
  }
  return 'invalid';
}

/**
 * Whose number an international number (+ and digits) is, even when no numbering plan has such a number:
 * its calling code, and its country when the code or the digits tell. Null when it cannot be read.
 */
export function phoneOrigin(international: string): { callingCode: string; country: CountryCode | undefined } | null {
  const p = parsePhoneNumberFromString(international);
  return p ? { callingCode: p.countryCallingCode, country: p.country } : null;
}

/** "+45 20 12 34 56": the international format for display. */
export function formatPhone(e164: string): string {
  try {
    return parsePhoneNumberWithError(e164).formatInternational();
  } catch {
    return e164;
  }
}


/**
 * When a search text is a phone number (or the start of one) in any format, the digits to look for:
 * "+45 20-12" → "452012", "0045 2012" → "452012", "(20) 12 34" → "201234". Null when it is not number-like.
 */
export function phoneQueryDigits(query: string): string | null {
  const s = query.trim();
  if (!/^(\+|00)?[\d\s\u00a0\-./()]+$/.test(s)) return null;
  let digits = s.replace(/\D/g, '');
  if (s.startsWith('00')) digits = digits.slice(2);
  return digits.length >= 2 ? digits : null;
}

export function isCountryCode(code: string): code is CountryCode {
  return isSupportedCountry(code);
}

/** Every country libphonenumber knows, with its calling code, for a country picker. */
export function countryOptions(): { code: CountryCode; callingCode: string }[] {
  return getCountries().map((code) => ({ code, callingCode: getCountryCallingCode(code) }));
}
