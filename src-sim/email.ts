// POST /rest/email: per-recipient tags, cc/bcc, attachments up to 5 MB in total, a charge per email and status callbacks.
import { LegacyError } from './legacy-errors';
import { asObject, asString, asStringList, describe, isHttpUrl, readLegacyFields } from './legacy-input';
import { productPrice, roundMoney } from './prices';
import type { Reply, RouteContext } from './routing';
import type { EmailRecord } from './state';
import { tagFiller } from './tags';

export const EMAIL_LIMITS = { attachmentBytes: 5 * 1024 * 1024, recipients: 10_000 } as const;

const ADDRESS = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
const BASE64 = /^[A-Za-z0-9+/\r\n]*={0,2}$/;

/** An address in `Name <address>` or plain form. */
function identity(v: unknown, field: string): string {
  const s = asString(v, field).trim();
  const m = /<([^>]+)>\s*$/.exec(s);
  const address = m ? m[1]!.trim() : s;
  if (!ADDRESS.test(address)) throw new LegacyError('invalidValue', [field, `expected an email address or "Name <address>", got ${describe(v)}`]);
  return s;
}

function address(v: unknown, field: string): string {
  const s = asString(v, field).trim();
  if (!ADDRESS.test(s)) throw new LegacyError('invalidValue', [field, `expected an email address, got ${describe(v)}`]);
  return s;
}

function copies(v: unknown, field: string): { address: string; name?: string }[] {
  if (v == null) return [];
  if (!Array.isArray(v)) throw new LegacyError('invalidValue', [field, 'expected a list']);
  return v.map((c, i) => {
    const o = asObject(c, `${field}.${i}`);
    const out: { address: string; name?: string } = { address: address(o['address'], `${field}.${i}.address`) };
    if (o['name'] != null) out.name = asString(o['name'], `${field}.${i}.name`);
    return out;
  });
}

export async function sendEmail(ctx: RouteContext): Promise<Reply> {
  const platform = ctx.platform;
  const account = platform.store.state.account;
  if (!account.features.email) throw new LegacyError('notEnabled', ['Email sending']);
  const f = asObject(await readLegacyFields(ctx), 'body');
  for (const k of ['from', 'subject', 'recipients']) if (f[k] == null) throw new LegacyError('missingField', [k]);
  const from = identity(f['from'], 'from');
  const reply = f['reply'] == null ? null : identity(f['reply'], 'reply');
  const subject = asString(f['subject'], 'subject');
  const html = f['html'] == null ? null : asString(f['html'], 'html');
  const plaintext = f['plaintext'] == null ? null : asString(f['plaintext'], 'plaintext');
  if (html === null && plaintext === null) throw new LegacyError('missingField', ['html or plaintext']);
  const userref = f['userref'] == null ? null : asString(f['userref'], 'userref');
  const callback_url = f['callback_url'] == null ? null : asString(f['callback_url'], 'callback_url');
  if (callback_url !== null && !isHttpUrl(callback_url)) throw new LegacyError('invalidValue', ['callback_url', 'expected an http or https URL']);
  const tags = f['tags'] == null ? null : asStringList(f['tags'], 'tags');

  const attachments: EmailRecord['attachments'] = [];
  if (f['attachments'] != null) {
    if (!Array.isArray(f['attachments'])) throw new LegacyError('invalidValue', ['attachments', 'expected a list']);
    let total = 0;
    f['attachments'].forEach((a, i) => {
      const o = asObject(a, `attachments.${i}`);
      for (const k of ['data', 'filename', 'mimetype']) if (o[k] == null) throw new LegacyError('missingField', [`attachments.${i}.${k}`]);
      const data = asString(o['data'], `attachments.${i}.data`);
      if (!BASE64.test(data)) throw new LegacyError('invalidValue', [`attachments.${i}.data`, 'expected base64']);
      const filename = asString(o['filename'], `attachments.${i}.filename`);
      if (!filename.trim()) throw new LegacyError('invalidValue', [`attachments.${i}.filename`, 'must not be empty']);
      const mimetype = asString(o['mimetype'], `attachments.${i}.mimetype`);
      if (!/^[\w.+-]+\/[\w.+-]+$/.test(mimetype)) throw new LegacyError('invalidValue', [`attachments.${i}.mimetype`, 'expected type/subtype']);
      const bytes = Buffer.byteLength(data.replace(/[\r\n]/g, ''), 'base64');
      total += bytes;
      attachments.push({ filename, mimetype, bytes });
    });
    if (total > EMAIL_LIMITS.attachmentBytes)
      throw new LegacyError('invalidValue', ['attachments', `${total} bytes in total; at most ${EMAIL_LIMITS.attachmentBytes} (5 MB) are allowed`]);
  }

  const rawRecipients = f['recipients'];
  if (!Array.isArray(rawRecipients) || rawRecipients.length === 0) throw new LegacyError('invalidValue', ['recipients', 'expected a non-empty list']);
  if (rawRecipients.length > EMAIL_LIMITS.recipients)
    throw new LegacyError('requestTooBig', [rawRecipients.length, 'recipients', EMAIL_LIMITS.recipients]);
  const fill = tags ? tagFiller(tags) : null;
  const now = platform.clock.now();
  const price = productPrice('email', account.currency);
  const emails: EmailRecord[] = rawRecipients.map((raw, i) => {
    const o = asObject(raw, `recipients.${i}`);
    const addr = address(o['address'], `recipients.${i}.address`);
    const values = o['tagvalues'] == null ? null : asStringList(o['tagvalues'], `recipients.${i}.tagvalues`);
    if ((values?.length ?? 0) !== (tags?.length ?? 0)) throw new LegacyError('tagMismatch', [addr, values?.length ?? 0, tags?.length ?? 0]);
    const sub = (t: string | null) => (t !== null && fill && values ? fill(t, values) : t);
    return {
      id: 0,
      address: addr,
      name: o['name'] == null ? null : asString(o['name'], `recipients.${i}.name`),
      from,
      reply,
      subject: sub(subject)!,
      html: sub(html),
      plaintext: sub(plaintext),
      cc: copies(o['cc'], `recipients.${i}.cc`),
      bcc: copies(o['bcc'], `recipients.${i}.bcc`),
      attachments,
      userref,
      callback_url,
      cost: price,
      createdAt: now,
    };
  });
  const total = roundMoney(price * emails.length);
  if (!platform.store.debit(total)) {
    throw new LegacyError('insufficientCredit', [total.toFixed(2), account.currency, account.credit.toFixed(2)]);
  }
  for (const e of emails) e.id = platform.store.nextEmailId();
  platform.store.state.emails.push(...emails);
  platform.store.journal([
    { t: 'push', key: 'emails', items: emails },
    { t: 'set', key: 'counters', value: platform.store.state.counters },
    { t: 'set', key: 'account', value: account },
  ]);
  platform.notifier.emailsAccepted(emails);
  return { status: 200, body: { ids: emails.map((e) => e.id), usage: { amount: emails.length, currency: account.currency, total_cost: total } } };
}
