// Account-level legacy endpoints: balance (/rest/me), price lists, usage by label and number lookup (/rest/hlr).
import ExcelJS from 'exceljs';
import { isCharged } from './delivery';
import { danishNumber, lookup, type HlrEntry } from './hlr';
import { LegacyError } from './legacy-errors';
import { asDate, asObject, asString, readLegacyFields } from './legacy-input';
import { priceList, productPrice, roundMoney, type PriceList } from './prices';
import type { Reply, RouteContext } from './routing';

/** The credit as the service shows it: a string with at least two decimals. */
export function formatCredit(credit: number): string {
  const fixed = credit.toFixed(4).replace(/0{1,2}$/, '');
  return fixed;
}

export function me(ctx: RouteContext): Reply {
  const a = ctx.platform.store.state.account;
  return { status: 200, body: { credit: formatCredit(a.credit), currency: a.currency, id: a.id } };
}

const PRICE_COLUMNS = ['country', 'country_name', 'prefix', 'dkk', 'eur'] as const;

function priceCsv(list: PriceList): string {
  const quote = (v: string | number) => (typeof v === 'string' && /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : String(v));
  const lines = ['type,' + PRICE_COLUMNS.join(',')];
  for (const tier of ['standard', 'premium'] as const) {
    for (const item of list[tier]) lines.push([tier, ...PRICE_COLUMNS.map((c) => item[c])].map(quote).join(','));
  }
  return lines.join('\r\n') + '\r\n';
}

let xlsxCache: Promise<Buffer> | null = null;

async function priceXlsx(list: PriceList): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const tier of ['standard', 'premium'] as const) {
    const ws = wb.addWorksheet(tier);
    ws.addRow([...PRICE_COLUMNS]);
    for (const item of list[tier]) ws.addRow(PRICE_COLUMNS.map((c) => item[c]));
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** GET /api/prices/list/sms/{json|csv|xlsx}; public (no token needed). */
export async function prices(ctx: RouteContext): Promise<Reply> {
  const format = ctx.params['format'] ?? '';
  const list = priceList();
  switch (format) {
    case 'json':
      return { status: 200, body: list };
    case 'csv':
      return {
        status: 200,
        headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="sms-prices.csv"' },
        body: priceCsv(list),
      };
    case 'xlsx':
      xlsxCache ??= priceXlsx(list);
      return {
        status: 200,
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition': 'attachment; filename="sms-prices.xlsx"',
        },
        body: await xlsxCache,
      };
    default:
      throw new LegacyError('notFound', ['Price list format', format]);
  }
}

interface UsageItem {
  amount: number;
  cost: number;
  country: string;
  currency: string;
  label: string | null;
  messageclass_id: string;
}

/** POST /api/usage/labels: SMS parts and cost per label, country and class for whole UTC days from..to. */
export async function usageByLabel(ctx: RouteContext): Promise<Reply> {
  const f = asObject(await readLegacyFields(ctx), 'body');
  if (f['from'] === undefined) throw new LegacyError('missingField', ['from']);
  if (f['to'] === undefined) throw new LegacyError('missingField', ['to']);
  const from = asDate(f['from'], 'from');
  const to = asDate(f['to'], 'to') + 86_400_000;
  if (to <= from) throw new LegacyError('invalidValue', ['to', 'must not be before from']);
  const label = f['label'] == null ? undefined : asString(f['label'], 'label');
  const state = ctx.platform.store.state;
  const currency = state.account.currency;
  const groups = new Map<string, UsageItem>();
  const add = (lbl: string | null, country: string | null, cls: string, parts: number, cost: number) => {
    if (!country) return;
    if (label !== undefined && lbl !== label) return;
    const key = `${lbl ?? '\u0000'}|${country}|${cls}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { amount: 0, cost: 0, country, currency, label: lbl, messageclass_id: cls }));
    g.amount += parts;
    g.cost += cost;
  };
  for (const r of state.messaging) {
    if (r.createdAt < from || r.createdAt >= to || !isCharged(r.outcome) || r.cost === 0) continue;
    add(r.label, r.country, 'standard', r.parts, r.cost);
  }
  for (const m of state.legacy) {
    if (m.createdAt < from || m.createdAt >= to || m.deletedAt !== null) continue;
    for (const r of m.recipients) if (r.cost > 0) add(m.label, r.country, m.class, r.parts, r.cost);
  }
  const items = [...groups.values()].map((g) => ({ ...g, cost: roundMoney(g.cost) }));
  items.sort(
    (a, b) =>
      (a.label ?? '').localeCompare(b.label ?? '') || a.country.localeCompare(b.country) || a.messageclass_id.localeCompare(b.messageclass_id),
  );
  return { status: 200, body: items };
}

const MAX_LOOKUPS = 10_000;

/** POST /rest/hlr: Danish numbers only; numbers that do not exist are left out; each valid number is charged. */
export async function hlr(ctx: RouteContext): Promise<Reply> {
  const platform = ctx.platform;
  if (!platform.store.state.account.features.hlr) throw new LegacyError('notEnabled', ['Number lookup']);
  const f = asObject(await readLegacyFields(ctx), 'body');
  const raw = f['msisdns'];
  if (raw === undefined) throw new LegacyError('missingField', ['msisdns']);
  const list = Array.isArray(raw) ? raw : [raw];
  if (list.length === 0) throw new LegacyError('invalidValue', ['msisdns', 'the list is empty']);
  if (list.length > MAX_LOOKUPS) throw new LegacyError('requestTooBig', [list.length, 'numbers', MAX_LOOKUPS]);
  const found: Record<string, HlrEntry> = {};
  let lookups = 0;
  for (const item of list) {
    const national = danishNumber(item);
    if (national === null) continue;
    const key = '45' + national;
    if (key in found) continue;
    const entry = lookup(national);
    if (!entry) continue;
    found[key] = entry;
    lookups++;
  }
  const account = platform.store.state.account;
  const cost = roundMoney(lookups * productPrice('hlr', account.currency));
  if (!platform.store.debit(cost)) {
    throw new LegacyError('insufficientCredit', [cost.toFixed(2), account.currency, account.credit.toFixed(2)]);
  }
  const done = { at: platform.clock.now(), lookups, cost };
  platform.store.state.lookups.push(done);
  platform.store.journal([
    { t: 'push', key: 'lookups', items: [done] },
    { t: 'set', key: 'account', value: account },
  ]);
  return { status: 200, body: { currency: account.currency, hlr: found, lookups, total_cost: cost } };
}
