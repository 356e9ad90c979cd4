// Starts the gateway simulator in-process: the default platform and optionally the EU one, on one simulated clock.
import { SimClock } from './clock';
import { controlRoutes } from './control';
import { legacyRoutes } from './legacy';
import { messagingRoutes } from './messaging';
import { loadState, StateWriter, type SavedState } from './persistence';
import { applyOp, Journal, readJournal } from './journal';
import { Platform } from './platform';
import { Router } from './routing';
import { startServer, type RunningServer } from './server';
import { initialState, PlatformStore, type PlatformName, type PlatformState } from './state';
import { WebhookDispatcher } from './webhooks';

export interface SimulatorOptions {
  /** Port of the default platform; 0 picks a free one. */
  port?: number;
  /** API token of the default platform. */
  token: string;
  /** Starts the EU platform on this port (0 = free port); needs euToken. */
  euPort?: number;
  euToken?: string;
  /** Simulated seconds per real second (default 1). */
  speed?: number;
  /** JSON file that keeps the state across restarts; in memory when absent. */
  state?: string;
  /** Interface to bind (default 127.0.0.1). */
  host?: string;
  /** Real milliseconds a webhook receiver has to answer (default 5000). */
  webhookTimeoutMs?: number;
  /** Request bodies larger than this get 413 (default 10 MiB). */
  maxBodyBytes?: number;
  /** Open connections allowed per client address (default 40). */
  maxConnectionsPerAddress?: number;
  /** Where warnings go (default stderr). */
  log?: (line: string) => void;
}

export interface Simulator {
  url: string;
  euUrl?: string;
  clock: SimClock;
  /** Moves simulated time forward; due status changes are made and due webhooks queued before it returns. */
  advance(seconds: number): Promise<void>;
  close(): Promise<void>;
}

export const DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024;
export const DEFAULT_MAX_CONNECTIONS = 40;

export async function startSimulator(options: SimulatorOptions): Promise<Simulator> {
  if (!options.token) throw new Error('startSimulator: a token is required');
  const withEu = options.euPort !== undefined;
  if (withEu && !options.euToken) throw new Error('startSimulator: euPort needs euToken');
  if (withEu && options.euToken === options.token) throw new Error('startSimulator: the EU token must differ from the default token');
  const log = options.log ?? ((line: string) => process.stderr.write(line + '\n'));

  let saved: SavedState | null = null;
  if (options.state) {
    const loaded = loadState(options.state);
    if (loaded.kind === 'loaded') saved = loaded.saved;
    if (loaded.kind === 'unreadable') log(`simulator: state file unreadable (${loaded.reason}); kept as ${loaded.movedTo}, starting fresh`);
  }
  const names: PlatformName[] = withEu ? ['default', 'eu'] : ['default'];
  const states = new Map<PlatformName, PlatformState>();
  for (const name of names) states.set(name, saved?.platforms[name] ?? initialState(name));

  // What was answered after the last state file: replayed from the journal, so nothing accepted is forgotten and
  // no id is handed out again after a kill.
  let journal: Journal | null = null;
  // Time runs on while the simulator is down, as it does for a real gateway: a recorded simulated time resumes
  // at itself plus the real time since it was recorded (records from before `real` existed resume at themselves).
  const since = (at: number, real: number | undefined) => at + (real === undefined ? 0 : Math.max(0, Date.now() - real));
  let resumeAt = saved ? since(saved.savedAt, saved.savedReal) : 0;
  /** Where reports are resumed from: the state file's time, or the first change the journal holds. */
  let notifySince: number | null = saved ? saved.savedAt : null;
  if (options.state) {
    const file = `${options.state}.journal`;
    const entries = readJournal([`${file}.old`, file], saved?.journalSeq ?? 0);
    for (const e of entries) {
      let s = states.get(e.p) ?? saved?.platforms[e.p];
      if (!s) {
        s = initialState(e.p);
        if (saved) saved.platforms[e.p] = s;
      }
      for (const op of e.ops) applyOp(s, op);
      resumeAt = Math.max(resumeAt, since(e.at, e.real));
      notifySince ??= e.at;
    }
    journal = new Journal(file, entries.at(-1)?.seq ?? saved?.journalSeq ?? 0);
  }
  const clock = new SimClock(options.speed ?? 1, Math.max(Date.now(), resumeAt));

  let writer: StateWriter | null = null;
  const changed = () => writer?.schedule();
  if (options.state) {
    const file = options.state;
    writer = new StateWriter(
      file,
      () => {
        // Platforms not started this run keep what the file had.
        const platforms = { ...(saved?.platforms ?? {}) };
        for (const [n, s] of states) platforms[n] = s;
        // Entries up to here are in this snapshot; later ones go to a fresh journal segment.
        return { version: 1, savedAt: clock.now(), savedReal: Date.now(), platforms, journalSeq: journal!.rotate() };
      },
      (err) => log(`simulator: could not save state to ${file}: ${err.message}`),
      1000,
      () => journal!.compacted(),
    );
  }

  const router = new Router().add(messagingRoutes).add(legacyRoutes).add(controlRoutes);
  const platforms: Platform[] = [];
  const servers: RunningServer[] = [];
  try {
    for (const name of names) {
      const store = new PlatformStore(name, states.get(name)!, changed, journal ? (p, ops) => journal!.append(p, ops, clock.now()) : undefined);
      const dispatcher = new WebhookDispatcher(clock, { timeoutMs: options.webhookTimeoutMs ?? 5000, concurrency: 16, logSize: 2000 });
      const platform = new Platform(name, name === 'eu' ? options.euToken! : options.token, store, clock, dispatcher);
      if (notifySince !== null) resumeNotifications(platform, notifySince);
      platforms.push(platform);
      servers.push(
        await startServer(platform, router, {
          host: options.host ?? '127.0.0.1',
          port: name === 'eu' ? options.euPort! : (options.port ?? 0),
          maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
          maxConnectionsPerAddress: options.maxConnectionsPerAddress ?? DEFAULT_MAX_CONNECTIONS,
          log,
        }),
      );
    }
  } catch (err) {
    await Promise.all(servers.map((s) => s.close()));
    await Promise.all(platforms.map((p) => p.dispatcher.close()));
    clock.close();
    throw err;
  }

  for (const p of platforms) p.peers = platforms;

  let closed: Promise<void> | null = null;
  const sim: Simulator = {
    url: servers[0]!.url,
    clock,
    async advance(seconds: number) {
      clock.advance(seconds);
      platforms[0]!.store.journal([{ t: 'clock' }]);
      await platforms[0]!.settled();
    },
    close() {
      closed ??= (async () => {
        await Promise.all(servers.map((s) => s.close()));
        clock.close();
        await Promise.all(platforms.map((p) => p.dispatcher.close()));
        await writer?.flush();
        journal?.close();
      })();
      return closed;
    },
  };
  if (withEu) sim.euUrl = servers[1]!.url;
  return sim;
}

/** After a restart, reports not yet due when the state was saved are scheduled again (those since then fire at once). */
function resumeNotifications(platform: Platform, savedAt: number): void {
  const state = platform.store.state;
  platform.notifier.messagingAccepted(state.messaging, savedAt);
  for (const m of state.legacy) platform.notifier.legacyAccepted(m, savedAt);
  platform.notifier.emailsAccepted(state.emails, savedAt);
}

export type { SimClock } from './clock';
