// Reading a Besked server's certificate before trusting it: the address the user typed normalised to
// https://host:port, and one TLS handshake that reads the certificate's SHA-256 fingerprint for the user to compare
// with the one the server printed at start (trust on first use). Nothing but the handshake is sent.
import { connect, type PeerCertificate } from 'node:tls';
import { isIP } from 'node:net';
import type { ServerCertificate } from '../../../src-shared/contract';
import { coded } from '../../../src-shared/error-codes';
import { BeskedError } from '../errors';

/** A server typed without a port: https's own. */
const DEFAULT_PORT = 443;

export interface ServerAddress {
  /** https://host:port, as pinned in remote.json and shown to the user. */
  url: string;
  /** The host for a socket (an IPv6 address without its brackets). */
  host: string;
  port: number;
}

const badAddress = () =>
  new BeskedError('validation', "Write the server's address as the server printed it, for example https://192.168.1.20:8443. A Besked server on the network speaks only https.", {
    ...coded('remote.badAddress'),
    fields: [{ path: ['address'], message: 'not a Besked server address' }],
  });

/** host[:port] or https://host[:port][/]: anything else (http, a path, credentials) is refused, never guessed. */
export function serverAddress(typed: string): ServerAddress {
  const text = typed.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  let u: URL;
  try {
    u = new URL(withScheme);
  } catch {
    throw badAddress();
  }
  if (u.protocol !== 'https:' || u.username || u.password || (u.pathname !== '/' && u.pathname !== '') || u.search || u.hash || !u.hostname) throw badAddress();
  const port = u.port ? Number(u.port) : DEFAULT_PORT;
  const host = u.hostname.startsWith('[') ? u.hostname.slice(1, -1) : u.hostname;
  return { url: `https://${u.hostname}:${port}`, host, port };
}

export const unreachable = (url: string, cause?: unknown) =>
  new BeskedError('network', `The Besked server at ${url} cannot be reached. Your work there is safe; Besked keeps trying.`, { cause, ...coded('remote.unreachable', { url }) });

const notTls = (url: string, cause?: unknown) =>
  new BeskedError('protocol', `Something answers at ${url}, but not as a Besked server (no secure connection).`, { cause, ...coded('remote.notTls', { url }) });

/** The certificate as the contract shows it; null when the peer showed none. */
export function describeCertificate(url: string, cert: PeerCertificate | null | undefined, authorityTrusted: boolean): ServerCertificate | null {
  if (!cert || !cert.fingerprint256) return null;
  const subject = Object.entries(cert.subject ?? {})
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join('+') : String(v)}`)
    .join(', ');
  const validTo = new Date(cert.valid_to);
  return { url, fingerprint: cert.fingerprint256, subject, validTo: Number.isNaN(validTo.getTime()) ? cert.valid_to : validTo.toISOString(), authorityTrusted };
}

/** One handshake with the server at `typed`; its certificate, or a coded error saying why none could be read. */
export function probeServer(typed: string, opts: { timeoutMs?: number } = {}): Promise<ServerCertificate> {
  const address = serverAddress(typed);
  return new Promise((resolve, reject) => {
    const socket = connect({
      host: address.host,
      port: address.port,
      // A self-signed certificate is the normal case: the user compares the fingerprint instead of an authority.
      rejectUnauthorized: false,
      ...(isIP(address.host) ? {} : { servername: address.host }),
    });
    socket.setTimeout(opts.timeoutMs ?? 8000, () => {
      socket.destroy();
      reject(unreachable(address.url));
    });
    socket.once('secureConnect', () => {
      const cert = describeCertificate(address.url, socket.getPeerCertificate(), socket.authorized);
      socket.end();
      socket.destroy();
      if (cert) resolve(cert);
      else reject(notTls(address.url));
    });
    socket.once('error', (err: NodeJS.ErrnoException) => {
      socket.destroy();
      // A refused, unknown or unrouted address is "cannot be reached"; anything said in the handshake is "not TLS".
      const network = ['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'EAI_AGAIN', 'ECONNRESET'].includes(err.code ?? '');
      reject(network ? unreachable(address.url, err) : notTls(address.url, err));
    });
  });
}
