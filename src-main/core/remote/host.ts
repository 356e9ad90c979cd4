// The desktop app's host: what the window's transport (IPC, web mode's loopback WebSocket) is attached to. It runs
// either the local core (This PC) or the pinned link to a Besked server (remote.json), answers remote.* itself, and
// switches between them. In client mode no local core runs: the local database is not opened and stays untouched.
import { calls, isCallName, type DomainCallName, type EventMessage, type EventName, type RemoteState } from '../../../src-shared/contract';
import type { Result } from '../../../src-shared/errors';
import { coded } from '../../../src-shared/error-codes';
import { startCore, type Core, type CoreOptions } from '../core';
import { readInput, validationError, type Dispatch } from '../dispatch';
import { BeskedError, toAppError } from '../errors';
import { EventBus } from '../events';
import type { Logger } from '../log';
import type { TokenVault } from '../secrets/vault';
import { remoteHandlers, THIS_PC, type RemoteControl } from '.';
import { probeServer, serverAddress } from './probe';
import { readRemoteFile, removeRemoteFile, writeRemoteFile, type PinnedServer } from './remote-file';
import { ServerLink, sessionKey, type LinkTimings } from './server-link';
import { nextTurn } from '../event-loop-turns';

export interface HostOptions {
  dataDir: string;
  shell: CoreOptions['shell'];
  version: string;
  log: Logger;
  vault: TokenVault;
  /** What else the local core starts with (tests shorten its timings). */
  core?: Omit<CoreOptions, 'dataDir' | 'shell' | 'version' | 'log' | 'vault' | 'remote'>;
  /** The link's reconnect and heartbeat timings (tests shorten them). */
  link?: LinkTimings;
  probeTimeoutMs?: number;
}

export interface Host {
  /** Where the window's calls go: remote.* answered here, the rest to the local core or over the link. */
  dispatch: Dispatch;
  /** The local core's events, or the server's, and remote.state: what the window's transport listens to. */
  events: EventBus;
  log: Logger;
  state(): RemoteState;
  /** The local core while the data is on this PC; null in client mode. */
  core(): Core | null;
  /** Web mode's address, written beside the data folder's lock of every local core this host starts. */
  describeLock(url: string): void;
  close(): Promise<void>;
}

type Target = { kind: 'core'; core: Core; unsubscribe: () => void } | { kind: 'link'; link: ServerLink };

const fingerprintMismatch = (url: string) =>
  new BeskedError('conflict', `The server at ${url} now shows a different fingerprint than the one you checked. Check again and compare it with the one the server printed.`, {
    ...coded('remote.fingerprintMismatch', { url }),
  });

export async function startHost(o: HostOptions): Promise<Host> {
  const events = new EventBus();
  let target: Target;
  let lockNote: string | null = null;
  /** Switches run one at a time; calls wait for the one in hand, so none reaches a closing core or link. */
  let switching: Promise<void> = Promise.resolve();
  let closed = false;

  const forward = (message: EventMessage) => events.emit(message.name as EventName, message.payload as never);
  const state = (): RemoteState =>
    target.kind === 'core'
      ? THIS_PC
      : { mode: 'server', server: { ...target.link.server }, link: target.link.linkState, presented: target.link.presented };
  const announce = () => events.emit('remote.state', state());

  const control: RemoteControl = {
    state,
    probe: (address) => probeServer(address, o.probeTimeoutMs === undefined ? {} : { timeoutMs: o.probeTimeoutMs }),
    use: async (url, fingerprint) => {
      const address = serverAddress(url);
      // Once more, now: the certificate pinned is the one the server shows at this moment, not only at Check.
      const cert = await control.probe(address.url);
      if (cert.fingerprint !== fingerprint) throw fingerprintMismatch(address.url);
      const server: PinnedServer = { url: address.url, fingerprint };
      // Answered first: on This PC the answer comes from the core this switch closes.
      queueSwitch(async () => {
        const before = target.kind === 'link' ? target.link.server : null;
        writeRemoteFile(o.dataDir, server);
        await stopTarget();
        if (before && before.url !== server.url) await forgetSession(before.url);
        target = { kind: 'link', link: startLink(server) };
        announce();
      });
      return { mode: 'server', server, link: 'connecting', presented: null };
    },
    useThisPc: async () => {
      await waitSwitch(async () => {
        if (target.kind === 'core') return;
        const link = target.link;
        // The local core first: when this folder cannot be opened, the app stays a client rather than being neither.
        const core = await startLocalCore();
        await signOut(link);
        await link.close();
        await forgetSession(link.server.url);
        removeRemoteFile(o.dataDir);
        target = core;
        announce();
      });
      return state();
    },
  };
  const remote = remoteHandlers(control);

  function startLink(server: PinnedServer): ServerLink {
    const link = new ServerLink({
      ...o.link,
      server,
      vault: o.vault,
      log: o.log,
      onEvent: forward,
      onState: () => {
        if (target.kind === 'link' && target.link === link) announce();
      },
    });
    void link.start();
    return link;
  }

  /** A restore (core/backup): after its answer, this core closes, the database file is swapped, and a core starts again. */
  const restart = (swap: () => Promise<void>) =>
    queueSwitch(async () => {
      await stopTarget();
      try {
        await swap();
      } finally {
        target = await startLocalCore();
        announce();
      }
    });

  async function startLocalCore(): Promise<Target> {
    const backup = { ...o.core?.backup, restart };
    const core = await startCore({ ...o.core, dataDir: o.dataDir, shell: o.shell, version: o.version, log: o.log, vault: o.vault, remote: control, backup });
    if (lockNote) core.lock.describe(lockNote);
    return { kind: 'core', core, unsubscribe: core.events.subscribe(forward) };
  }

  async function stopTarget() {
    if (target.kind === 'core') {
      target.unsubscribe();
      await target.core.close();
    } else {
      await target.link.close();
    }
  }

  /** Leaving a server ends the session there too, when it can be reached; the token is forgotten either way. */
  async function signOut(link: ServerLink) {
    if (link.linkState !== 'connected') return;
    const answer = await Promise.race([link.call('team.signOut', {}), new Promise<null>((r) => setTimeout(() => r(null), 2000).unref())]);
    if (answer && !answer.ok && answer.error.code !== 'team.signInNeeded') o.log.info('the server session could not be ended there', { code: answer.error.code });
  }

  async function forgetSession(url: string) {
    try {
      await o.vault.delete(sessionKey(url));
    } catch (err) {
      o.log.warn('the server session could not be removed from the keychain', { err });
    }
  }

  function queueSwitch(fn: () => Promise<void>) {
    switching = switching.then(async () => {
      // After the answer of the call that asked for it has left (and its audit entry is written).
      await nextTurn();
      if (closed) return;
      try {
        await fn();
      } catch (err) {
        o.log.error('switching where the data is failed', { err });
      }
    });
  }
  function waitSwitch(fn: () => Promise<void>): Promise<void> {
    const run = switching.then(fn);
    switching = run.catch(() => undefined);
    return run;
  }

  async function answerHere(name: DomainCallName<'remote'>, raw: unknown): Promise<Result<unknown>> {
    const parsed = readInput(calls[name].input, raw === undefined ? {} : raw);
    if (!parsed.ok) return { ok: false, error: validationError(parsed.fields, `Invalid input to ${name}`, name) };
    try {
      const handler = remote[name] as (i: unknown) => unknown;
      return { ok: true, value: await handler(parsed.data) };
    } catch (err) {
      return { ok: false, error: toAppError(err) };
    }
  }

  const pinned = readRemoteFile(o.dataDir);
  target = pinned ? { kind: 'link', link: startLink(pinned) } : await startLocalCore();

  return {
    dispatch: async (name, input) => {
      await switching;
      const t = target;
      if (t.kind === 'core') return t.core.dispatch(name, input);
      // A client answers remote.* itself: the server would say it is a server.
      if (isCallName(name) && name.startsWith('remote.')) return answerHere(name as DomainCallName<'remote'>, input);
      return t.link.call(name, input);
    },
    events,
    log: o.log,
    state,
    core: () => (target.kind === 'core' ? target.core : null),
    describeLock: (url) => {
      lockNote = url;
      if (target.kind === 'core') target.core.lock.describe(url);
    },
    close: async () => {
      closed = true;
      await switching;
      await stopTarget();
    },
  };
}
