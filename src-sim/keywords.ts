// Leased keywords (/api/vas): availability, leasing with an immediate full-month charge, cancellation to period end.
import { LegacyError } from './legacy-errors';
import { asInteger, asObject, asString, readLegacyFields } from './legacy-input';
import type { Platform } from './platform';
import { productPrice } from './prices';
import type { Reply, RouteContext } from './routing';
import { SHARED_SHORTCODE, type Keyword, type PlatformState } from './state';

/** Keywords other customers (or the service) hold on the shared short code. */
export const RESERVED_KEYWORDS = ['STOP', 'STOPP', 'START', 'HELP', 'INFO', 'AFMELD', 'TEST'] as const;

const KEYWORD = /^[\p{L}\p{N}]{1,20}$/u;

function requireFeature(platform: Platform): void {
  if (!platform.store.state.account.features.keywords) throw new LegacyError('notEnabled', ['Keyword management']);
}

/** End of the simulated calendar month (UTC) that contains `t`. */
export function endOfMonth(t: number): number {
  const d = new Date(t);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

export function isActive(k: Keyword, now: number): boolean {
  return k.activeUntil === null || now < k.activeUntil;
}

export function activeKeywords(state: PlatformState, now: number): Keyword[] {
  return state.keywords.filter((k) => isActive(k, now));
}

function same(a: string, b: string): boolean {
  return a.toLocaleUpperCase('da') === b.toLocaleUpperCase('da');
}

function readKeyword(f: Record<string, unknown>): { keyword: string; shortcode: number } {
  if (f['keyword'] === undefined) throw new LegacyError('missingField', ['keyword']);
  if (f['shortcode'] === undefined) throw new LegacyError('missingField', ['shortcode']);
  const keyword = asString(f['keyword'], 'keyword').trim();
  if (!KEYWORD.test(keyword)) throw new LegacyError('invalidValue', ['keyword', 'use 1 to 20 letters or digits']);
  const shortcode = asInteger(f['shortcode'], 'shortcode');
  if (shortcode < 100 || shortcode > 99_999_999) throw new LegacyError('invalidValue', ['shortcode', 'expected a short code of 3 to 8 digits']);
  return { keyword, shortcode };
}

function available(state: PlatformState, keyword: string, shortcode: number, now: number): boolean {
  if (shortcode === SHARED_SHORTCODE && RESERVED_KEYWORDS.some((r) => same(r, keyword))) return false;
  return !activeKeywords(state, now).some((k) => k.shortcode === shortcode && same(k.keyword, keyword));
}

function systemOf(shortcode: number): string {
  return shortcode === SHARED_SHORTCODE ? 'shared' : 'dedicated';
}

export function listKeywords(ctx: RouteContext): Reply {
  requireFeature(ctx.platform);
  const now = ctx.platform.clock.now();
  return {
    status: 200,
    body: activeKeywords(ctx.platform.store.state, now).map((k) => ({
      shortcode: k.shortcode,
      keyword: k.keyword,
      pushsetting_reference: k.pushsetting_reference,
    })),
  };
}

export async function checkKeyword(ctx: RouteContext): Promise<Reply> {
  requireFeature(ctx.platform);
  const { keyword, shortcode } = readKeyword(asObject(await readLegacyFields(ctx), 'body'));
  const ok = available(ctx.platform.store.state, keyword, shortcode, ctx.platform.clock.now());
  return { status: 200, body: { system: systemOf(shortcode), available: ok } };
}

export async function createKeyword(ctx: RouteContext): Promise<Reply> {
  const platform = ctx.platform;
  requireFeature(platform);
  const f = asObject(await readLegacyFields(ctx), 'body');
  const { keyword, shortcode } = readKeyword(f);
  const ref = f['pushsetting_reference'] == null ? null : asString(f['pushsetting_reference'], 'pushsetting_reference');
  const state = platform.store.state;
  const now = platform.clock.now();
  if (!available(state, keyword, shortcode, now)) throw new LegacyError('keywordTaken', [keyword, shortcode]);
  const price = productPrice('keyword', state.account.currency);
  if (!platform.store.debit(price)) {
    throw new LegacyError('insufficientCredit', [price.toFixed(2), state.account.currency, state.account.credit.toFixed(2)]);
  }
  state.keywords.push({ shortcode, keyword, pushsetting_reference: ref, createdAt: now, cancelledAt: null, activeUntil: null });
  platform.store.journal([
    { t: 'set', key: 'keywords', value: state.keywords },
    { t: 'set', key: 'account', value: state.account },
  ]);
  return { status: 201, body: { shortcode, keyword, pushsetting_reference: ref, account_id: state.account.id } };
}

export function deleteKeyword(ctx: RouteContext): Reply {
  const platform = ctx.platform;
  requireFeature(platform);
  const { keyword, shortcode } = readKeyword({ keyword: ctx.params['keyword'], shortcode: ctx.params['shortcode'] });
  const now = platform.clock.now();
  const k = platform.store.state.keywords.find((x) => x.shortcode === shortcode && same(x.keyword, keyword) && x.cancelledAt === null);
  if (!k) throw new LegacyError('notFound', ['Keyword', `${keyword} on ${shortcode}`]);
  // Cancelled, but it stays active until the end of the month that has been paid for.
  k.cancelledAt = now;
  k.activeUntil = endOfMonth(now);
  platform.store.journal([{ t: 'set', key: 'keywords', value: platform.store.state.keywords }]);
  return { status: 204 };
}

/** The active keyword an incoming message to `receiver` starts with, if any. */
export function matchKeyword(state: PlatformState, receiver: number, message: string, now: number): Keyword | undefined {
  const first = message.trim().split(/\s+/)[0] ?? '';
  if (!first) return undefined;
  return activeKeywords(state, now).find((k) => k.shortcode === receiver && same(k.keyword, first));
}
