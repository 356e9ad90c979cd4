// The messaging interface: POST /mobile/single and /mobile/multi, from JSON body to accepted, charged messages.
import { countSegments } from '../src-shared/sms/segments';
import { channelOf, isCharged, outcomeFor, type Outcome } from './delivery';
import { validateBatch, validateMessage, type ValidationIssue, type ValidMessage } from './messaging-validation';
import type { Platform } from './platform';
import { countryOf, partPrice, roundMoney } from './prices';
import { isJsonType, mediaType, parseJson } from './request-body';
import type { Reply, Route, RouteContext } from './routing';
import { senderProblem } from './sender-rules';
import type { MessagingRecord } from './state';

function unprocessable(detail: ValidationIssue[]): Reply {
  return { status: 422, body: { detail } };
}

/** The JSON body, or the 422 a FastAPI-style service gives for a missing, non-JSON or malformed one. */
function jsonBody(ctx: RouteContext): { ok: true; value: unknown } | { ok: false; reply: Reply } {
  if (ctx.body.length === 0)
    return { ok: false, reply: unprocessable([{ loc: ['body'], msg: 'Field required', type: 'missing', input: null }]) };
  if (!isJsonType(mediaType(ctx.headers))) {
    const text = ctx.body.toString('utf8');
    return {
      ok: false,
      reply: unprocessable([
        { loc: ['body'], msg: 'Input should be a valid dictionary or object to extract fields from', type: 'model_attributes_type', input: text.slice(0, 1000) },
      ]),
    };
  }
  const parsed = parseJson(ctx.body);
  if (!parsed.ok)
    return {
      ok: false,
      reply: unprocessable([{ loc: ['body', parsed.position], msg: 'JSON decode error', type: 'json_invalid', input: {}, ctx: { error: parsed.error } }]),
    };
  return parsed;
}

/** Turns validated messages into stored, charged records, in order; credit is checked message by message. */
export function acceptMessages(platform: Platform, messages: readonly ValidMessage[]): MessagingRecord[] {
  const now = platform.clock.now();
  const store = platform.store;
  const currency = store.state.account.currency;
  const records: MessagingRecord[] = new Array(messages.length);
  // Texts repeat in a batch far more often than not; count each distinct text once.
  let lastText: string | null = null;
  let lastCount: ReturnType<typeof countSegments> | null = null;
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i]!;
    if (m.message !== lastText) {
      lastText = m.message;
      lastCount = countSegments(m.message);
    }
    const count = lastCount!;
    const parts = Math.max(1, count.segments);
    const country = countryOf(m.recipient);
    let outcome: Outcome;
    if (!country) outcome = 'no_route';
    else if (senderProblem(m.sender, country)) outcome = 'rejected_sender';
    else outcome = outcomeFor(store.state.outcomes, m.recipient, 'messaging');
    let cost = 0;
    if (country && isCharged(outcome)) {
      cost = roundMoney(parts * partPrice(country, 'standard', currency));
      if (!store.debit(cost)) {
        outcome = 'rejected_credit';
        cost = 0;
      }
    }
    records[i] = {
      id: platform.newUlid(),
      recipient: m.recipient,
      sender: m.sender,
      text: m.message,
      reference: m.reference,
      label: m.label,
      priority: m.priority,
      encoding: count.encoding,
      parts,
      country: country?.country ?? null,
      cost,
      outcome,
      channel: channelOf(outcome),
      createdAt: now,
      expiresAt: m.expiresAt,
    };
  }
  store.addMessaging(records);
  platform.notifier.messagingAccepted(records);
  return records;
}

function submitResponse(r: MessagingRecord) {
  return { msg_id: r.id, recipient: r.recipient, reference: r.reference };
}

function single(ctx: RouteContext): Reply {
  const body = jsonBody(ctx);
  if (!body.ok) return body.reply;
  const issues: ValidationIssue[] = [];
  const valid = validateMessage(body.value, ['body'], ctx.platform.clock.now(), issues);
  if (!valid) return unprocessable(issues);
  const [record] = acceptMessages(ctx.platform, [valid]);
  return { status: 202, body: submitResponse(record!) };
}

function multi(ctx: RouteContext): Reply {
  const body = jsonBody(ctx);
  if (!body.ok) return body.reply;
  const issues: ValidationIssue[] = [];
  const valid = validateBatch(body.value, ctx.platform.clock.now(), issues);
  if (!valid) return unprocessable(issues);
  const records = acceptMessages(ctx.platform, valid);
  return { status: 202, body: { responses: records.map(submitResponse) } };
}

export const messagingRoutes: Route[] = [
  { method: 'POST', path: '/mobile/single', auth: 'messaging', handler: single },
  { method: 'POST', path: '/mobile/multi', auth: 'messaging', handler: multi },
];
