// The email rules: {merge_fields} become the gateway's tags with values per recipient, cc/bcc go on every
// recipient, and the attachments' 5 MB total is checked on the decoded bytes before anything is sent.
import { MAX_EMAIL_ATTACHMENT_BYTES, type EmailSendInput } from '../../../src-shared/contract';
import { mergeFieldsIn } from '../../../src-shared/sms/personalised';
import { BeskedError } from '../errors';
import type { EmailRequest } from '../gateway';
import { coded } from '../../../src-shared/error-codes';

/** Bytes a base64 text decodes to, without decoding it. */
export function decodedBytes(base64: string): number {
  const clean = base64.replace(/\s/g, '');
  const pad = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.floor((clean.length * 3) / 4) - pad;
}

function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1);
}

/** Refuses attachments over the gateway's 5 MB total, saying by how much. */
export function checkAttachments(attachments: readonly { fileName: string; base64: string }[]): number {
  const total = attachments.reduce((n, a) => n + decodedBytes(a.base64), 0);
  if (total > MAX_EMAIL_ATTACHMENT_BYTES) {
    throw new BeskedError(
      'limit',
      `The attachments are ${megabytes(total)} MB together; the gateway accepts at most 5 MB per email. Remove some, or share large files as a link.`,
      { fields: [{ path: ['attachments'], message: `${megabytes(total)} MB of at most 5 MB` }], ...coded('email.attachmentsTooLarge', { mb: megabytes(total) }) },
    );
  }
  return total;
}

/** Built-in merge fields every recipient has, besides the contact's own fields. */
function builtIns(r: { address: string; name?: string | undefined }): Record<string, string> {
  const name = r.name?.trim() ?? '';
  return { name, first_name: name.split(/\s+/)[0] ?? '', email: r.address };
}

type Input = Omit<EmailSendInput, 'recipients'> & { recipients: { address: string; name?: string | undefined; fields?: Record<string, string> | undefined }[] };

/** The gateway request for a composed email. */
export function buildEmailRequest(input: Input): EmailRequest {
  const plaintext = input.plaintext.trim() === '' ? undefined : input.plaintext;
  const html = input.html.trim() === '' ? undefined : input.html;
  if (plaintext === undefined && html === undefined) {
    throw new BeskedError('validation', 'Write the email text, as plain text, HTML or both.', {
      fields: [{ path: ['plaintext'], message: 'Write the email text' }],
      ...coded('email.noText'),
    });
  }
  const attachments = input.attachments ?? [];
  checkAttachments(attachments);
  const fields = mergeFieldsIn([input.subject, plaintext ?? '', html ?? ''].join('\n'));
  const cc = input.cc ?? [];
  const bcc = input.bcc ?? [];
  const identity = (i: { address: string; name?: string | undefined }) => (i.name ? { address: i.address, name: i.name } : { address: i.address });
  return {
    subject: input.subject,
    ...(plaintext === undefined ? {} : { plaintext }),
    ...(html === undefined ? {} : { html }),
    ...(input.from ? { from: input.from } : {}),
    ...(input.reply ? { reply: input.reply } : {}),
    ...(fields.length ? { tags: fields.map((f) => `{${f}}`) } : {}),
    recipients: input.recipients.map((r) => {
      const values = { ...builtIns(r), ...(r.fields ?? {}) };
      return {
        address: r.address,
        ...(r.name ? { name: r.name } : {}),
        ...(fields.length ? { tagvalues: fields.map((f) => (Object.hasOwn(values, f) ? values[f]! : '')) } : {}),
        ...(cc.length ? { cc: cc.map(identity) } : {}),
        ...(bcc.length ? { bcc: bcc.map(identity) } : {}),
      };
    }),
    ...(attachments.length ? { attachments: attachments.map((a) => ({ data: a.base64, filename: a.fileName, mimetype: mimeOrDefault(a.mimeType) })) } : {}),
  };
}

/** The gateway wants type/subtype; an unknown file type is sent as plain bytes. */
function mimeOrDefault(m: string): string {
  return /^[\w.+-]+\/[\w.+-]+$/.test(m) ? m : 'application/octet-stream';
}
