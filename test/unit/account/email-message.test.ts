// Composing the gateway's email request: merge tags per recipient, cc/bcc, the 5 MB attachment rule.
import { describe, expect, it } from 'vitest';
import { buildEmailRequest, checkAttachments, decodedBytes } from '../../../src-main/core/account/email-message';
import { MAX_EMAIL_ATTACHMENT_BYTES } from '../../../src-shared/contract';
import { EmailRequest } from '../../../src-main/core/gateway/legacy-schemas';

const b64 = (n: number) => Buffer.alloc(n, 7).toString('base64');

describe('decodedBytes', () => {
  it.each([0, 1, 2, 3, 4, 5, 1000, 1001, 1002])('is exact for %i bytes', (n) => {
    expect(decodedBytes(b64(n))).toBe(n);
  });
});

describe('checkAttachments', () => {
  it('accepts exactly 5 MB in total', () => {
    const half = MAX_EMAIL_ATTACHMENT_BYTES / 2;
    expect(checkAttachments([{ fileName: 'a', base64: b64(half) }, { fileName: 'b', base64: b64(half) }])).toBe(MAX_EMAIL_ATTACHMENT_BYTES);
  });
  it('refuses one byte more, saying how big they are', () => {
    expect(() => checkAttachments([{ fileName: 'a', base64: b64(MAX_EMAIL_ATTACHMENT_BYTES + 1) }])).toThrow(/5\.0 MB together; the gateway accepts at most 5 MB/);
  });
});

describe('buildEmailRequest', () => {
  const base = {
    from: 'Bageriet <shop@example.com>',
    subject: 'Hello {first_name}',
    plaintext: 'Dear {name}, your code is {code}.',
    html: '<p>Dear {name}</p>',
    recipients: [
      { address: 'anna@example.com', name: 'Anna Berg', fields: { code: 'A1' } },
      { address: 'bo@example.com' },
    ],
    cc: [{ address: 'office@example.com', name: 'Office' }],
    bcc: [{ address: 'archive@example.com' }],
    attachments: [{ fileName: 'menu.pdf', mimeType: 'application/pdf', base64: b64(10) }, { fileName: 'x', mimeType: '', base64: b64(1) }],
  };

  it('turns each {field} used into a tag with a value per recipient, blank when missing', () => {
    const r = buildEmailRequest(base);
    expect(r.tags).toEqual(['{first_name}', '{name}', '{code}']);
    expect(r.recipients[0]).toMatchObject({ address: 'anna@example.com', name: 'Anna Berg', tagvalues: ['Anna', 'Anna Berg', 'A1'] });
    expect(r.recipients[1]).toMatchObject({ address: 'bo@example.com', tagvalues: ['', '', ''] });
    expect(r.recipients[1]).not.toHaveProperty('name');
  });

  it('puts cc and bcc on every recipient and names attachment types', () => {
    const r = buildEmailRequest(base);
    for (const rec of r.recipients) {
      expect(rec.cc).toEqual([{ address: 'office@example.com', name: 'Office' }]);
      expect(rec.bcc).toEqual([{ address: 'archive@example.com' }]);
    }
    expect(r.attachments?.map((a) => [a.filename, a.mimetype])).toEqual([
      ['menu.pdf', 'application/pdf'],
      ['x', 'application/octet-stream'],
    ]);
  });

  it('passes the gateway client\'s own request schema', () => {
    expect(EmailRequest.safeParse(buildEmailRequest(base)).success).toBe(true);
    expect(EmailRequest.safeParse(buildEmailRequest({ ...base, subject: 'Plain', plaintext: 'Hi', html: '' })).success).toBe(true);
  });

  it('leaves out tags when no field is used, and empty text parts', () => {
    const r = buildEmailRequest({ from: 'shop@example.com', subject: 'Plain', plaintext: 'Hi all', html: '  ', recipients: [{ address: 'a@example.com' }] });
    expect(r).not.toHaveProperty('tags');
    expect(r).not.toHaveProperty('html');
    expect(r.recipients[0]).toEqual({ address: 'a@example.com' });
  });

  it('refuses an email without text', () => {
    expect(() => buildEmailRequest({ from: 'shop@example.com', subject: 'S', plaintext: ' ', html: '', recipients: [{ address: 'a@example.com' }] })).toThrow(/Write the email text/);
  });

  it('refuses attachments over 5 MB before building anything', () => {
    expect(() => buildEmailRequest({ ...base, attachments: [{ fileName: 'big', mimeType: 'image/png', base64: b64(MAX_EMAIL_ATTACHMENT_BYTES + 10) }] })).toThrow(
      /at most 5 MB/,
    );
  });
});
