// The server's TLS certificate: the user's own pair (--cert, --key), or a self-signed one made with the selfsigned
// library on first start and kept in <data>/tls/ after, so its fingerprint (what clients pin on first use) stays the
// same across restarts. The fingerprint is SHA-256 over the certificate, as Node's TLS sockets report it.
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { coded } from '../../src-shared/error-codes';
import { BeskedError } from '../core/errors';

export interface ServerCertificate {
  cert: string;
  key: string;
  /** SHA-256 of the certificate as colon-separated hex (X509Certificate.fingerprint256). */
  fingerprint256: string;
  /** The DNS names it is for (its subjectAltName), which the Host check also accepts. */
  dnsNames: string[];
  /** `created` now, `kept` from an earlier start, or `given` by --cert/--key. */
  source: 'created' | 'kept' | 'given';
  certFile: string;
}

/** Self-signed for five years: a pinned certificate that expired would lock every client out for no gain. */
const SELF_SIGNED_DAYS = 5 * 365;

/** The kept self-signed certificate of this data folder, made on first start for the names given. */
export async function selfSignedCertificate(dataDir: string, names: { dns: string[]; ips: string[] }): Promise<ServerCertificate> {
  const dir = join(dataDir, 'tls');
  const certFile = join(dir, 'server.crt');
  const keyFile = join(dir, 'server.key');
  if (existsSync(certFile) && existsSync(keyFile)) return { ...readPair(certFile, keyFile), source: 'kept' };
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const now = new Date();
  const pems = await generate([{ name: 'commonName', value: names.dns[0] ?? 'localhost' }, { name: 'organizationName', value: 'Besked server' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: new Date(now.getTime() - 60_000),
    notAfterDate: new Date(now.getTime() + SELF_SIGNED_DAYS * 86_400_000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          ...[...new Set(names.dns)].map((value) => ({ type: 2 as const, value })),
          ...[...new Set(names.ips)].map((ip) => ({ type: 7 as const, ip })),
        ],
      },
    ],
  });
  // The key first and readable by this user only: a certificate without its key is useless, the reverse is a leak.
  writeFileSync(keyFile, pems.private, { mode: 0o600 });
  chmodSync(keyFile, 0o600);
  // Private like everything in the data folder (issue 26.10); clients get the certificate from the TLS handshake.
  writeFileSync(certFile, pems.cert, { mode: 0o600 });
  return { ...readPair(certFile, keyFile), source: 'created' };
}

/** The user's own certificate and key; refused when unreadable or when the key is not the certificate's. */
export function givenCertificate(certFile: string, keyFile: string): ServerCertificate {
  return { ...readPair(certFile, keyFile), source: 'given' };
}

function readPair(certFile: string, keyFile: string): Omit<ServerCertificate, 'source'> {
  let cert: string, key: string, x509: X509Certificate;
  try {
    cert = readFileSync(certFile, 'utf8');
    x509 = new X509Certificate(cert);
  } catch (cause) {
    throw unreadable(certFile, cause);
  }
  try {
    key = readFileSync(keyFile, 'utf8');
    if (!x509.checkPrivateKey(createPrivateKey(key))) throw new Error('the key does not belong to the certificate');
  } catch (cause) {
    throw unreadable(keyFile, cause);
  }
  return { cert, key, fingerprint256: x509.fingerprint256, dnsNames: dnsNamesOf(x509), certFile };
}

/** "DNS:localhost, IP Address:127.0.0.1" → ['localhost']. */
function dnsNamesOf(x509: X509Certificate): string[] {
  return (x509.subjectAltName ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.startsWith('DNS:'))
    .map((s) => s.slice(4).toLowerCase());
}

function unreadable(file: string, cause: unknown): BeskedError {
  return new BeskedError(
    'unavailable',
    `The certificate or key ${file} could not be read, or they do not belong together. Check the files given with --cert and --key.`,
    { cause, ...coded('remote.certificateUnreadable', { file }) },
  );
}
