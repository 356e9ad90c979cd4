// Request bodies for both interfaces: tags and tagvalues with fallbacks, encoding per group, the options the
// legacy interface offers (and only where it allows them), and references the messaging interface echoes.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildLegacyRequest, buildLegacyRequestJson, legacyUserref, msisdnJson } from '../../../src-main/core/campaigns/outbox/legacy-request';
import { buildMessagingRequest, messagingReference, parseMessagingReference } from '../../../src-main/core/campaigns/outbox/messaging-request';
import { TemplateComposer } from '../../../src-main/core/campaigns/recipients/composition';
import type { CampaignSendSpec, ChunkRecipient, MessageOptions } from '../../../src-main/core/campaigns/outbox/send-spec';
import { LegacySmsMessage, LegacySmsMessageList } from '../../../src-main/core/gateway/legacy-schemas';
import { MultiMobileMessageRequest } from '../../../src-main/core/gateway/messaging-schemas';

const options = (o: Partial<MessageOptions> = {}): MessageOptions => ({
  label: '',
  priority: 'normal',
  validitySeconds: null,
  messageClass: 'standard',
  flash: false,
  maxParts: null,
  ...o,
});

function campaign(text: string, o: Partial<MessageOptions> = {}, fallbacks: Record<string, string> = {}) {
  const composer = new TemplateComposer(text, fallbacks);
  const spec: CampaignSendSpec = { id: 7, text, sender: 'Besked', options: options(o), fields: composer.fields };
  const recipient = (id: number, msisdn: number, values: Record<string, string>): ChunkRecipient => {
    const c = composer.compose(values);
    return { id, msisdn, text: c.text, tagvalues: c.tagvalues, parts: c.parts, ucs2: c.ucs2 };
  };
  return { spec, recipient };
}

describe('legacy request', () => {
  it('sends merge fields as tags with per-recipient values, fallbacks substituted', () => {
    const { spec, recipient } = campaign('Hi {first_name}, see you at {shop}!', {}, { first_name: 'friend' });
    const req = buildLegacyRequest(spec, 3, [recipient(1, 4520000001, { first_name: 'Anna', shop: 'Nørrebro' }), recipient(2, 4520000002, { shop: 'Vesterbro' })], null);
    expect(req.body).toEqual([
      {
        message: 'Hi {first_name}, see you at {shop}!',
        tags: ['{first_name}', '{shop}'],
        recipients: [
          { msisdn: 4520000001, tagvalues: ['Anna', 'Nørrebro'] },
          { msisdn: 4520000002, tagvalues: ['friend', 'Vesterbro'] },
        ],
        class: 'standard',
        priority: 'NORMAL',
        userref: 'c7k3',
        sender: 'Besked',
      },
    ]);
    expect(LegacySmsMessage.safeParse(req.body[0]).success).toBe(true);
  });

  it('puts recipients whose values need UCS-2 into their own message with encoding UCS2', () => {
    const { spec, recipient } = campaign('Hej {first_name}');
    const req = buildLegacyRequest(spec, 1, [recipient(1, 4520000001, { first_name: 'Åse' }), recipient(2, 4520000002, { first_name: 'Zoë' })], null);
    expect(req.body).toHaveLength(2);
    expect(req.body[0]!.encoding).toBeUndefined();
    expect(req.body[1]!.encoding).toBe('UCS2');
    expect(req.groups.map((g) => g.map((r) => r.id))).toEqual([[1], [2]]);
    expect(LegacySmsMessageList.safeParse(req.body).success).toBe(true);
  });

  it('without merge fields sends one text with no tags, and max_parts where allowed', () => {
    const { spec, recipient } = campaign('Sale today 😀', { maxParts: 2 });
    const req = buildLegacyRequest(spec, 1, [recipient(1, 4520000001, {}), recipient(2, 4520000002, {})], null);
    expect(req.body).toHaveLength(1);
    expect(req.body[0]).toMatchObject({ message: 'Sale today 😀', encoding: 'UCS2', max_parts: 2, recipients: [{ msisdn: 4520000001 }, { msisdn: 4520000002 }] });
    expect(req.body[0]!.tags).toBeUndefined();
  });

  it('never combines max_parts with tags (the interface refuses it)', () => {
    const { spec, recipient } = campaign('Hi {first_name}', { maxParts: 1 });
    const req = buildLegacyRequest(spec, 1, [recipient(1, 4520000001, { first_name: 'A' })], null);
    expect(req.body[0]!.max_parts).toBeUndefined();
    expect(LegacySmsMessage.safeParse(req.body[0]).success).toBe(true);
  });

  it.each([
    [{ flash: true }, { destaddr: 'DISPLAY' }],
    [{ messageClass: 'premium' as const }, { class: 'premium' }],
    [{ messageClass: 'secret' as const }, { class: 'secret' }],
    [{ priority: 'urgent' as const }, { priority: 'URGENT' }],
    [{ validitySeconds: 3600 }, { validity_period: 3600 }],
    [{ label: 'spring-sale' }, { label: 'spring-sale' }],
  ])('option %j → %j', (o, expected) => {
    const { spec, recipient } = campaign('Hello', o);
    const m = buildLegacyRequest(spec, 1, [recipient(1, 4520000001, {})], null).body[0]!;
    expect(m).toMatchObject(expected);
    expect(LegacySmsMessage.safeParse(m).success).toBe(true);
  });

  it('hands a send time over in Unix seconds', () => {
    const { spec, recipient } = campaign('Hello');
    const at = Date.UTC(2030, 0, 2, 8, 0, 0);
    expect(buildLegacyRequest(spec, 1, [recipient(1, 4520000001, {})], at + 999).body[0]!.sendtime).toBe(at / 1000);
  });

  it('leaves the sender out when there is none (the account default applies)', () => {
    const { spec, recipient } = campaign('Hello');
    expect(buildLegacyRequest({ ...spec, sender: '' }, 1, [recipient(1, 4520000001, {})], null).body[0]!.sender).toBeUndefined();
    expect(legacyUserref(12, 4)).toBe('c12k4');
  });
});

describe('legacy request written straight to JSON (sent without checking it again)', () => {
  // The outbox sends buildLegacyRequestJson's output without running the client's schema over it, so it must be
  // exactly buildLegacyRequest's body, and that body must pass the schema the client would have applied.
  function both(spec: CampaignSendSpec, recipients: ChunkRecipient[], sendtime: number | null) {
    const frozen = recipients.map((r) => ({ id: r.id, msisdn: r.msisdn, tagvaluesJson: r.tagvalues === null ? null : JSON.stringify(r.tagvalues), ucs2: r.ucs2 }));
    const objects = buildLegacyRequest(spec, 5, recipients, sendtime);
    const json = buildLegacyRequestJson(spec, 5, frozen, sendtime);
    return { objects, json, parsed: JSON.parse(json.json) as unknown };
  }

  it.each([
    ['merge fields, fallbacks, quotes and backslashes', 'Hi {first_name} "\\{x}\\" {shop}', {}, { first_name: 'friend' }],
    ['a mix of GSM-7 and UCS-2 recipients (two messages)', 'Hej {first_name}', {}, {}],
    ['no merge fields, with max_parts', 'Sale today "now"', { maxParts: 2 }, {}],
    ['every option', 'Hello {first_name}', { flash: true, messageClass: 'premium' as const, priority: 'urgent' as const, validitySeconds: 600, label: 'spring' }, {}],
  ])('%s', (_name, text, o, fallbacks) => {
    const { spec, recipient } = campaign(text, o, fallbacks);
    const rs = [
      recipient(1, 4520000001, { first_name: 'Anna "A" \\ B', shop: '{shop}' }),
      recipient(2, 4520000002, { first_name: 'Zoë 😀' }),
      recipient(3, 4520000003, { first_name: '\u2028\n\t', shop: 'Nørrebro' }),
    ];
    const { objects, json, parsed } = both(spec, rs, Date.UTC(2030, 0, 2, 8));
    expect(parsed).toEqual(objects.body.length === 1 ? objects.body[0] : objects.body);
    expect(json.groups.map((g) => g.map((r) => r.id))).toEqual(objects.groups.map((g) => g.map((r) => r.id)));
    expect(LegacySmsMessageList.safeParse(objects.body).success).toBe(true);
    if (!Array.isArray(parsed)) expect(LegacySmsMessage.safeParse(parsed).success).toBe(true);
  });

  it('equals the checked body for any values and texts', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 200, unit: 'grapheme' }),
        fc.array(fc.tuple(fc.string({ maxLength: 30, unit: 'grapheme' }), fc.option(fc.string({ maxLength: 30, unit: 'grapheme' }))), { minLength: 1, maxLength: 20 }),
        fc.option(fc.integer({ min: 1_900_000_000_000, max: 2_000_000_000_000 })),
        (body, values, sendtime) => {
          const { spec, recipient } = campaign(`${body} {first_name} {shop}`, {}, { first_name: 'you' });
          const rs = values.map(([first, shop], i) => recipient(i + 1, 4520000000 + i, shop === null ? { first_name: first } : { first_name: first, shop }));
          const { objects, parsed } = both(spec, rs, sendtime);
          expect(parsed).toEqual(objects.body.length === 1 ? objects.body[0] : objects.body);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('legacy request with one message per recipient (an automation run handed over ahead)', () => {
  // Each recipient's own gateway id is what lets one contact's message be withdrawn without the others'.
  const rs = (recipient: ReturnType<typeof campaign>['recipient']) => [
    recipient(1, 4520000001, { first_name: 'Anna' }),
    recipient(2, 4520000002, { first_name: 'Zoë 😀' }),
    recipient(3, 4520000003, { first_name: 'Bo' }),
  ];
  it.each([
    ['without the option: one message per encoding', {}, [[1, 3], [2]]],
    ['separateMessages false: unchanged', { separateMessages: false }, [[1, 3], [2]]],
    ['separateMessages: one message per recipient', { separateMessages: true }, [[1], [3], [2]]],
  ])('%s', (_name, o, groups) => {
    const { spec, recipient } = campaign('Hej {first_name}', o);
    const list = rs(recipient);
    const objects = buildLegacyRequest(spec, 2, list, Date.UTC(2030, 0, 2, 8));
    expect(objects.groups.map((g) => g.map((r) => r.id))).toEqual(groups);
    expect(objects.body.map((m) => m.recipients.map((r) => Number(r.msisdn) - 4520000000))).toEqual(groups);
    expect(objects.body.every((m) => m.sendtime === Date.UTC(2030, 0, 2, 8) / 1000)).toBe(true);
    const frozen = list.map((r) => ({ id: r.id, msisdn: r.msisdn, tagvaluesJson: JSON.stringify(r.tagvalues), ucs2: r.ucs2 }));
    const json = buildLegacyRequestJson(spec, 2, frozen, Date.UTC(2030, 0, 2, 8));
    expect(JSON.parse(json.json)).toEqual(objects.body);
    expect(json.groups.map((g) => g.map((r) => r.id))).toEqual(groups);
  });
});

describe('messaging request', () => {
  it('sends each recipient its final text with a reference of campaign and recipient', () => {
    const { spec, recipient } = campaign('Hi {first_name}', { label: 'x', validitySeconds: 600, priority: 'urgent' }, { first_name: 'you' });
    const msgs = buildMessagingRequest(spec, [recipient(11, 4520000001, { first_name: 'Bo' }), recipient(12, 4520000002, {})]);
    expect(msgs).toEqual([
      { sender: 'Besked', recipient: 4520000001, message: 'Hi Bo', reference: 'c7r11', priority: 'urgent', label: 'x', expiration: 600 },
      { sender: 'Besked', recipient: 4520000002, message: 'Hi you', reference: 'c7r12', priority: 'urgent', label: 'x', expiration: 600 },
    ]);
    expect(MultiMobileMessageRequest.safeParse({ messages: msgs }).success).toBe(true);
  });

  it.each([
    ['c7r11', { campaignId: 7, recipientId: 11 }],
    [messagingReference(123, 456), { campaignId: 123, recipientId: 456 }],
    ['x7r11', null],
    [null, null],
    ['c7r', null],
  ])('reference %j → %j', (ref, parsed) => expect(parseMessagingReference(ref)).toEqual(parsed));
});

describe('a phone number in a request body', () => {
  it.each([0, 7, 999_999_999, 1_000_000_000, 4520000000, 4599999999, 4500000001, 4712345678, 12_345_678_900_000, 99_999_999_999_999, Number.MAX_SAFE_INTEGER])(
    '%d is written as String() writes it',
    (n) => expect(msisdnJson(n)).toBe(String(n)),
  );

  it('is written as String() writes it for every whole number up to 2^53', () => {
    fc.assert(fc.property(fc.maxSafeNat(), (n) => msisdnJson(n) === String(n)));
    // Numbers whose low eight digits start with zeros, where a careless split would drop them.
    fc.assert(fc.property(fc.integer({ min: 10, max: 99_999_999 }), fc.integer({ min: 0, max: 9_999 }), (high, low) => msisdnJson(high * 1e8 + low) === String(high * 1e8 + low)));
  });
});

