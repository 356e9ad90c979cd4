// The legacy interface's SMS bodies: sending (/rest/mtsms), stored messages, refunds, the delivery and
// incoming-SMS callbacks and the incoming list (/rest/mosms).
import { z } from 'zod';
import { IsoDate } from './legacy-shared-schemas';

/** "Full phone number": digits, as a number or a string; a leading + is tolerated in strings. */
export const LegacyMsisdn = z.union([
  z.int('Must be a full phone number').positive('Must be a full phone number'),
  z.string().regex(/^\+?\d{4,15}$/, 'Must be a full phone number with country code, digits only'),
]);

function msisdnKey(m: number | string): string {
  return String(m).replace(/^\+/, '').replace(/^00/, '');
}

export const LegacySender = z.string().refine((s) => (/^\d+$/.test(s) ? s.length <= 15 : s.length >= 1 && s.length <= 11), {
  message: 'A sender name may have at most 11 letters and digits, or at most 15 digits',
});

export const Charge = z.strictObject({
  amount: z.number().nonnegative(),
  currency: z.string().regex(/^[A-Z]{3}$/, 'Must be a three-letter currency code like DKK'),
  code: z.string().regex(/^P(0[1-9]|10)$/, 'Must be a product code P01 to P10'),
  description: z.string().min(1),
  category: z.string().regex(/^SC([0-2]\d|3[0-4])$/, 'Must be a service category SC00 to SC34'),
});

export const LegacyRecipient = z.strictObject({
  msisdn: LegacyMsisdn,
  charge: Charge.optional(),
  tagvalues: z.array(z.string()).optional(),
});

export const MAX_VALIDITY_S = 432_000;

export const LegacySmsMessage = z
  .strictObject({
    class: z.enum(['standard', 'premium', 'secret', 'charge']).optional(),
    message: z.string().optional(),
    sender: LegacySender.optional(),
    sendtime: z.int().nonnegative().optional(),
    tags: z.array(z.string().min(1)).optional(),
    userref: z.string().optional(),
    priority: z.enum(['BULK', 'NORMAL', 'URGENT', 'VERY_URGENT']).optional(),
    validity_period: z.int().positive().max(MAX_VALIDITY_S, 'Can be at most 5 days (432000 seconds)').optional(),
    encoding: z.enum(['UTF8', 'UCS2']).optional(),
    destaddr: z.enum(['DISPLAY', 'MOBILE', 'SIMCARD', 'EXTUNIT']).optional(),
    payload: z.base64('Must be base64').optional(),
    udh: z.base64('Must be base64').optional(),
    callback_url: z.url().optional(),
    label: z.string().optional(),
    max_parts: z.int().min(1).max(255).optional(),
    extra_details: z.literal('recipients_usage').optional(),
    recipients: z.array(LegacyRecipient).min(1, 'Add at least one recipient').max(10_000, 'A message can go to at most 10000 recipients'),
  })
  .superRefine((m, ctx) => {
    if (m.payload === undefined && m.message === undefined) {
      ctx.addIssue({ code: 'custom', path: ['message'], message: 'Write a message (or give a binary payload)' });
    }
    if (m.payload !== undefined && m.message !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['payload'], message: 'A binary payload cannot be combined with a message text' });
    }
    if (m.payload !== undefined && m.tags !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['tags'], message: 'Merge fields cannot be used with a binary payload' });
    }
    if (m.max_parts !== undefined && (m.tags !== undefined || m.payload !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['max_parts'], message: 'A part limit cannot be used with merge fields or a binary payload' });
    }
    const charged = m.class === 'charge';
    if (charged && m.recipients.length !== 1) {
      ctx.addIssue({ code: 'custom', path: ['recipients'], message: 'An overcharged message must have exactly one recipient' });
    }
    const tagCount = m.tags?.length;
    const seen = new Set<string>();
    m.recipients.forEach((r, i) => {
      const key = msisdnKey(r.msisdn);
      if (seen.has(key)) {
        ctx.addIssue({ code: 'custom', path: ['recipients', i, 'msisdn'], message: 'This number appears more than once in the message' });
      }
      seen.add(key);
      if (tagCount !== undefined && r.tagvalues?.length !== tagCount) {
        ctx.addIssue({
          code: 'custom',
          path: ['recipients', i, 'tagvalues'],
          message: `Needs exactly ${tagCount} value${tagCount === 1 ? '' : 's'}, one per merge field`,
        });
      } else if (tagCount === undefined && r.tagvalues !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['recipients', i, 'tagvalues'], message: 'Values were given but the message has no merge fields' });
      }
      if (charged && r.charge === undefined) {
        ctx.addIssue({ code: 'custom', path: ['recipients', i, 'charge'], message: 'An overcharged message needs the charge details' });
      }
      if (!charged && r.charge !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['recipients', i, 'charge'], message: 'Charge details are only for overcharged messages' });
      }
    });
  });
export type LegacySmsMessage = z.input<typeof LegacySmsMessage>;

/** A list of messages; class and label must be the same for all, and the request holds at most 10000 recipients. */
export const LegacySmsMessageList = z
  .array(LegacySmsMessage)
  .min(1, 'Add at least one message')
  .max(1000, 'A request holds at most 1000 messages')
  .superRefine((req, ctx) => {
    const cls = req[0]?.class ?? 'standard';
    const label = req[0]?.label;
    let total = 0;
    req.forEach((m, i) => {
      if ((m.class ?? 'standard') !== cls) ctx.addIssue({ code: 'custom', path: [i, 'class'], message: 'All messages in one request must have the same class' });
      if (m.label !== label) ctx.addIssue({ code: 'custom', path: [i, 'label'], message: 'All messages in one request must have the same label' });
      total += m.recipients.length;
    });
    if (total > 10_000) ctx.addIssue({ code: 'custom', path: [], message: `A request can go to at most 10000 recipients (this one has ${total})` });
  });

/** POST /rest/mtsms takes one message or a list; the schema is picked by shape so errors name precise paths. */
export type LegacySmsRequest = LegacySmsMessage | LegacySmsMessage[];

export const SendUsage = z.looseObject({
  countries: z.record(z.string(), z.number()),
  currency: z.string(),
  total_cost: z.number(),
});

export const SendResponse = z.looseObject({
  ids: z.array(z.int()),
  usage: SendUsage,
  details: z
    .looseObject({
      messages: z.array(
        z.looseObject({
          id: z.int(),
          recipients: z.array(z.looseObject({ country: z.string(), msisdn: z.int(), parts: z.int() })),
        }),
      ),
    })
    .optional(),
});
export type SendResponse = z.output<typeof SendResponse>;

export const StoredRecipient = z.looseObject({
  msisdn: z.union([z.string(), z.int()]),
  country: z.string().nullish(),
  csms: z.int().nullish(),
  dsnerror: z.string().nullish(),
  dsnerrorcode: z.string().nullish(),
  dsnstatus: z.string().nullish(),
  dsntime: z.number().nullish(),
  mcc: z.int().nullish(),
  mnc: z.int().nullish(),
  senttime: z.number().nullish(),
  tagvalues: z.array(z.string()).nullish(),
});

export const StoredMessage = z.looseObject({
  id: z.int(),
  class: z.string().nullish(),
  message: z.string().nullish(),
  payload: z.string().nullish(),
  label: z.string().nullish(),
  recipients: z.array(StoredRecipient),
  sender: z.string().nullish(),
  sendtime: z.number().nullish(),
  tags: z.array(z.string()).nullish(),
  userref: z.string().nullish(),
  priority: z.string().nullish(),
  validity_period: z.number().nullish(),
  encoding: z.string().nullish(),
  destaddr: z.string().nullish(),
  udh: z.string().nullish(),
  callback_url: z.string().nullish(),
});
export const StoredMessageResponse = z.array(StoredMessage);
export type StoredMessage = z.output<typeof StoredMessage>;

export const RefundRequest = z.strictObject({
  mtsms_id: z.int().positive(),
  msisdn: z.int().positive(),
  callback_url: z.url().optional(),
});
export type RefundRequest = z.input<typeof RefundRequest>;

export const LegacyDeliveryCallback = z.looseObject({
  id: z.int(),
  msisdn: z.int(),
  time: z.int(),
  status: z.string(),
  error: z.string().optional(),
  code: z.string().optional(),
  userref: z.string().optional(),
  country_code: z.string().optional(),
  country_prefix: z.int().optional(),
  mcc: z.string().optional(),
  mnc: z.string().optional(),
  charge_status: z.string().optional(),
});
export type LegacyDeliveryCallback = z.output<typeof LegacyDeliveryCallback>;

export const IncomingSmsCallback = z.looseObject({
  id: z.int(),
  msisdn: z.int(),
  receiver: z.int(),
  message: z.string(),
  senttime: z.int(),
  webhook_label: z.string(),
  sender: z.string().optional(),
  mcc: z.int().optional(),
  mnc: z.int().optional(),
  validity_period: z.int().optional(),
  encoding: z.string().optional(),
  udh: z.string().optional(),
  payload: z.string().optional(),
  country_code: z.string().optional(),
  country_prefix: z.int().optional(),
});
export type IncomingSmsCallback = z.output<typeof IncomingSmsCallback>;

export const IncomingSms = z.looseObject({
  mosms_id: z.int(),
  msisdn: z.int(),
  receiver: z.int(),
  message: z.string(),
  senttime: z.number(),
  anonymized: z.boolean().nullish(),
  encoding: z.string().nullish(),
  sender: z.string().nullish(),
  webhook: z.string().nullish(),
});
export type IncomingSms = z.output<typeof IncomingSms>;

export const MosmsQuery = z.strictObject({
  from: IsoDate,
  to: IsoDate,
  page: z.int().positive().optional(),
  per_page: z.int().min(1).max(200, 'At most 200 per page').optional(),
});
export type MosmsQuery = z.input<typeof MosmsQuery>;

export const MosmsPage = z.looseObject({
  results: z.int(),
  pages: z.int(),
  per_page: z.int(),
  page: z.int(),
  messages: z.array(IncomingSms),
});
export type MosmsPage = z.output<typeof MosmsPage>;
