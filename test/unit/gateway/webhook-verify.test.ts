import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { verifyLegacySignature, verifyMessagingSignature } from '../../../src-main/core/gateway/webhook-verify';

const secret = 'whsec-correct-horse';
const body = JSON.stringify({ event_id: 'e1', event_type: 'message.status.sms', event: { status: 'DELIVERED' } });
const sign = (b: string | Buffer, s = secret) => `v1=${createHmac('sha256', s).update(b).digest('hex')}`;

describe('verifyMessagingSignature', () => {
  it.each([
    ['valid', body, { Signature: sign(body) }, true, undefined],
    ['valid, bytes and lower-case header', Buffer.from(body), { signature: sign(body) }, true, undefined],
    ['valid, upper-case hex', body, { signature: sign(body).toUpperCase().replace('V1=', 'v1=') }, true, undefined],
    ['one of several v1 entries (secret rotation)', body, { signature: `${sign(body, 'old')}, ${sign(body)}` }, true, undefined],
    ['tampered body', body.replace('DELIVERED', 'EXPIRED'), { signature: sign(body) }, false, 'mismatch'],
    ['wrong secret', body, { signature: sign(body, 'someone-else') }, false, 'mismatch'],
    ['missing header', body, {}, false, 'missing'],
    ['empty header', body, { signature: '' }, false, 'missing'],
    ['unknown scheme', body, { signature: sign(body).replace('v1=', 'v2=') }, false, 'malformed'],
    ['truncated hex', body, { signature: sign(body).slice(0, 40) }, false, 'malformed'],
    ['body re-serialised (whitespace differs)', JSON.stringify(JSON.parse(body), null, 1), { signature: sign(body) }, false, 'mismatch'],
  ] as [string, string | Buffer, Record<string, string>, boolean, string | undefined][])('%s', (_n, raw, headers, ok, reason) => {
    const r = verifyMessagingSignature(raw, headers, secret);
    expect(r.ok).toBe(ok);
    if (!r.ok) {
      expect(r.reason).toBe(reason);
      expect(r.message).not.toBe('');
    }
  });
});

describe('verifyLegacySignature', () => {
  const jwt = (s = secret, alg = 'HS256', exp?: number) => {
    const j = new SignJWT({ id: 1, msisdn: 4512345678, status: 'DELIVERED' }).setProtectedHeader({ alg }).setIssuedAt();
    if (exp !== undefined) j.setExpirationTime(exp);
    return j.sign(new TextEncoder().encode(s));
  };

  it('accepts a valid token from X-Gwapi-Signature and returns its claims', async () => {
    const r = await verifyLegacySignature({ 'X-Gwapi-Signature': await jwt() }, secret);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.value['status']).toBe('DELIVERED');
  });
  it('accepts a valid token from X-Service-Signature', async () => {
    const r = await verifyLegacySignature({ 'x-service-signature': await jwt() }, secret);
    expect(r.ok).toBe(true);
  });
  it('rejects a token signed with another secret', async () => {
    const r = await verifyLegacySignature({ 'x-gwapi-signature': await jwt('someone-else') }, secret);
    expect(r).toMatchObject({ ok: false, reason: 'mismatch' });
  });
  it('rejects a token whose claims were altered', async () => {
    const [h, , s] = (await jwt()).split('.');
    const forged = Buffer.from(JSON.stringify({ id: 1, msisdn: 4512345678, status: 'EXPIRED' })).toString('base64url');
    const r = await verifyLegacySignature({ 'x-gwapi-signature': `${h}.${forged}.${s}` }, secret);
    expect(r).toMatchObject({ ok: false, reason: 'mismatch' });
  });
  it('rejects other algorithms even with the right secret', async () => {
    const r = await verifyLegacySignature({ 'x-gwapi-signature': await jwt(secret, 'HS512') }, secret);
    expect(r.ok).toBe(false);
  });
  it('rejects an expired token', async () => {
    const r = await verifyLegacySignature({ 'x-gwapi-signature': await jwt(secret, 'HS256', Math.floor(Date.now() / 1000) - 60) }, secret);
    expect(r).toMatchObject({ ok: false, reason: 'expired' });
  });
  it('rejects a missing header and garbage', async () => {
    expect(await verifyLegacySignature({}, secret)).toMatchObject({ ok: false, reason: 'missing' });
    expect(await verifyLegacySignature({ 'x-gwapi-signature': 'not.a.jwt' }, secret)).toMatchObject({ ok: false, reason: 'malformed' });
  });
});
