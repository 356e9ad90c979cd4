// Who may call: the token schemes each interface accepts, checked against the platform's own token.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export type AuthOutcome = 'ok' | 'missing' | 'invalid';

export interface Credentials {
  /** From `Authorization: Token <t>`. */
  token?: string;
  /** From `Authorization: Basic base64(<t>:)`: the user name. */
  basicUser?: string;
  /** Some other Authorization scheme (OAuth, Bearer, ...). */
  otherScheme?: string;
}

export function credentialsFrom(headers: IncomingHttpHeaders): Credentials {
  const h = headers.authorization;
  if (!h) return {};
  const m = /^(\S+)\s+(.*)$/.exec(h.trim());
  if (!m) return { otherScheme: h };
  const scheme = m[1]!.toLowerCase();
  const value = m[2]!.trim();
  if (scheme === 'token') return { token: value };
  if (scheme === 'basic') {
    let decoded: string;
    try {
      decoded = Buffer.from(value, 'base64').toString('utf8');
    } catch {
      return { otherScheme: 'basic' };
    }
    const colon = decoded.indexOf(':');
    // The token is the user name; whatever stands in the password is ignored.
    return { basicUser: colon >= 0 ? decoded.slice(0, colon) : decoded };
  }
  return { otherScheme: scheme };
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Messaging interface and control API: only the Token scheme. */
export function checkTokenOnly(creds: Credentials, expected: string): AuthOutcome {
  if (creds.token === undefined) return creds.basicUser !== undefined || creds.otherScheme ? 'invalid' : 'missing';
  return same(creds.token, expected) ? 'ok' : 'invalid';
}

/** Legacy interface: Token header, Basic with the token as user name, or a token= query or form parameter. */
export function checkLegacy(creds: Credentials, paramToken: string | undefined, expected: string): AuthOutcome {
  const offered = creds.token ?? creds.basicUser ?? paramToken;
  if (offered === undefined) return creds.otherScheme ? 'invalid' : 'missing';
  return same(offered, expected) ? 'ok' : 'invalid';
}
