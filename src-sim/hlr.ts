// Number lookup rules: which Danish numbers exist, their type, carriers and porting, decided by their digits.

export interface Carrier {
  mcc: string;
  mnc: string;
  name: string;
}

export interface HlrEntry {
  current_carrier: Carrier;
  network_operator: Carrier;
  original_carrier: Carrier;
  ported: boolean;
  type: string;
}

const CARRIERS: readonly Carrier[] = [
  { mcc: '238', mnc: '01', name: 'TDC' },
  { mcc: '238', mnc: '02', name: 'Telenor' },
  { mcc: '238', mnc: '20', name: 'Telia' },
  { mcc: '238', mnc: '06', name: '3' },
];

/**
 * The Danish subscriber number (8 digits) in +45…, 0045…, 45… or plain 8-digit form; null for anything
 * else, including numbers of other countries.
 */
export function danishNumber(input: unknown): string | null {
  if (typeof input !== 'string' && typeof input !== 'number') return null;
  const s = String(input).trim().replace(/[\s-]/g, '');
  const m = /^(?:\+45|0045|45)?(\d{8})$/.exec(s);
  return m ? m[1]! : null;
}

/** The lookup result of an 8-digit Danish number, or null when the number does not exist (ends in 00). */
export function lookup(national: string): HlrEntry | null {
  if (national.endsWith('00')) return null;
  const last = Number(national[national.length - 1]);
  const original = CARRIERS[last % CARRIERS.length]!;
  // Numbers ending in 3, 6 or 9 have moved to the next carrier.
  const ported = last % 3 === 0 && last !== 0;
  const current = ported ? CARRIERS[(last + 1) % CARRIERS.length]! : original;
  return {
    current_carrier: current,
    network_operator: current,
    original_carrier: original,
    ported,
    type: last === 0 ? 'landline' : 'mobile',
  };
}
