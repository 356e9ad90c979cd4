// The simulator's own price list and the country of a phone number (longest calling-code prefix wins).

export type Currency = 'DKK' | 'EUR';
export type PriceTier = 'standard' | 'premium';

export interface Country {
  /** ISO 3166-1 alpha-2. */
  country: string;
  country_name: string;
  /** Calling code. */
  prefix: number;
  /** Mobile country code, used in stored messages and lookups. */
  mcc: number;
  /** Mobile network codes of the country's operators; a number's last digit picks one. */
  mncs: readonly number[];
  /** Price per SMS part in DKK. */
  standardDkk: number;
  premiumDkk: number;
}

/** DKK per EUR used to derive the EUR column; the real list is priced separately, this keeps the two consistent. */
const DKK_PER_EUR = 7.46;

// Prices per part in DKK. Premium is the better-quality route (class premium and secret).
const COUNTRIES: readonly Country[] = [
  { country: 'DK', country_name: 'Denmark', prefix: 45, mcc: 238, mncs: [1, 2, 20, 6], standardDkk: 0.13, premiumDkk: 0.19 },
  { country: 'SE', country_name: 'Sweden', prefix: 46, mcc: 240, mncs: [1, 7, 8, 2], standardDkk: 0.29, premiumDkk: 0.39 },
  { country: 'NO', country_name: 'Norway', prefix: 47, mcc: 242, mncs: [1, 2, 14], standardDkk: 0.33, premiumDkk: 0.45 },
  { country: 'FI', country_name: 'Finland', prefix: 358, mcc: 244, mncs: [5, 91, 12], standardDkk: 0.42, premiumDkk: 0.55 },
  { country: 'IS', country_name: 'Iceland', prefix: 354, mcc: 274, mncs: [1, 2, 11], standardDkk: 0.36, premiumDkk: 0.48 },
  { country: 'FO', country_name: 'Faroe Islands', prefix: 298, mcc: 288, mncs: [1, 2], standardDkk: 0.31, premiumDkk: 0.42 },
  { country: 'GL', country_name: 'Greenland', prefix: 299, mcc: 290, mncs: [1], standardDkk: 0.31, premiumDkk: 0.42 },
  { country: 'DE', country_name: 'Germany', prefix: 49, mcc: 262, mncs: [1, 2, 3], standardDkk: 0.55, premiumDkk: 0.71 },
  { country: 'GB', country_name: 'United Kingdom', prefix: 44, mcc: 234, mncs: [10, 15, 20, 30], standardDkk: 0.27, premiumDkk: 0.36 },
  { country: 'IE', country_name: 'Ireland', prefix: 353, mcc: 272, mncs: [1, 2, 5], standardDkk: 0.48, premiumDkk: 0.62 },
  { country: 'NL', country_name: 'Netherlands', prefix: 31, mcc: 204, mncs: [4, 8, 16], standardDkk: 0.58, premiumDkk: 0.74 },
  { country: 'BE', country_name: 'Belgium', prefix: 32, mcc: 206, mncs: [1, 10, 20], standardDkk: 0.61, premiumDkk: 0.78 },
  { country: 'LU', country_name: 'Luxembourg', prefix: 352, mcc: 270, mncs: [1, 77, 99], standardDkk: 0.44, premiumDkk: 0.57 },
  { country: 'FR', country_name: 'France', prefix: 33, mcc: 208, mncs: [1, 10, 20, 15], standardDkk: 0.46, premiumDkk: 0.6 },
  { country: 'ES', country_name: 'Spain', prefix: 34, mcc: 214, mncs: [1, 3, 7], standardDkk: 0.49, premiumDkk: 0.63 },
  { country: 'PT', country_name: 'Portugal', prefix: 351, mcc: 268, mncs: [1, 3, 6], standardDkk: 0.29, premiumDkk: 0.38 },
  { country: 'IT', country_name: 'Italy', prefix: 39, mcc: 222, mncs: [1, 10, 88], standardDkk: 0.52, premiumDkk: 0.67 },
  { country: 'CH', country_name: 'Switzerland', prefix: 41, mcc: 228, mncs: [1, 2, 3], standardDkk: 0.39, premiumDkk: 0.51 },
  { country: 'AT', country_name: 'Austria', prefix: 43, mcc: 232, mncs: [1, 3, 5], standardDkk: 0.57, premiumDkk: 0.73 },
  { country: 'PL', country_name: 'Poland', prefix: 48, mcc: 260, mncs: [1, 2, 3, 6], standardDkk: 0.24, premiumDkk: 0.32 },
  { country: 'CZ', country_name: 'Czechia', prefix: 420, mcc: 230, mncs: [1, 2, 3], standardDkk: 0.35, premiumDkk: 0.46 },
  { country: 'SK', country_name: 'Slovakia', prefix: 421, mcc: 231, mncs: [1, 2, 6], standardDkk: 0.41, premiumDkk: 0.53 },
  { country: 'HU', country_name: 'Hungary', prefix: 36, mcc: 216, mncs: [1, 30, 70], standardDkk: 0.54, premiumDkk: 0.7 },
  { country: 'RO', country_name: 'Romania', prefix: 40, mcc: 226, mncs: [1, 3, 10], standardDkk: 0.38, premiumDkk: 0.5 },
  { country: 'BG', country_name: 'Bulgaria', prefix: 359, mcc: 284, mncs: [1, 3, 5], standardDkk: 0.47, premiumDkk: 0.61 },
  { country: 'GR', country_name: 'Greece', prefix: 30, mcc: 202, mncs: [1, 5, 10], standardDkk: 0.34, premiumDkk: 0.45 },
  { country: 'EE', country_name: 'Estonia', prefix: 372, mcc: 248, mncs: [1, 2, 3], standardDkk: 0.4, premiumDkk: 0.52 },
  { country: 'LV', country_name: 'Latvia', prefix: 371, mcc: 247, mncs: [1, 2, 5], standardDkk: 0.37, premiumDkk: 0.49 },
  { country: 'LT', country_name: 'Lithuania', prefix: 370, mcc: 246, mncs: [1, 2, 3], standardDkk: 0.3, premiumDkk: 0.4 },
  { country: 'UA', country_name: 'Ukraine', prefix: 380, mcc: 255, mncs: [1, 3, 6], standardDkk: 0.62, premiumDkk: 0.8 },
  { country: 'TR', country_name: 'Turkey', prefix: 90, mcc: 286, mncs: [1, 2, 3], standardDkk: 0.21, premiumDkk: 0.28 },
  { country: 'US', country_name: 'United States', prefix: 1, mcc: 310, mncs: [260, 410, 120], standardDkk: 0.07, premiumDkk: 0.1 },
  { country: 'CN', country_name: 'China', prefix: 86, mcc: 460, mncs: [0, 1, 3], standardDkk: 0.31, premiumDkk: 0.41 },
  { country: 'IN', country_name: 'India', prefix: 91, mcc: 404, mncs: [10, 20, 45], standardDkk: 0.11, premiumDkk: 0.15 },
  { country: 'JP', country_name: 'Japan', prefix: 81, mcc: 440, mncs: [10, 20, 50], standardDkk: 0.56, premiumDkk: 0.72 },
  { country: 'AU', country_name: 'Australia', prefix: 61, mcc: 505, mncs: [1, 2, 3], standardDkk: 0.3, premiumDkk: 0.4 },
  { country: 'BR', country_name: 'Brazil', prefix: 55, mcc: 724, mncs: [5, 6, 31], standardDkk: 0.19, premiumDkk: 0.26 },
  { country: 'ZA', country_name: 'South Africa', prefix: 27, mcc: 655, mncs: [1, 7, 10], standardDkk: 0.17, premiumDkk: 0.23 },
  { country: 'AE', country_name: 'United Arab Emirates', prefix: 971, mcc: 424, mncs: [2, 3], standardDkk: 0.26, premiumDkk: 0.35 },
  { country: 'TH', country_name: 'Thailand', prefix: 66, mcc: 520, mncs: [1, 3, 4], standardDkk: 0.15, premiumDkk: 0.2 },
];

function round4(n: number): number {
  return Math.round(n * 10_000) / 10_000;
}

const BY_PREFIX = new Map<number, Country>(COUNTRIES.map((c) => [c.prefix, c]));
const BY_ISO = new Map<string, Country>(COUNTRIES.map((c) => [c.country, c]));

export function allCountries(): readonly Country[] {
  return COUNTRIES;
}

export function countryByIso(iso: string): Country | undefined {
  return BY_ISO.get(iso.toUpperCase());
}

/**
 * The destination country of a full international number (digits only, no + or 00), by the longest
 * calling code of up to three digits that the price list knows; undefined when none matches.
 */
export function countryOf(msisdn: number | string): Country | undefined {
  const digits = typeof msisdn === 'number' ? String(msisdn) : msisdn;
  for (let len = 3; len >= 1; len--) {
    if (digits.length <= len) continue;
    const c = BY_PREFIX.get(Number(digits.slice(0, len)));
    if (c) return c;
  }
  return undefined;
}

/** The network code a number is simulated to be on. */
export function mncOf(country: Country, msisdn: number | string): number {
  const s = String(msisdn);
  const last = s.charCodeAt(s.length - 1) - 48;
  return country.mncs[last % country.mncs.length]!;
}

/** Price of one SMS part. */
export function partPrice(country: Country, tier: PriceTier, currency: Currency): number {
  const dkk = tier === 'premium' ? country.premiumDkk : country.standardDkk;
  return currency === 'DKK' ? dkk : round4(dkk / DKK_PER_EUR);
}

export interface PriceListItem {
  country: string;
  country_name: string;
  dkk: number;
  eur: number;
  prefix: number;
}

export interface PriceList {
  premium: PriceListItem[];
  standard: PriceListItem[];
}

/** The price list in the shape of GET /api/prices/list/sms/json. */
export function priceList(): PriceList {
  const item = (c: Country, tier: PriceTier): PriceListItem => ({
    country: c.country,
    country_name: c.country_name,
    dkk: partPrice(c, tier, 'DKK'),
    eur: partPrice(c, tier, 'EUR'),
    prefix: c.prefix,
  });
  return {
    premium: COUNTRIES.map((c) => item(c, 'premium')),
    standard: COUNTRIES.map((c) => item(c, 'standard')),
  };
}

/** Fixed prices of the non-SMS products, per unit, in DKK. */
const PRODUCT_DKK = {
  /** One number lookup (HLR). */
  hlr: 0.05,
  /** One email to one recipient. */
  email: 0.01,
  /** One keyword for one month, charged in full when leased. */
  keyword: 250,
} as const;

export type Product = keyof typeof PRODUCT_DKK;

export function productPrice(product: Product, currency: Currency): number {
  const dkk = PRODUCT_DKK[product];
  return currency === 'DKK' ? dkk : round4(dkk / DKK_PER_EUR);
}

/** Money rounded as the account ledger keeps it, so repeated charges do not drift. */
export function roundMoney(n: number): number {
  return Math.round(n * 1_000_000) / 1_000_000;
}
