// A Besked server as the team tests meet it: one core with accounts (real SQLite on disk, the built-in test gateway,
// i.e. the simulator, as its gateway) behind the server's own HTTPS/WSS bridge on 127.0.0.1 with its self-signed
// certificate, and any number of windows over real WebSockets that set up the owner, are invited, and sign in.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Core, CoreOptions } from '../../../src-main/core/core';
import { MemoryVault } from '../../../src-main/core/secrets/vault';
import { createLogger } from '../../../src-main/core/log';
import { startTeamServer, type TeamServerOptions } from '../../../src-main/server/start-server';
import { BRIDGE_PATH } from '../../../src-shared/contract';
import type { LedgerEntry } from '../../../src-sim/ledger';
import type { Role } from '../../../src-shared/contract';
import { coreCalls, simCall } from '../core-calls';
import { connectClient, type TeamClient } from './team-client';

export type { TeamClient };
export const PASSWORD = 'correct horse battery staple';

export interface TeamWorldOptions {
  /** Session and lockout timings (tests shorten them). */
  timings?: NonNullable<CoreOptions['team']>['timings'];
  now?: () => number;
  /** Kept between a stop and a restart (sessions surviving a restart). */
  dataDir?: string;
  vault?: MemoryVault;
  campaigns?: CoreOptions['campaigns'];
  /** The bridge's limits; left out, LOOPBACK_STRANGERS. */
  limits?: TeamServerOptions['limits'];
}

/**
 * The strangers' limits for tests about other things: every window of a test comes from 127.0.0.1, where a real shop's
 * windows come from many addresses, so the per-address limits are lifted; the limits' own tests set them.
 */
export const LOOPBACK_STRANGERS = { strangers: { connectionsPerAddress: 10_000, connectionsTotal: 10_000, signInsPerAddress: { perSecond: 10_000, burst: 10_000 } } };

export interface TeamWorld {
  core: Core;
  dataDir: string;
  vault: MemoryVault;
  /** The server's https origin, e.g. https://127.0.0.1:5xxxx. */
  origin: string;
  fingerprint: string;
  /** Every window opened so far (closed ones included), for the token search over their frames. */
  clients: TeamClient[];
  /** The session token each signed-in window was given (what a browser keeps in local storage). */
  tokens: Map<TeamClient, string>;
  /** A window that has not signed in. */
  connect(label?: string, o?: { origin?: string; fingerprint?: string; localAddress?: string }): Promise<TeamClient>;
  /** The owner's window: sets the owner up on the first call, signs in on later ones. */
  owner(name?: string): Promise<TeamClient>;
  /** A colleague invited by the owner with `role`, who accepts the invitation in a new window. */
  invite(name: string, role?: Role): Promise<TeamClient>;
  signIn(name: string, password?: string): Promise<TeamClient>;
  /** The simulator behind the server's sandbox connection (its /_sim control API). */
  sim(method: string, path: string, body?: unknown): Promise<unknown>;
  ledger(): Promise<LedgerEntry[]>;
  /** Stops the bridge and the core, keeping the data folder (for a restart). */
  stop(): Promise<void>;
  close(): Promise<void>;
}

export async function startTeamWorld(o: TeamWorldOptions = {}): Promise<TeamWorld> {
  const dataDir = o.dataDir ?? mkdtempSync(join(tmpdir(), 'besked-team-'));
  const vault = o.vault ?? new MemoryVault();
  // The server as `npm run server` starts it: its own kept self-signed certificate in the data folder, on loopback.
  const server = await startTeamServer({
    dataDir,
    host: '127.0.0.1',
    port: 0,
    // The renderer's files are not what these tests look at; the E2E test serves the built ones.
    staticDir: join(dataDir, 'no-renderer'),
    version: 't',
    serverName: 'Butikken',
    certificate: 'selfSigned',
    vault,
    log: createLogger({ level: 'error' }),
    limits: o.limits ?? LOOPBACK_STRANGERS,
    core: {
      checkOutputs: true,
      campaigns: { retryBaseMs: 200, retryMaxMs: 1_000, ...o.campaigns },
      ...(o.timings ? { teamTimings: o.timings } : {}),
      ...(o.now ? { now: o.now } : {}),
    },
  });
  const core = server.core;
  const b = { origin: server.url, bridgeUrl: `${server.url.replace(/^https:/, 'wss:')}${BRIDGE_PATH}`, fingerprint: server.certificate!.fingerprint256 };
  const clients: TeamClient[] = [];
  let ownerName: string | null = null;
  let stopped = false;
  const { sim } = coreCalls(() => core);

  const connect: TeamWorld['connect'] = async (label = `window ${clients.length + 1}`, c = {}) => {
    const client = await connectClient({ url: b.bridgeUrl, origin: c.origin ?? b.origin, fingerprint: c.fingerprint ?? b.fingerprint, label, ...(c.localAddress ? { localAddress: c.localAddress } : {}) });
    clients.push(client);
    return client;
  };
  const tokens = new Map<TeamClient, string>();
  const signIn: TeamWorld['signIn'] = async (name, password = PASSWORD) => {
    const client = await connect(name);
    tokens.set(client, (await client.ok('team.signIn', { name, password })).session.token);
    return client;
  };

  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await Promise.all(clients.map((c) => c.close()));
    await server.close();
  };

  return {
    core,
    dataDir,
    vault,
    origin: b.origin,
    fingerprint: b.fingerprint,
    clients,
    tokens,
    connect,
    signIn,
    async owner(name = 'Anna') {
      if (ownerName !== null) return signIn(ownerName);
      const client = await connect(name);
      tokens.set(client, (await client.ok('team.setupOwner', { name, password: PASSWORD })).session.token);
      ownerName = name;
      return client;
    },
    async invite(name, role = 'staff') {
      if (ownerName === null) throw new Error('set the owner up first: world.owner()');
      const owner = clients.find((c) => c.label === ownerName && c.isOpen()) ?? (await signIn(ownerName));
      const { code } = await owner.ok('team.invite', { role, name });
      const client = await connect(name);
      tokens.set(client, (await client.ok('team.acceptInvitation', { code, name, password: PASSWORD })).session.token);
      return client;
    },
    sim,
    async ledger() {
      const t = await core.connection.target();
      return ((await simCall(t.legacyUrl, t.token, 'GET', '/_sim/ledger')) as { messages: LedgerEntry[] }).messages;
    },
    stop,
    async close() {
      await stop();
      if (!o.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls until `check` holds (events cross a socket: the tests wait for them rather than sleep). */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 10_000, what = 'the condition'): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`${what} did not hold within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
