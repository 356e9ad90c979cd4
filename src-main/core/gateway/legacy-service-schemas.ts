// The legacy interface's other services: number lookup (/rest/hlr), keywords (/api/vas) and email
// (/rest/email, its callback).
import { z } from 'zod';

export const HlrRequest = z.strictObject({
  msisdns: z
    .array(z.union([z.int().positive(), z.string().regex(/^(\+|00)?\d{4,15}$/, 'Must be a phone number: +45…, 0045… or digits')]))
    .min(1, 'Give at least one number to look up'),
});
export type HlrRequest = z.input<typeof HlrRequest>;

const Carrier = z.looseObject({ mcc: z.string(), mnc: z.string(), name: z.string() });

export const HlrResponse = z.looseObject({
  currency: z.string(),
  hlr: z.record(
    z.string(),
    z.looseObject({
      current_carrier: Carrier,
      network_operator: Carrier,
      original_carrier: Carrier,
      ported: z.boolean(),
      type: z.string(),
    }),
  ),
  lookups: z.int(),
  total_cost: z.number(),
});
export type HlrResponse = z.output<typeof HlrResponse>;

export const Keyword = z.looseObject({
  shortcode: z.int(),
  keyword: z.string(),
  pushsetting_reference: z.string().nullable(),
});
export const KeywordList = z.array(Keyword);
export type Keyword = z.output<typeof Keyword>;

export const KeywordCreated = Keyword.extend({ account_id: z.int() });
export type KeywordCreated = z.output<typeof KeywordCreated>;

export const KeywordCheckRequest = z.strictObject({
  keyword: z.string().min(1, 'Enter a keyword'),
  shortcode: z.int().positive(),
});
export type KeywordCheckRequest = z.input<typeof KeywordCheckRequest>;

export const KeywordCheck = z.looseObject({
  system: z.string(),
  available: z.boolean(),
});
export type KeywordCheck = z.output<typeof KeywordCheck>;

export const KeywordCreateRequest = z.strictObject({
  keyword: z.string().min(1, 'Enter a keyword'),
  shortcode: z.int().positive(),
  pushsetting_reference: z.string().optional(),
});
export type KeywordCreateRequest = z.input<typeof KeywordCreateRequest>;

const EmailIdentity = z.strictObject({ address: z.email(), name: z.string().optional() });

export const EmailRecipient = z.strictObject({
  address: z.email(),
  name: z.string().optional(),
  tagvalues: z.array(z.string()).optional(),
  cc: z.array(EmailIdentity).optional(),
  bcc: z.array(EmailIdentity).optional(),
});

export const EmailAttachment = z.strictObject({
  data: z.base64('Must be base64'),
  filename: z.string().min(1),
  mimetype: z.string().regex(/^[\w.+-]+\/[\w.+-]+$/, 'Must be a type like application/pdf'),
});

/** 5 MB total, measured on the decoded bytes. */
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;

export const EmailRequest = z
  .strictObject({
    html: z.string().optional(),
    plaintext: z.string().optional(),
    subject: z.string().optional(),
    from: z.string().optional(),
    reply: z.string().optional(),
    callback_url: z.url().optional(),
    userref: z.string().optional(),
    tags: z.array(z.string().min(1)).optional(),
    recipients: z.array(EmailRecipient).min(1, 'Add at least one recipient'),
    attachments: z.array(EmailAttachment).optional(),
  })
  .superRefine((e, ctx) => {
    if (e.html === undefined && e.plaintext === undefined) {
      ctx.addIssue({ code: 'custom', path: ['plaintext'], message: 'Write the email text (plain text or HTML)' });
    }
    const tagCount = e.tags?.length;
    e.recipients.forEach((r, i) => {
      if (tagCount !== undefined && r.tagvalues?.length !== tagCount) {
        ctx.addIssue({ code: 'custom', path: ['recipients', i, 'tagvalues'], message: `Needs exactly ${tagCount} values, one per merge field` });
      }
    });
    const bytes = (e.attachments ?? []).reduce((n, a) => n + Math.floor((a.data.replace(/=+$/, '').length * 3) / 4), 0);
    if (bytes > MAX_ATTACHMENT_BYTES) {
      ctx.addIssue({ code: 'custom', path: ['attachments'], message: 'Attachments may be at most 5 MB in total' });
    }
  });
export type EmailRequest = z.input<typeof EmailRequest>;

export const EmailResponse = z.looseObject({
  ids: z.array(z.int()),
  usage: z.looseObject({ amount: z.number(), currency: z.string(), total_cost: z.number() }),
});
export type EmailResponse = z.output<typeof EmailResponse>;

export const EmailCallback = z.looseObject({
  id: z.int(),
  time: z.int(),
  email_address: z.string(),
  status: z.string(),
  userref: z.string().optional(),
  details: z.string().optional(),
  callback_url: z.string().optional(),
});
export type EmailCallback = z.output<typeof EmailCallback>;
