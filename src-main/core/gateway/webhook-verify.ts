// Proves a webhook came from the gateway: the messaging interface's HMAC `Signature` header and the legacy JWT header.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';

export type VerifyFailure = 'missing' | 'malformed' | 'mismatch' | 'expired';

export type VerifyResult<T = undefined> = { ok: true; value: T } | { ok: false; reason: VerifyFailure; message: string };

/** Header values as Node gives them: a string, an array for repeated headers, or undefined. */
export type HeaderBag = Readonly<Record<string, string | readonly string[] | undefined>>;

function header(headers: HeaderBag, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [k, v] of Object.entries(headers)) {
    if (k.toLowerCase() !== wanted || v === undefined) continue;
    return typeof v === 'string' ? v : v.join(',');
  }
  return undefined;
}

const HEX = /^[0-9a-f]+$/i;

/**
 * Verifies `Signature: v1=<hex HMAC-SHA-256 of the raw body>`. The raw bytes must be those received, before any JSON
 * parsing. Several `v1=` entries (comma separated, as during a secret rotation) pass if any one matches.
 */
export function verifyMessagingSignature(rawBody: Uint8Array | string, headers: HeaderBag, secret: string): VerifyResult {
  const value = header(headers, 'signature');
  if (value === undefined || value.trim() === '') {
    return { ok: false, reason: 'missing', message: 'The webhook has no Signature header, so it cannot be trusted.' };
  }
  const candidates = value
    .split(/[,\s]+/)
    .map((p) => p.trim())
    .filter((p) => p.startsWith('v1='))
    .map((p) => p.slice(3))
    .filter((h) => h.length === 64 && HEX.test(h));
  if (candidates.length === 0) {
    return { ok: false, reason: 'malformed', message: 'The webhook Signature header is not of the form v1=<hex>.' };
  }
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : Buffer.from(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength);
  const expected = createHmac('sha256', secret).update(body).digest();
  for (const hex of candidates) {
    if (timingSafeEqual(expected, Buffer.from(hex, 'hex'))) return { ok: true, value: undefined };
  }
  return {
    ok: false,
    reason: 'mismatch',
    message: 'The webhook signature does not match. Check that the webhook secret in Besked is the one set in the gateway dashboard.',
  };
}

/** The header real deployments use, then the documented one. */
const LEGACY_SIGNATURE_HEADERS = ['x-gwapi-signature', 'x-service-signature'];

/** Verifies the legacy JWT (HS256, keyed with the webhook's authentication text) and returns its claims. */
export async function verifyLegacySignature(headers: HeaderBag, secret: string): Promise<VerifyResult<JWTPayload>> {
  let token: string | undefined;
  for (const name of LEGACY_SIGNATURE_HEADERS) {
    token = header(headers, name)?.trim();
    if (token) break;
  }
  if (!token) {
    return { ok: false, reason: 'missing', message: 'The webhook has no X-Gwapi-Signature or X-Service-Signature header, so it cannot be trusted.' };
  }
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] });
    return { ok: true, value: payload };
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) {
      return { ok: false, reason: 'expired', message: 'The webhook signature has expired.' };
    }
    if (err instanceof joseErrors.JWSSignatureVerificationFailed) {
      return {
        ok: false,
        reason: 'mismatch',
        message: 'The webhook signature does not match. Check that the authentication text in Besked is the one set in the gateway dashboard.',
      };
    }
    return { ok: false, reason: 'malformed', message: 'The webhook signature is not a valid HS256 token.' };
  }
}
