// The number-lookup rules that run before any money is spent: which inputs are Danish numbers (the only
// ones the gateway looks up), why the others are refused, and what the lookup will roughly cost.
import type { LookupQuote, LookupResultRow } from '../../../src-shared/contract';
import type { HlrResponse } from '../gateway';
import { phoneOrigin } from '../../../src-shared/phone';

export type NumberCheck = { ok: true; msisdn: string } | { ok: false; reason: string };

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

function countryWords(iso: string | undefined): string | null {
  if (!iso) return null;
  try {
    return regionNames.of(iso) ?? null;
  } catch {
    return null;
  }
}

/** Why a number in international form (digits after + or 00) is not Danish. */
function foreignReason(digits: string): string {
  // Read with the numbering plans src-shared/phone.ts uses, so a lookup and an import never disagree.
  const origin = phoneOrigin(`+${digits}`);
  const country = countryWords(origin?.country);
  const where = !origin
    ? 'This is not a Danish number.'
    : country
      ? `This is a number in ${country} (+${origin.callingCode}).`
      : `This number has the country code +${origin.callingCode}, not +45.`;
  return `${where} Number lookup works only for Danish numbers (+45).`;
}

/**
 * A Danish number as the gateway takes it (45 and eight digits), or the reason it is refused.
 * Accepted: +45 12 34 56 78, 0045…, 4512345678 and eight digits without a country code.
 */
export function danishNumber(input: string): NumberCheck {
  const compact = input.trim().replace(/[\s\-.()/]/g, '');
  if (compact === '') return { ok: false, reason: 'Empty: type a phone number.' };
  const m = /^(\+|00)?(\d+)$/.exec(compact);
  if (!m) return { ok: false, reason: 'Not a phone number: use digits, optionally starting with +45.' };
  const international = m[1] !== undefined;
  const digits = m[2]!;
  if (international) {
    if (!digits.startsWith('45')) return { ok: false, reason: foreignReason(digits) };
    const national = digits.slice(2);
    if (national.length !== 8) return { ok: false, reason: `A Danish number has 8 digits after +45; this one has ${national.length}.` };
    return { ok: true, msisdn: digits };
  }
  if (digits.length === 8) return { ok: true, msisdn: `45${digits}` };
  if (digits.length === 10 && digits.startsWith('45')) return { ok: true, msisdn: digits };
  if (digits.length > 10) return { ok: false, reason: foreignReason(digits) };
  return { ok: false, reason: `A Danish number has 8 digits; this one has ${digits.length}.` };
}

export interface QuoteEntry {
  input: string;
  name?: string | undefined;
}

/** Sorts the inputs into Danish numbers (each once) and refusals, and prices the lookup at the last known unit price. */
export function quoteLookup(entries: readonly QuoteEntry[], lastPrice: { unitPrice: number; currency: string } | null): LookupQuote {
  const accepted: LookupQuote['accepted'] = [];
  const refused: LookupQuote['refused'] = [];
  const seen = new Set<string>();
  for (const e of entries) {
    const check = danishNumber(e.input);
    const name = e.name?.trim() ? e.name.trim() : null;
    if (!check.ok) {
      refused.push({ input: e.input, name, reason: check.reason });
      continue;
    }
    if (seen.has(check.msisdn)) continue;
    seen.add(check.msisdn);
    accepted.push({ msisdn: check.msisdn, input: e.input, name });
  }
  const unitPrice = lastPrice?.unitPrice ?? null;
  return {
    accepted,
    refused,
    unitPrice,
    currency: lastPrice?.currency ?? null,
    estimatedCost: unitPrice === null ? null : Math.round(unitPrice * accepted.length * 10_000) / 10_000,
  };
}

/** The digits of a number however the gateway wrote it as a key (+45…, 0045…, 45…). */
function keyDigits(key: string): string {
  return key.replace(/\D/g, '').replace(/^00/, '');
}

/** One row per number asked for, in the order asked; a number missing from the answer does not exist. */
export function lookupRows(asked: readonly { msisdn: string; name?: string | undefined }[], response: HlrResponse): LookupResultRow[] {
  const byDigits = new Map<string, HlrResponse['hlr'][string]>();
  for (const [key, value] of Object.entries(response.hlr)) byDigits.set(keyDigits(key), value);
  return asked.map((a) => {
    const hit = byDigits.get(a.msisdn);
    const name = a.name?.trim() ? a.name.trim() : null;
    if (!hit) return { msisdn: a.msisdn, name, exists: false, currentCarrier: null, originalCarrier: null, ported: null, type: null };
    return {
      msisdn: a.msisdn,
      name,
      exists: true,
      currentCarrier: hit.current_carrier.name,
      originalCarrier: hit.original_carrier.name,
      ported: hit.ported,
      type: hit.type,
    };
  });
}
