// The team server's own names, against which every request's Host and every bridge connection's Origin are checked:
// a page from another site (or a DNS name rebound to this PC) names a host that is not ours and is refused. Ours are
// localhost and the loopback addresses, the --host, the computer's name, every address of its network interfaces
// (read afresh, as a laptop's address changes) and the DNS names of the certificate.
import { hostname as osHostname, networkInterfaces } from 'node:os';

export interface NameSource {
  hostname(): string;
  addresses(): string[];
}

const systemNames: NameSource = {
  hostname: () => osHostname(),
  addresses: () =>
    Object.values(networkInterfaces())
      .flat()
      .flatMap((i) => (i ? [i.address] : [])),
};

/** An address a server binds to for every interface: not a name anyone reaches it by. */
const WILDCARDS = new Set(['0.0.0.0', '::', '']);

/** Every name of this server, lower-case, IPv6 without brackets. */
export function ownNames(o: { bindHost: string; certNames?: readonly string[] }, source: NameSource = systemNames): Set<string> {
  const host = source.hostname().toLowerCase();
  const names = ['localhost', '127.0.0.1', '::1', host, ...(host.includes('.') ? [] : [`${host}.local`]), ...source.addresses(), ...(o.certNames ?? [])];
  if (!WILDCARDS.has(o.bindHost)) names.push(o.bindHost);
  return new Set(names.map((n) => bare(n.toLowerCase())));
}

/** "[::1]" → "::1"; names are compared without IPv6 brackets or a zone (fe80::1%eth0). */
function bare(name: string): string {
  const n = name.startsWith('[') && name.endsWith(']') ? name.slice(1, -1) : name;
  return n.replace(/%.*$/, '');
}

/** "name:port" or "[v6]:port" as [name, port] (port '' when left out); null when not of that form. */
function splitHostPort(value: string): [string, string] | null {
  const m = /^(\[[0-9a-f:.%a-z]+\]|[^:[\]/\s@]+)(?::(\d{1,5}))?$/i.exec(value);
  return m ? [bare(m[1]!.toLowerCase()), m[2] ?? ''] : null;
}

export interface ServerAddress {
  scheme: 'https' | 'http';
  port: number;
}

const DEFAULT_PORT = { https: 443, http: 80 } as const;

function portMatches(given: string, at: ServerAddress): boolean {
  return given === '' ? at.port === DEFAULT_PORT[at.scheme] : Number(given) === at.port;
}

/** Whether a request's Host header names this server at its port. */
export function hostIsOurs(header: string | undefined, names: ReadonlySet<string>, at: ServerAddress): boolean {
  const hp = header ? splitHostPort(header) : null;
  return hp !== null && names.has(hp[0]) && portMatches(hp[1], at);
}

/** Whether a bridge connection's Origin is a page of this server (same scheme, one of our names, our port). */
export function originIsOurs(header: string | undefined, names: ReadonlySet<string>, at: ServerAddress): boolean {
  if (!header) return false;
  const m = /^(https?):\/\/([^/?#]+)$/.exec(header);
  if (!m || m[1] !== at.scheme) return false;
  return hostIsOurs(m[2], names, at);
}

/** The names, cached for a few seconds: asked on every request, and an interface's address rarely changes. */
export function cachedNames(read: () => Set<string>, ttlMs = 5_000): () => Set<string> {
  let names: Set<string> | null = null;
  let at = 0;
  return () => {
    if (!names || Date.now() - at > ttlMs) {
      names = read();
      at = Date.now();
    }
    return names;
  };
}
