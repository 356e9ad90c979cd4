import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  MobileMessageRequest,
  MobileMessageResponse,
  MultiMobileMessageRequest,
  MultiMobileMessageResponse,
  parseWebhookEvent,
} from '../../../src-main/core/gateway/messaging-schemas';
import {
  Account,
  EmailRequest,
  EmailResponse,
  HlrResponse,
  KeywordCreated,
  LegacyDeliveryCallback,
  LegacySmsMessage,
  LegacySmsMessageList,
  MosmsPage,
  MosmsQuery,
  PriceList,
  SendResponse,
  StoredMessageResponse,
  UsageLabelsResponse,
  KeywordCheck,
} from '../../../src-main/core/gateway/legacy-schemas';
import { issuesOf } from '../../../src-main/core/gateway/schema-issues';

function paths(schema: z.ZodType, value: unknown): (string | number)[][] {
  const r = schema.safeParse(value);
  if (r.success) return [];
  // One entry per path: a value can break two rules at once (e.g. 1e16 is neither a safe integer nor ≤ 15 digits).
  const unique = new Map<string, (string | number)[]>();
  for (const i of issuesOf(r.error)) unique.set(JSON.stringify(i.path), i.path);
  return [...unique.values()];
}

const carrier = { mcc: '238', mnc: '01', name: 'TDC' };
/** One valid example of every response, as the spec describes it. */
const responses: [string, z.ZodType, unknown, (string | number)[]][] = [
  ['MobileMessageResponse', MobileMessageResponse, { msg_id: '01HX', recipient: 4512345678, reference: null }, ['msg_id']],
  ['MultiMobileMessageResponse', MultiMobileMessageResponse, { responses: [{ msg_id: 'a', recipient: 4512345678, reference: 'r1' }] }, ['responses', 0, 'recipient']],
  ['SendResponse', SendResponse, { ids: [1, 2], usage: { countries: { DK: 2 }, currency: 'DKK', total_cost: 0.5 } }, ['usage', 'total_cost']],
  [
    'StoredMessage',
    StoredMessageResponse,
    [{ id: 5, message: 'hi', payload: null, recipients: [{ msisdn: '4512345678', dsnstatus: 'DELIVERED', dsnerror: null, dsnerrorcode: null, csms: 1 }] }],
    [0, 'recipients', 0, 'msisdn'],
  ],
  ['MosmsPage', MosmsPage, { results: 1, pages: 1, per_page: 200, page: 1, messages: [{ mosms_id: 1, msisdn: 4512345678, receiver: 1204, message: 'PIZZA yes', senttime: 1700000000, anonymized: false, encoding: 'UTF8', sender: null, webhook: 'main' }] }, ['messages', 0, 'mosms_id']],
  ['HlrResponse', HlrResponse, { currency: 'DKK', hlr: { '4512345678': { current_carrier: carrier, network_operator: carrier, original_carrier: carrier, ported: false, type: 'mobile' } }, lookups: 1, total_cost: 0.1 }, ['hlr', '4512345678', 'ported']],
  ['Account', Account, { credit: '123.45', currency: 'DKK', id: 42 }, ['credit']],
  ['PriceList', PriceList, { premium: [], standard: [{ country: 'DK', country_name: 'Denmark', dkk: 0.25, eur: 0.03, prefix: 45 }] }, ['standard', 0, 'prefix']],
  ['UsageLabels', UsageLabelsResponse, [{ amount: 10, cost: 2.5, country: 'DK', currency: 'DKK', label: null, messageclass_id: 'standard' }], [0, 'messageclass_id']],
  ['KeywordCreated', KeywordCreated, { shortcode: 1204, keyword: 'PIZZA', pushsetting_reference: null, account_id: 7 }, ['account_id']],
  ['KeywordCheck', KeywordCheck, { system: 'ok', available: true }, ['available']],
  ['EmailResponse', EmailResponse, { ids: [9], usage: { amount: 1, currency: 'DKK', total_cost: 0.01 } }, ['ids']],
  ['LegacyDeliveryCallback', LegacyDeliveryCallback, { id: 1, msisdn: 4512345678, time: 1700000000, status: 'DELIVERED' }, ['status']],
];

function without(value: unknown, path: (string | number)[]): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node: Record<string | number, unknown> = copy;
  for (const seg of path.slice(0, -1)) node = node[seg] as Record<string | number, unknown>;
  delete node[path[path.length - 1]!];
  return copy;
}

/** Keys whose value is a map (country → count, number → lookup), where a new key is a new entry, not a new field. */
const MAPS = new Set(['countries', 'hlr']);

function withExtras(value: unknown, isMap = false): unknown {
  if (Array.isArray(value)) return value.map((v) => withExtras(v));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = isMap ? {} : { future_field: { nested: true } };
    for (const [k, v] of Object.entries(value)) out[k] = withExtras(v, MAPS.has(k));
    return out;
  }
  return value;
}

describe('response schemas', () => {
  it.each(responses)('%s accepts the spec example', (_n, schema, example) => {
    expect(paths(schema, example)).toEqual([]);
  });
  it.each(responses)('%s accepts extra fields at every level', (_n, schema, example) => {
    const r = schema.safeParse(withExtras(example));
    expect(r.success).toBe(true);
  });
  it.each(responses)('%s rejects a missing required field and names its path', (_n, schema, example, required) => {
    expect(paths(schema, without(example, required))).toContainEqual(required);
  });
});

describe('account credit', () => {
  it.each([
    ['123.45', true],
    ['0', true],
    ['-12.5', true],
    [' 10000.00 ', true],
    ['', false],
    ['lots', false],
    ['1e3', false],
    ['NaN', false],
    ['Infinity', false],
    ['9'.repeat(400), false],
  ])('%j accepted: %s', (credit, ok) => {
    expect(Account.safeParse({ credit, currency: 'DKK', id: 1 }).success).toBe(ok);
  });
});

describe('messaging request schemas', () => {
  const ok = { sender: 'Bakery', recipient: 4512345678, message: 'Fresh bread!' };
  it.each([
    [ok, []],
    [{ ...ok, expiration: 'PT1H', priority: 'urgent', label: 'promo', reference: 'c1' }, []],
    [{ ...ok, expiration: '2025-03-01T12:00:00Z' }, []],
    [{ ...ok, expiration: 3600 }, []],
    [{ ...ok, sender: 'AB' }, [['sender']]],
    [{ ...ok, sender: 'ÆØÅ🙂' }, []], // 4 characters, not 5 UTF-16 units
    [{ ...ok, recipient: 999 }, [['recipient']]],
    [{ ...ok, recipient: '4512345678' }, [['recipient']]],
    [{ ...ok, recipient: 1e16 }, [['recipient']]],
    [{ ...ok, priority: 'high' }, [['priority']]],
    [{ ...ok, expiration: 'tomorrow' }, [['expiration']]],
    [{ ...ok, label: 'x'.repeat(129) }, [['label']]],
    [{ ...ok, message: '🙂'.repeat(39015) }, []],
    [{ ...ok, message: 'a'.repeat(39016) }, [['message']]],
    [{ ...ok, colour: 'red' }, [[]]],
    [{ sender: 'Bakery', recipient: 4512345678 }, [['message']]],
  ] as [unknown, (string | number)[][]][])('%#', (input, expected) => {
    expect(paths(MobileMessageRequest, input)).toEqual(expected);
  });

  it('limits a batch to 1..1000 and names the failing message', () => {
    expect(paths(MultiMobileMessageRequest, { messages: [] })).toEqual([['messages']]);
    expect(paths(MultiMobileMessageRequest, { messages: Array(1001).fill(ok) })).toEqual([['messages']]);
    expect(paths(MultiMobileMessageRequest, { messages: [ok, { ...ok, recipient: 5 }] })).toEqual([['messages', 1, 'recipient']]);
  });
});

describe('legacy request schemas', () => {
  const ok = { message: 'Hi %name%', sender: 'Bakery', tags: ['%name%'], recipients: [{ msisdn: 4512345678, tagvalues: ['Ann'] }] };
  it.each([
    ['valid', ok, []],
    ['string msisdn', { message: 'x', recipients: [{ msisdn: '+4512345678' }] }, []],
    ['neither message nor payload', { recipients: [{ msisdn: 4512345678 }] }, [['message']]],
    ['message and payload', { message: 'x', payload: 'AAEC', recipients: [{ msisdn: 4512345678 }] }, [['payload']]],
    ['tag count mismatch', { ...ok, recipients: [{ msisdn: 4512345678, tagvalues: ['Ann', 'extra'] }] }, [['recipients', 0, 'tagvalues']]],
    ['tags without values', { ...ok, recipients: [{ msisdn: 4512345678 }] }, [['recipients', 0, 'tagvalues']]],
    ['duplicate recipient', { message: 'x', recipients: [{ msisdn: 4512345678 }, { msisdn: '+4512345678' }] }, [['recipients', 1, 'msisdn']]],
    ['sender too long', { ...ok, sender: 'TwelveLetter' }, [['sender']]],
    ['numeric sender of 15 digits', { ...ok, sender: '123456789012345' }, []],
    ['max_parts with tags', { ...ok, max_parts: 2 }, [['max_parts']]],
    ['validity over 5 days', { ...ok, validity_period: 432001 }, [['validity_period']]],
    ['unknown encoding', { ...ok, encoding: 'LATIN1' }, [['encoding']]],
    ['charge with two recipients', { class: 'charge', message: 'x', recipients: [{ msisdn: 4512345678, charge: { amount: 5, currency: 'DKK', code: 'P01', description: 'Ticket', category: 'SC01' } }, { msisdn: 4512345679, charge: { amount: 5, currency: 'DKK', code: 'P01', description: 'Ticket', category: 'SC01' } }] }, [['recipients']]],
    ['charge on a standard message', { message: 'x', recipients: [{ msisdn: 4512345678, charge: { amount: 5, currency: 'DKK', code: 'P01', description: 'T', category: 'SC01' } }] }, [['recipients', 0, 'charge']]],
    ['no recipients', { message: 'x', recipients: [] }, [['recipients']]],
  ] as [string, unknown, (string | number)[][]][])('%s', (_n, input, expected) => {
    expect(paths(LegacySmsMessage, input)).toEqual(expected);
  });

  it('takes 10000 recipients in one message but not 10001', () => {
    const recipients = (n: number) => Array.from({ length: n }, (_, i) => ({ msisdn: 4500000000 + i }));
    expect(paths(LegacySmsMessage, { message: 'x', recipients: recipients(10_000) })).toEqual([]);
    expect(paths(LegacySmsMessage, { message: 'x', recipients: recipients(10_001) })).toEqual([['recipients']]);
  });

  it('requires one class and one label per list and at most 10000 recipients in total', () => {
    const m = (extra: object, n = 1) => ({ message: 'x', recipients: Array.from({ length: n }, (_, i) => ({ msisdn: 4500000000 + i })), ...extra });
    expect(paths(LegacySmsMessageList, [m({}), m({ class: 'premium' })])).toEqual([[1, 'class']]);
    expect(paths(LegacySmsMessageList, [m({ label: 'a' }), m({ label: 'b' })])).toEqual([[1, 'label']]);
    expect(paths(LegacySmsMessageList, [m({}, 6000), m({}, 5000)])).toEqual([[]]);
  });

  it('checks /rest/mosms dates and page size', () => {
    expect(paths(MosmsQuery, { from: '2025-01-01', to: '2025-01-31', per_page: 200 })).toEqual([]);
    expect(paths(MosmsQuery, { from: '2025-02-30', to: '2025-01-31' })).toEqual([['from']]);
    expect(paths(MosmsQuery, { from: '2025-01-01', to: '31/01/2025', per_page: 201 })).toEqual([['to'], ['per_page']]);
  });

  it('checks email merge fields, attachments and that there is a text', () => {
    const email = { subject: 'Hi', plaintext: 'Hello %n', tags: ['%n'], recipients: [{ address: 'ann@example.com', tagvalues: ['Ann'] }] };
    expect(paths(EmailRequest, email)).toEqual([]);
    expect(paths(EmailRequest, { ...email, plaintext: undefined })).toEqual([['plaintext']]);
    expect(paths(EmailRequest, { ...email, recipients: [{ address: 'ann@example.com' }] })).toEqual([['recipients', 0, 'tagvalues']]);
    expect(paths(EmailRequest, { ...email, recipients: [{ address: 'not an address', tagvalues: ['x'] }] })).toEqual([['recipients', 0, 'address']]);
    const big = Buffer.alloc(5 * 1024 * 1024 + 10).toString('base64');
    expect(paths(EmailRequest, { ...email, attachments: [{ data: big, filename: 'a.bin', mimetype: 'application/octet-stream' }] })).toEqual([['attachments']]);
  });
});

describe('parseWebhookEvent', () => {
  const sms = {
    event_id: 'e1',
    timestamp: '2025-03-01T12:00:00.123456+00:00',
    event_type: 'message.status.sms',
    event: { msg_id: 'm1', recipient: 4512345678, reference: 'r', status: 'DELIVERED', status_at: '2025-03-01T12:00:00Z', error: null },
  };
  it('parses SMS and RCS status events', () => {
    const r = parseWebhookEvent(sms);
    expect(r.ok && r.event.type).toBe('message.status.sms');
    const rcs = parseWebhookEvent({ ...sms, event_type: 'message.status.rcs', event: { ...sms.event, status: 'READ', error: { anything: 1 } } });
    expect(rcs.ok && rcs.event.type).toBe('message.status.rcs');
  });
  it('tolerates unknown event types, unknown statuses and extra fields', () => {
    const other = parseWebhookEvent({ ...sms, event_type: 'user-message.sticker.rcs', event: { whatever: true } });
    expect(other.ok && other.event.type).toBe('other');
    const extra = parseWebhookEvent({ ...sms, shard: 3, event: { ...sms.event, status: 'NEW_STATUS', carrier: 'x' } });
    expect(extra.ok).toBe(true);
  });
  it('names the path of a broken status event', () => {
    const r = parseWebhookEvent({ ...sms, event: { ...sms.event, recipient: 'abc', error: { hex_code: '0x1092' } } });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues.map((i) => i.path)).toEqual([['event', 'recipient'], ['event', 'error', 'details']]);
    const noType = parseWebhookEvent({ ...sms, event_type: undefined });
    expect(!noType.ok && noType.issues[0]?.path).toEqual(['event_type']);
  });
});
