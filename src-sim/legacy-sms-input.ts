// Legacy SMS requests checked against the spec: one message or a list, in any input form, to validated
// message inputs, or the first LegacyError found (limits, field values, conflicting fields, charge details).
import { MAX_MESSAGE_CHARS, characterCount } from '../src-shared/sms/segments';
import { LegacyError } from './legacy-errors';
import {
  asInteger,
  asNumber,
  asString,
  asStringList,
  describe,
  isHttpUrl,
  parseMsisdn,
} from './legacy-input';
import { isNumericSender, SENDER_LIMITS } from './sender-rules';
import type { ChargeInfo, LegacyMessage, MessageClass } from './state';

export const LEGACY_LIMITS = {
  recipientsPerMessage: 10_000,
  messagesPerRequest: 1_000,
  recipientsPerRequest: 10_000,
  validityMinS: 60,
  validityMaxS: 432_000,
  maxPartsMin: 1,
  maxPartsMax: 255,
} as const;

const CLASSES = ['standard', 'premium', 'secret', 'charge'] as const;
const PRIORITIES = ['BULK', 'NORMAL', 'URGENT', 'VERY_URGENT'] as const;
const DESTADDRS = ['DISPLAY', 'MOBILE', 'SIMCARD', 'EXTUNIT'] as const;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
/** 2100-01-01T00:00:00Z: later send times are not plausible and would overflow date handling. */
const MAX_SENDTIME = 4_102_444_800;

export interface RecipientInput {
  msisdn: number;
  tagvalues: string[] | null;
  charge?: ChargeInfo;
}

/** One message of a request as checked: the stored message's fields as submitted, and its recipients. */
export type MessageInput = Pick<
  LegacyMessage,
  | 'class'
  | 'message'
  | 'payload'
  | 'udh'
  | 'sender'
  | 'sendtime'
  | 'tags'
  | 'userref'
  | 'priority'
  | 'validity_period'
  | 'encoding'
  | 'destaddr'
  | 'callback_url'
  | 'label'
  | 'max_parts'
> & {
  recipientsUsage: boolean;
  recipients: RecipientInput[];
};

function pick<T extends string>(v: unknown, allowed: readonly T[], field: string): T {
  const s = asString(v, field);
  const hit = allowed.find((a) => a.toLowerCase() === s.toLowerCase());
  if (!hit) throw new LegacyError('invalidValue', [field, `expected one of ${allowed.join(', ')}, got ${describe(v)}`]);
  return hit;
}

function present(v: unknown): boolean {
  return v !== undefined && v !== null;
}

function parseCharge(v: unknown, field: string): ChargeInfo {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new LegacyError('invalidValue', [field, 'expected an object']);
  const c = v as Record<string, unknown>;
  for (const k of ['amount', 'currency', 'code', 'description', 'category']) {
    if (!present(c[k])) throw new LegacyError('missingField', [`${field}.${k}`]);
  }
  const amount = asNumber(c['amount'], `${field}.amount`);
  if (amount < 0) throw new LegacyError('invalidValue', [`${field}.amount`, 'must not be negative']);
  const currency = asString(c['currency'], `${field}.currency`);
  if (!/^[A-Z]{3}$/.test(currency)) throw new LegacyError('invalidValue', [`${field}.currency`, 'expected an ISO 4217 code such as DKK']);
  const code = asString(c['code'], `${field}.code`);
  if (!/^P(0[1-9]|10)$/.test(code)) throw new LegacyError('invalidValue', [`${field}.code`, 'expected a product code P01 to P10']);
  const category = asString(c['category'], `${field}.category`);
  const cat = /^SC(\d\d)$/.exec(category);
  if (!cat || Number(cat[1]) > 34) throw new LegacyError('invalidValue', [`${field}.category`, 'expected a service category SC00 to SC34']);
  const description = asString(c['description'], `${field}.description`);
  if (!description.trim()) throw new LegacyError('invalidValue', [`${field}.description`, 'must not be empty']);
  return { amount, currency, code, description, category };
}

function parseRecipients(v: unknown, prefix: string, index: number, tagCount: number, cls: MessageClass): RecipientInput[] {
  if (!present(v)) throw new LegacyError('missingField', [`${prefix}recipients`]);
  // A bare number or list of numbers is taken as msisdns (query strings such as recipients=4512345678).
  const list = Array.isArray(v) ? v : [v];
  if (list.length === 0) throw new LegacyError('invalidValue', [`${prefix}recipients`, 'the list is empty']);
  if (list.length > LEGACY_LIMITS.recipientsPerMessage)
    throw new LegacyError('tooManyRecipients', [index, list.length, LEGACY_LIMITS.recipientsPerMessage]);
  const seen = new Set<number>();
  const out: RecipientInput[] = new Array(list.length);
  for (let j = 0; j < list.length; j++) {
    const item = list[j];
    const field = `${prefix}recipients.${j}`;
    const obj: Record<string, unknown> =
      typeof item === 'object' && item !== null && !Array.isArray(item) ? (item as Record<string, unknown>) : { msisdn: item };
    if (!present(obj['msisdn'])) throw new LegacyError('missingField', [`${field}.msisdn`]);
    const msisdn = parseMsisdn(obj['msisdn']);
    if (msisdn === null)
      throw new LegacyError('invalidValue', [`${field}.msisdn`, `expected a full phone number with country code, got ${describe(obj['msisdn'])}`]);
    if (seen.has(msisdn)) throw new LegacyError('duplicateRecipient', [msisdn, index]);
    seen.add(msisdn);
    const tagvalues = present(obj['tagvalues']) ? asStringList(obj['tagvalues'], `${field}.tagvalues`) : null;
    if ((tagvalues?.length ?? 0) !== tagCount) throw new LegacyError('tagMismatch', [msisdn, tagvalues?.length ?? 0, tagCount]);
    const r: RecipientInput = { msisdn, tagvalues };
    if (present(obj['charge'])) {
      if (cls !== 'charge') throw new LegacyError('conflictingFields', [`${field}.charge`, `class ${cls}`]);
      r.charge = parseCharge(obj['charge'], `${field}.charge`);
    } else if (cls === 'charge') throw new LegacyError('missingField', [`${field}.charge`]);
    out[j] = r;
  }
  return out;
}

function parseMessage(raw: unknown, index: number, prefix: string): MessageInput {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new LegacyError('invalidValue', [prefix ? prefix.slice(0, -1) : 'message', 'expected a message object']);
  const m = raw as Record<string, unknown>;
  const f = (name: string) => `${prefix}${name}`;
  const cls: MessageClass = present(m['class']) ? pick(m['class'], CLASSES, f('class')) : 'standard';

  const hasMessage = present(m['message']);
  const hasPayload = present(m['payload']);
  if (hasMessage && hasPayload) throw new LegacyError('conflictingFields', [f('message'), f('payload')]);
  if (!hasMessage && !hasPayload) throw new LegacyError('missingField', [f('message')]);
  let message: string | null = null;
  if (hasMessage) {
    message = asString(m['message'], f('message'));
    if (message.length > MAX_MESSAGE_CHARS && characterCount(message) > MAX_MESSAGE_CHARS)
      throw new LegacyError('invalidValue', [f('message'), `longer than ${MAX_MESSAGE_CHARS} characters`]);
  }
  const payload = hasPayload ? asString(m['payload'], f('payload')) : null;
  if (payload !== null && (payload.length === 0 || !BASE64.test(payload)))
    throw new LegacyError('invalidValue', [f('payload'), 'expected non-empty base64']);
  const udh = present(m['udh']) ? asString(m['udh'], f('udh')) : null;
  if (udh !== null) {
    if (payload === null) throw new LegacyError('conflictingFields', [f('udh'), 'a text message (udh is for binary SMS with payload)']);
    if (!BASE64.test(udh)) throw new LegacyError('invalidValue', [f('udh'), 'expected base64']);
  }

  let sender: string | null = null;
  if (present(m['sender'])) {
    sender = asString(m['sender'], f('sender'));
    if (sender.length === 0) throw new LegacyError('invalidValue', [f('sender'), 'must not be empty']);
    if (isNumericSender(sender) ? sender.replace('+', '').length > SENDER_LIMITS.numeric : characterCount(sender) > SENDER_LIMITS.alphanumeric)
      throw new LegacyError('invalidValue', [
        f('sender'),
        `at most ${SENDER_LIMITS.alphanumeric} alphanumeric characters or ${SENDER_LIMITS.numeric} digits`,
      ]);
  }

  const sendtime = present(m['sendtime']) ? asInteger(m['sendtime'], f('sendtime')) : null;
  if (sendtime !== null && (sendtime < 0 || sendtime > MAX_SENDTIME))
    throw new LegacyError('invalidValue', [f('sendtime'), 'must be a Unix timestamp in seconds before the year 2100']);

  const tags = present(m['tags']) ? asStringList(m['tags'], f('tags')) : null;
  if (tags && payload !== null) throw new LegacyError('conflictingFields', [f('tags'), f('payload')]);
  const userref = present(m['userref']) ? asString(m['userref'], f('userref')) : null;
  const priority = present(m['priority']) ? pick(m['priority'], PRIORITIES, f('priority')) : null;

  let validity: number = LEGACY_LIMITS.validityMaxS;
  if (present(m['validity_period'])) {
    validity = asInteger(m['validity_period'], f('validity_period'));
    // The spec raises short periods to the minimum; longer than the maximum is lowered to it likewise.
    validity = Math.min(LEGACY_LIMITS.validityMaxS, Math.max(LEGACY_LIMITS.validityMinS, validity));
  }
  const encoding = present(m['encoding']) ? pick(m['encoding'], ['UTF8', 'UCS2'] as const, f('encoding')) : 'UTF8';
  const destaddr = present(m['destaddr']) ? pick(m['destaddr'], DESTADDRS, f('destaddr')) : 'MOBILE';
  const callback_url = present(m['callback_url']) ? asString(m['callback_url'], f('callback_url')) : null;
  if (callback_url !== null && !isHttpUrl(callback_url))
    throw new LegacyError('invalidValue', [f('callback_url'), 'expected an http or https URL']);
  const label = present(m['label']) ? asString(m['label'], f('label')) : null;

  let max_parts: number | null = null;
  if (present(m['max_parts'])) {
    max_parts = asInteger(m['max_parts'], f('max_parts'));
    if (max_parts < LEGACY_LIMITS.maxPartsMin || max_parts > LEGACY_LIMITS.maxPartsMax)
      throw new LegacyError('invalidValue', [f('max_parts'), `must be ${LEGACY_LIMITS.maxPartsMin} to ${LEGACY_LIMITS.maxPartsMax}`]);
    if (tags) throw new LegacyError('conflictingFields', [f('max_parts'), f('tags')]);
    if (payload !== null) throw new LegacyError('conflictingFields', [f('max_parts'), f('payload')]);
  }
  let recipientsUsage = false;
  if (present(m['extra_details'])) {
    const x = asString(m['extra_details'], f('extra_details'));
    if (x !== 'recipients_usage') throw new LegacyError('invalidValue', [f('extra_details'), 'expected recipients_usage']);
    recipientsUsage = true;
  }
  const recipients = parseRecipients(m['recipients'], prefix, index, tags?.length ?? 0, cls);
  return {
    class: cls,
    message,
    payload,
    udh,
    sender,
    sendtime,
    tags,
    userref,
    priority,
    validity_period: validity,
    encoding,
    destaddr,
    callback_url,
    label,
    max_parts,
    recipientsUsage,
    recipients,
  };
}

/** Parses and checks a whole request (one message or a list); throws the first LegacyError found. */
export function parseSendRequest(fields: unknown): MessageInput[] {
  const list = Array.isArray(fields) ? fields : [fields];
  if (list.length === 0) throw new LegacyError('invalidValue', ['messages', 'the list is empty']);
  if (list.length > LEGACY_LIMITS.messagesPerRequest)
    throw new LegacyError('requestTooBig', [list.length, 'messages', LEGACY_LIMITS.messagesPerRequest]);
  let total = 0;
  list.forEach((raw, i) => {
    const r = (raw as Record<string, unknown> | null)?.['recipients'];
    const n = Array.isArray(r) ? r.length : 1;
    if (n > LEGACY_LIMITS.recipientsPerMessage) throw new LegacyError('tooManyRecipients', [i, n, LEGACY_LIMITS.recipientsPerMessage]);
    total += n;
  });
  if (total > LEGACY_LIMITS.recipientsPerRequest)
    throw new LegacyError('requestTooBig', [total, 'recipients', LEGACY_LIMITS.recipientsPerRequest]);
  const messages = list.map((raw, i) => parseMessage(raw, i, Array.isArray(fields) ? `${i}.` : ''));
  const first = messages[0]!;
  for (const m of messages) {
    if (m.class !== first.class) throw new LegacyError('mixedClass', [first.class, m.class]);
    if (m.label !== first.label) throw new LegacyError('mixedLabel', [first.label ?? '(none)', m.label ?? '(none)']);
  }
  return messages;
}
