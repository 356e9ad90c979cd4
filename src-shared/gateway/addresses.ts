// The gateway's two base addresses: the public ones per platform, and the one rule for where the API token may go
// (https, or plain http only to this computer). Settings validates with it and the gateway client refuses with it.

/** GatewayAPI's public addresses; the specification names them only as {messaging_url} and {base_url}. */
export const PUBLIC_ADDRESSES = {
  default: { messagingUrl: 'https://messaging.gatewayapi.com', legacyUrl: 'https://gatewayapi.com' },
  eu: { messagingUrl: 'https://messaging.gatewayapi.eu', legacyUrl: 'https://gatewayapi.eu' },
} as const satisfies Record<'default' | 'eu', { messagingUrl: string; legacyUrl: string }>;

/** Host names that are this computer (URL.hostname keeps IPv6 in brackets). */
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Why an address cannot carry the token: not a web address at all, or not encrypted on the way out. */
export type AddressProblem = 'invalid' | 'notHttps';

/** null when the token may go to this base address; else why not. */
export function gatewayAddressProblem(address: string): AddressProblem | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return 'invalid';
  }
  // Any other scheme is refused for the same reason as plain http: only https keeps the token encrypted.
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'notHttps';
  // A base address has no credentials, query or fragment of its own: paths are appended to it.
  if (url.username || url.password || url.search || url.hash || !url.hostname) return 'invalid';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK.has(url.hostname)) return null;
  return 'notHttps';
}

/** The host (with a port when it has one) an address points at, for messages; the address itself when unparsable. */
export function addressHost(address: string): string {
  try {
    return new URL(address).host || address;
  } catch {
    return address;
  }
}
