// The /_sim/ control API: account, inbound SMS, webhooks, ledger, faults, forced outcomes, clock and counters (never part
// of the real service).
import { z } from 'zod';
import { MAX_ADVANCE_S } from './clock';
import { NUMBER_OUTCOMES } from './delivery';
import { receiveInbound } from './inbox';
import { ledger } from './ledger';
import { FaultsSchema } from './faults';
import { isHttpUrl } from './legacy-input';
import type { Platform } from './platform';
import { isJsonType, mediaType, parseJson } from './request-body';
import { ReplyError, type Reply, type Route, type RouteContext } from './routing';
import { initialState, type PlatformState } from './state';

function bad(message: string, issues?: unknown): ReplyError {
  return new ReplyError({ status: 400, body: issues === undefined ? { error: message } : { error: message, issues } });
}

/** The JSON body checked against `schema`; 400 with the zod issues otherwise. */
function body<T extends z.ZodType>(ctx: RouteContext, schema: T): z.infer<T> {
  const type = mediaType(ctx.headers);
  if (ctx.body.length === 0) throw bad('A JSON body is required');
  if (type && !isJsonType(type)) throw bad(`Send JSON (Content-Type: application/json), not ${type}`);
  const parsed = parseJson(ctx.body);
  if (!parsed.ok) throw bad(`Malformed JSON: ${parsed.error}`);
  const result = schema.safeParse(parsed.value);
  if (!result.success) {
    throw bad(
      result.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; '),
      result.error.issues.map((i) => ({ path: i.path, message: i.message })),
    );
  }
  return result.data;
}

const HttpUrl = z.string().refine(isHttpUrl, 'expected an http or https URL');

const AccountSchema = z.object({
  credit: z.number().finite().min(0).optional(),
  currency: z.enum(['DKK', 'EUR']).optional(),
  features: z
    .object({
      keywords: z.boolean(),
      email: z.boolean(),
      hlr: z.boolean(),
      premium: z.boolean(),
      secret: z.boolean(),
      charge: z.boolean(),
    })
    .partial()
    .optional(),
  shortcodes: z.array(z.number().int().positive()).optional(),
});

const InboundSchema = z.object({
  msisdn: z.number().int().positive(),
  receiver: z.number().int().positive(),
  message: z.string(),
  sender: z.string().nullable().optional(),
});

const WebhookSchema = z.object({ url: HttpUrl, secret: z.string().nullable().optional() }).nullable();
const WebhooksSchema = z.object({ messaging: WebhookSchema.optional(), legacy: WebhookSchema.optional() });

// Keys are msisdns as the interfaces store them (digits, country code first); null lifts a forced outcome.
const OutcomesSchema = z.object({
  numbers: z.record(z.string().regex(/^[1-9]\d{5,14}$/, 'expected an msisdn: digits with the country code'), z.enum(NUMBER_OUTCOMES).nullable()),
});

const ClockSchema = z.object({ advance_seconds: z.number().finite().min(0).max(MAX_ADVANCE_S) });

function accountView(p: Platform) {
  const a = p.store.state.account;
  return { id: a.id, credit: a.credit, currency: a.currency, features: a.features, shortcodes: a.shortcodes };
}

function webhooksView(p: Platform) {
  return p.store.state.webhooks;
}

function outcomesView(p: Platform) {
  return { numbers: p.store.state.outcomes ?? {} };
}

function putOutcomes(ctx: RouteContext): Reply {
  const input = body(ctx, OutcomesSchema);
  const state = ctx.platform.store.state;
  const outcomes = { ...state.outcomes };
  for (const [msisdn, outcome] of Object.entries(input.numbers)) {
    if (outcome === null) delete outcomes[msisdn];
    else outcomes[msisdn] = outcome;
  }
  state.outcomes = outcomes;
  ctx.platform.store.journal([{ t: 'set', key: 'outcomes', value: outcomes }]);
  return { status: 200, body: outcomesView(ctx.platform) };
}

function clockView(p: Platform) {
  return { now: new Date(p.clock.now()).toISOString(), speed: p.clock.speed, pending: p.clock.pending() };
}

function putAccount(ctx: RouteContext): Reply {
  const input = body(ctx, AccountSchema);
  const a = ctx.platform.store.state.account;
  if (input.credit !== undefined) a.credit = input.credit;
  if (input.currency !== undefined) a.currency = input.currency;
  if (input.features) Object.assign(a.features, input.features);
  if (input.shortcodes) a.shortcodes = input.shortcodes;
  ctx.platform.store.journal([{ t: 'set', key: 'account', value: a }]);
  return { status: 200, body: accountView(ctx.platform) };
}

function postInbound(ctx: RouteContext): Reply {
  const input = body(ctx, InboundSchema);
  const sms = receiveInbound(ctx.platform, input);
  return { status: 201, body: { id: sms.id } };
}

function putWebhooks(ctx: RouteContext): Reply {
  const input = body(ctx, WebhooksSchema);
  const w = ctx.platform.store.state.webhooks;
  if (input.messaging !== undefined) w.messaging = input.messaging && { url: input.messaging.url, secret: input.messaging.secret ?? null };
  if (input.legacy !== undefined) w.legacy = input.legacy && { url: input.legacy.url, secret: input.legacy.secret ?? null };
  ctx.platform.store.journal([{ t: 'set', key: 'webhooks', value: w }]);
  return { status: 200, body: webhooksView(ctx.platform) };
}

function getLedger(ctx: RouteContext): Reply {
  const iface = ctx.query.get('interface');
  if (iface !== null && iface !== 'messaging' && iface !== 'legacy') throw bad('interface must be messaging or legacy');
  const id = ctx.query.get('id') ?? undefined;
  const messages = ledger(ctx.platform.store.state, ctx.platform.clock.now(), { ...(iface ? { iface } : {}), ...(id ? { id } : {}) });
  return { status: 200, body: { messages } };
}

function putFaults(ctx: RouteContext): Reply {
  const input = body(ctx, FaultsSchema);
  ctx.platform.faults.set(input.rules);
  return { status: 200, body: { rules: ctx.platform.faults.list() } };
}

async function postClock(ctx: RouteContext): Promise<Reply> {
  const input = body(ctx, ClockSchema);
  ctx.platform.clock.advance(input.advance_seconds);
  // Journaled at the new time, so a kill before the next state file cannot set the clock back (issue 27.7).
  ctx.platform.store.journal([{ t: 'clock' }]);
  // Callbacks signed asynchronously are queued before the call returns.
  await ctx.platform.settled();
  return { status: 200, body: clockView(ctx.platform) };
}

function getDeliveries(ctx: RouteContext): Reply {
  const state = ctx.query.get('state');
  let list = ctx.platform.dispatcher.deliveries();
  if (state) list = list.filter((d) => d.state === state);
  return { status: 200, body: { deliveries: list } };
}

function getEmails(ctx: RouteContext): Reply {
  return { status: 200, body: { emails: ctx.platform.store.state.emails } };
}

function reset(ctx: RouteContext): Reply {
  const state = ctx.platform.store.state;
  // The id counters go on: a gateway never hands out an id twice, and a client that kept its records across the
  // reset (a benchmark's Besked, a test core) would rightly take a repeated id for an answer it cannot trust.
  const fresh: PlatformState = { ...initialState(ctx.platform.name), counters: { ...state.counters } };
  // Keep the object identity the store and its indexes hold; swap the content.
  Object.assign(state, fresh);
  ctx.platform.store.reindex();
  ctx.platform.notifier.forgetScheduled();
  ctx.platform.faults.set([]);
  ctx.platform.stats.reset();
  ctx.platform.store.journal([{ t: 'reset', state: fresh }]);
  return { status: 200, body: accountView(ctx.platform) };
}

export const controlRoutes: Route[] = [
  { method: 'GET', path: '/_sim/account', auth: 'control', handler: (ctx) => ({ status: 200, body: accountView(ctx.platform) }) },
  { method: 'PUT', path: '/_sim/account', auth: 'control', handler: putAccount },
  { method: 'POST', path: '/_sim/inbound', auth: 'control', handler: postInbound },
  { method: 'GET', path: '/_sim/webhooks', auth: 'control', handler: (ctx) => ({ status: 200, body: webhooksView(ctx.platform) }) },
  { method: 'PUT', path: '/_sim/webhooks', auth: 'control', handler: putWebhooks },
  { method: 'GET', path: '/_sim/ledger', auth: 'control', handler: getLedger },
  { method: 'GET', path: '/_sim/faults', auth: 'control', handler: (ctx) => ({ status: 200, body: { rules: ctx.platform.faults.list() } }) },
  { method: 'PUT', path: '/_sim/faults', auth: 'control', handler: putFaults },
  { method: 'GET', path: '/_sim/outcomes', auth: 'control', handler: (ctx) => ({ status: 200, body: outcomesView(ctx.platform) }) },
  { method: 'PUT', path: '/_sim/outcomes', auth: 'control', handler: putOutcomes },
  { method: 'GET', path: '/_sim/clock', auth: 'control', handler: (ctx) => ({ status: 200, body: clockView(ctx.platform) }) },
  { method: 'POST', path: '/_sim/clock', auth: 'control', handler: postClock },
  { method: 'GET', path: '/_sim/stats', auth: 'control', handler: (ctx) => ({ status: 200, body: ctx.platform.stats.snapshot() }) },
  {
    method: 'DELETE',
    path: '/_sim/stats',
    auth: 'control',
    handler: (ctx) => {
      ctx.platform.stats.reset();
      return { status: 204 };
    },
  },
  { method: 'GET', path: '/_sim/deliveries', auth: 'control', handler: getDeliveries },
  { method: 'GET', path: '/_sim/emails', auth: 'control', handler: getEmails },
  { method: 'POST', path: '/_sim/reset', auth: 'control', handler: reset },
];
