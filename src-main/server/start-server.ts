// A Besked server: one core serving a team (accounts, sessions) with its database, gateway, pollers and outbox, its
// token vault (keychain or the 0600 file), its certificate, and the transport that serves the renderer and the
// contract to other machines. `npm run server` (server.ts) and the tests start it the same way.
import { keepDataFolderPrivate, makePrivateDir } from '../core/private-folder';
import { hostname, networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { startCore, type Core, type CoreOptions } from '../core/core';
import { createLogger, type Logger } from '../core/log';
import type { TokenVault } from '../core/secrets/vault';
import { isLoopback, startTeamBridge, type TeamBridge, type TeamBridgeOptions } from '../bridge/team-server';
import { ownNames } from '../bridge/server-names';
import { givenCertificate, selfSignedCertificate, type ServerCertificate } from './certificate';
import { openServerVault } from './token-vault';

export interface TeamServerOptions {
  dataDir: string;
  /** Address to bind: 127.0.0.1 by default (this PC only), 0.0.0.0 to serve the network. */
  host: string;
  port: number;
  /** The built renderer (out/renderer). */
  staticDir: string;
  version: string;
  /** Shown on the sign-in page and in invitations; the computer's name when left out. */
  serverName?: string;
  /** The user's pair, the kept self-signed one (default), or none: plain HTTP, only on loopback. */
  certificate?: { certFile: string; keyFile: string } | 'selfSigned' | 'none';
  /** Tests pass a vault; otherwise the keychain, else the file vault (`keychain` picks the service or skips it). */
  vault?: TokenVault;
  keychain?: { service?: string } | false;
  log?: Logger;
  /** What tests tune in the core: output checks, the outbox's pace, session timings, clocks. */
  core?: Pick<CoreOptions, 'checkOutputs' | 'campaigns' | 'sandboxSpeed' | 'sync' | 'automations' | 'pricing' | 'gateway'> & {
    teamTimings?: NonNullable<CoreOptions['team']>['timings'];
    now?: () => number;
  };
  limits?: TeamBridgeOptions['limits'];
}

export interface TeamServer {
  /** The address to open in a browser (and invitation links' base). */
  url: string;
  port: number;
  /** null when serving plain HTTP on loopback. */
  certificate: ServerCertificate | null;
  vault: TokenVault;
  core: Core;
  bridge: TeamBridge;
  /** Stops accepting, closes every window's socket, then closes the core (outbox paused at a chunk boundary, database closed). */
  close(): Promise<void>;
}

export async function startTeamServer(o: TeamServerOptions): Promise<TeamServer> {
  makePrivateDir(o.dataDir);
  const log = o.log ?? createLogger({ file: join(o.dataDir, 'besked.log') });
  // The vault first: a token file others could read is refused (the token may have been read), not quietly narrowed.
  const vault = o.vault ?? (await openServerVault({ dataDir: o.dataDir, log, keychain: o.keychain }));
  // Before the certificate is read: a server's folder holds password hashes and its TLS key.
  keepDataFolderPrivate(o.dataDir, log);
  const choice = o.certificate ?? 'selfSigned';
  if (choice === 'none' && !isLoopback(o.host)) throw new Error(`A Besked server that listens on ${o.host} speaks only TLS: leave out "none" or give --cert and --key.`);
  let url = '';
  const core = await startCore({
    dataDir: o.dataDir,
    shell: 'web',
    instance: 'server',
    version: o.version,
    log,
    vault,
    ...o.core,
    team: {
      serverName: o.serverName ?? hostname(),
      publicUrl: () => url,
      ...(o.core?.teamTimings ? { timings: o.core.teamTimings } : {}),
      ...(o.core?.now ? { now: o.core.now } : {}),
    },
  });
  try {
    // After the core took the folder's lock: two starts on one folder never both make a certificate.
    const certificate =
      choice === 'none'
        ? null
        : choice === 'selfSigned'
          ? await selfSignedCertificate(o.dataDir, certificateNames(o.host))
          : givenCertificate(choice.certFile, choice.keyFile);
    const bridge = await startTeamBridge({
      core,
      log,
      staticDir: o.staticDir,
      host: o.host,
      port: o.port,
      tls: certificate ? { cert: certificate.cert, key: certificate.key, dnsNames: certificate.dnsNames } : null,
      version: o.version,
      ...(o.limits ? { limits: o.limits } : {}),
    });
    url = `${bridge.scheme}://${hostForLinks(o.host)}:${bridge.port}`;
    // A second start on this folder is refused and pointed here (instance-lock.ts).
    core.lock.describe(url);
    return {
      url,
      port: bridge.port,
      certificate,
      vault,
      core,
      bridge,
      close: async () => {
        await bridge.close();
        await core.close();
      },
    };
  } catch (err) {
    await core.close();
    throw err;
  }
}

/** The names a new self-signed certificate is for: loopback, the --host, the computer's name and every address. */
function certificateNames(bindHost: string): { dns: string[]; ips: string[] } {
  const all = [...ownNames({ bindHost })];
  const isIp = (n: string) => /^[\d.]+$/.test(n) || n.includes(':');
  return { dns: all.filter((n) => !isIp(n)), ips: all.filter(isIp) };
}

/**
 * The host in the printed address and invitation links: the bound address, or for every interface the first
 * network address (other machines reach an address more surely than a name), the computer's name without one.
 */
function hostForLinks(bindHost: string): string {
  if (bindHost !== '0.0.0.0' && bindHost !== '::') return bindHost.includes(':') ? `[${bindHost}]` : bindHost;
  const v4 = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal);
  return v4?.address ?? hostname();
}
