// Whether the team server may listen where it was told: only on addresses the internet cannot reach (loopback,
// private, link-local, the 100.64/10 range VPNs such as Tailscale use) unless the owner says --public on purpose.
import { isIPv4, isIPv6 } from 'node:net';

export type AddressKind = 'loopback' | 'private' | 'linkLocal' | 'vpnShared' | 'unspecified' | 'public';

function v4Parts(addr: string): number[] {
  return addr.split('.').map(Number);
}

function v4Kind(addr: string): AddressKind {
  const [a, b] = v4Parts(addr) as [number, number];
  if (a === 0) return 'unspecified';
  if (a === 127) return 'loopback';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'private';
  if (a === 169 && b === 254) return 'linkLocal';
  // Carrier-grade NAT's shared space, which Tailscale gives its devices: not routed on the internet.
  if (a === 100 && b >= 64 && b <= 127) return 'vpnShared';
  return 'public';
}

/** The first 16 bits of an IPv6 address, as a number. */
function v6Head(addr: string): number {
  const first = addr.split(':')[0] ?? '';
  return first === '' ? 0 : parseInt(first, 16);
}

/** What kind of place an IP address is; null for something that is not an IP address (a host name). */
export function addressKind(address: string): AddressKind | null {
  const addr = address.replace(/%.*$/, '').toLowerCase();
  if (isIPv4(addr)) return v4Kind(addr);
  if (!isIPv6(addr)) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(addr);
  if (mapped) return v4Kind(mapped[1]!);
  if (addr === '::') return 'unspecified';
  if (addr === '::1') return 'loopback';
  const head = v6Head(addr);
  if ((head & 0xffc0) === 0xfe80) return 'linkLocal';
  // Unique local addresses (fc00::/7), Tailscale's fd7a:115c:a1e0::/48 among them.
  if ((head & 0xfe00) === 0xfc00) return 'private';
  return 'public';
}

export interface ExposureInput {
  /** What --host said. */
  host: string;
  /** Whether --public was given. */
  allowPublic: boolean;
  /**
   * The addresses the server would answer on: the host itself when it is an IP address; the machine's own IPv4
   * addresses for 0.0.0.0 (all of them for ::, which also takes IPv6); what a host name resolves to.
   */
  servedAddresses: string[];
}

export type Exposure = { ok: true; warning?: string } | { ok: false; error: string };

/** The addresses of `servedAddresses` reachable from the internet. */
export function publicAddresses(addresses: string[]): string[] {
  return addresses.filter((a) => addressKind(a) === 'public');
}

/** Refuses a public address without --public; with it, starts and warns. */
export function exposureRule(input: ExposureInput): Exposure {
  const exposed = publicAddresses(input.servedAddresses);
  if (exposed.length === 0) return { ok: true };
  const list = exposed.join(', ');
  if (!input.allowPublic) {
    return {
      ok: false,
      error:
        `--host ${input.host} would answer on ${list}, which the internet can reach. ` +
        'Reach the server from outside the shop through a VPN (WireGuard, Tailscale) instead, or give --host the ' +
        'computer\'s address on the shop\'s network (for example 192.168.1.20). To serve a public address anyway, add --public.',
    };
  }
  return {
    ok: true,
    warning: `Warning: --public: the server answers on ${list}, which the internet can reach. Anyone can try to sign in; keep the passwords long.`,
  };
}

/** The addresses a host of `interfaces` answers on when the server listens on `host` (already resolved names aside). */
export function addressesForHost(host: string, interfaceAddresses: { address: string; family: 'IPv4' | 'IPv6' }[]): string[] {
  if (host === '0.0.0.0') return interfaceAddresses.filter((i) => i.family === 'IPv4').map((i) => i.address);
  if (host === '::') return interfaceAddresses.map((i) => i.address);
  return [host];
}
