// Prices of SMS parts: which price-list row a phone number falls under (longest calling-code prefix) and what a send costs.

/** One row of the gateway's price list (GET /api/prices/list/sms/json): price per SMS part in DKK and EUR. */
export interface PriceRow {
  country: string;
  country_name: string;
  dkk: number;
  eur: number;
  prefix: number;
}

export interface PriceTable {
  standard: readonly PriceRow[];
  premium: readonly PriceRow[];
}

/** The list a message class is billed from: premium and secret use the premium route. */
export type PriceTier = 'standard' | 'premium';
export type MessageClass = 'standard' | 'premium' | 'secret';

export function tierForClass(cls: MessageClass): PriceTier {
  return cls === 'standard' ? 'standard' : 'premium';
}

/** The price-list column for an account currency; the gateway lists DKK and EUR only. */
export function priceColumn(currency: string): 'dkk' | 'eur' | null {
  const c = currency.trim().toUpperCase();
  if (c === 'DKK') return 'dkk';
  if (c === 'EUR') return 'eur';
  return null;
}

/** Calling codes are 1 to 3 digits; the list may carry longer ones (e.g. 1876 for Jamaica), so allow a little more. */
const MAX_PREFIX_DIGITS = 7;

/** Money is rounded to 1/10000 of the currency unit, the precision the gateway's prices use. */
export function roundMoney(n: number): number {
  return Math.round(n * 10_000) / 10_000;
}

/** Longest-prefix lookup over one tier of the price list. */
export class PriceIndex {
  private readonly byPrefix: Map<string, PriceRow>[];
  private readonly maxLen: number[];

  constructor(table: PriceTable) {
    this.byPrefix = [];
    this.maxLen = [];
    for (const tier of ['standard', 'premium'] as const) {
      const m = new Map<string, PriceRow>();
      let max = 0;
      for (const row of table[tier]) {
        const key = String(row.prefix);
        if (key.length > MAX_PREFIX_DIGITS || !/^\d+$/.test(key)) continue;
        // The first row for a prefix wins, so a duplicated row cannot silently change a price.
        if (!m.has(key)) m.set(key, row);
        if (key.length > max) max = key.length;
      }
      this.byPrefix.push(m);
      this.maxLen.push(max);
    }
  }

  /** The row whose prefix is the longest one the number starts with, or null when no row matches. */
  match(msisdn: number | string, tier: PriceTier): PriceRow | null {
    const digits = String(msisdn).replace(/^\+/, '');
    const t = tier === 'standard' ? 0 : 1;
    const map = this.byPrefix[t]!;
    for (let len = Math.min(this.maxLen[t]!, digits.length); len > 0; len--) {
      const row = map.get(digits.slice(0, len));
      if (row) return row;
    }
    return null;
  }

  /** Price of one part to this number in the currency, or null when the number or the currency has no price. */
  partPrice(msisdn: number | string, cls: MessageClass, currency: string): number | null {
    const col = priceColumn(currency);
    if (!col) return null;
    const row = this.match(msisdn, tierForClass(cls));
    return row ? row[col] : null;
  }
}

export interface CostLine {
  /** ISO country code from the price list ('' for numbers no row matched). */
  country: string;
  countryName: string;
  recipients: number;
  parts: number;
  /** Price per part; null when unpriced. */
  partPrice: number | null;
  cost: number;
}

export interface CostEstimate {
  currency: string;
  total: number;
  parts: number;
  recipients: number;
  /** Recipients whose country has no price (their cost is not in the total). */
  unpriced: number;
  byCountry: CostLine[];
}

/** Adds up a send recipient by recipient, pricing each once; `add` returns that recipient's cost. */
export class CostTally {
  private readonly col: 'dkk' | 'eur' | null;
  private readonly tier: PriceTier;
  private readonly lines = new Map<string, CostLine>();
  private total = 0;
  private parts = 0;
  private count = 0;
  private unpriced = 0;

  constructor(
    private readonly index: PriceIndex | null,
    cls: MessageClass,
    private readonly currency: string,
  ) {
    this.col = priceColumn(currency);
    this.tier = tierForClass(cls);
  }

  add(msisdn: number | string, parts: number): number {
    this.count++;
    this.parts += parts;
    const row = this.index ? this.index.match(msisdn, this.tier) : null;
    const price = row && this.col ? row[this.col] : null;
    const key = row ? row.country : '';
    let line = this.lines.get(key);
    if (!line) {
      line = { country: key, countryName: row?.country_name ?? '', recipients: 0, parts: 0, partPrice: price, cost: 0 };
      this.lines.set(key, line);
    }
    line.recipients++;
    line.parts += parts;
    if (price === null) {
      this.unpriced++;
      return 0;
    }
    const c = parts * price;
    line.cost += c;
    this.total += c;
    return c;
  }

  result(): CostEstimate {
    const byCountry = [...this.lines.values()]
      .map((l) => ({ ...l, cost: roundMoney(l.cost) }))
      .sort((a, b) => b.cost - a.cost || b.recipients - a.recipients);
    return { currency: this.currency, total: roundMoney(this.total), parts: this.parts, recipients: this.count, unpriced: this.unpriced, byCountry };
  }
}

/** Cost = parts × the part price of each recipient's country, summed; lines sorted by cost, highest first. */
export function estimateCost(
  recipients: Iterable<{ msisdn: number | string; parts: number }>,
  index: PriceIndex | null,
  cls: MessageClass,
  currency: string,
): CostEstimate {
  const tally = new CostTally(index, cls, currency);
  for (const r of recipients) tally.add(r.msisdn, r.parts);
  return tally.result();
}
