// Web mode's preload: installs on window.besked the same BeskedApi the Electron preload exposes, carried
// over the authenticated loopback WebSocket instead of IPC. Served by a Besked server (no key), it is the browser's
// team mode: it connects to the server's own bridge and keeps the session's token to resume after a reload.
import type { BeskedApi, CallName, EventName, EventPayload, WireCall, WireFromCore } from '../../src-shared/contract';
import { BRIDGE_PATH } from '../../src-shared/contract/bridge-path';
import type { AppError, Result } from '../../src-shared/errors';
import { sessionChange } from '../../src-shared/team/session-answers';
import { BRIDGE_ERRORS, whyUnavailable } from './bridge-unavailable';

const KEY_STORAGE = 'besked.bridgeKey';
const SESSION_STORAGE = 'besked.session';

/** Where team mode keeps the session's token between reloads (local storage: shared by the server's tabs). */
export interface SessionStore {
  get(): string | null;
  set(token: string): void;
  forget(): void;
}

export function storageSessionStore(storage: Storage): SessionStore {
  return {
    get: () => storage.getItem(SESSION_STORAGE),
    set: (token) => storage.setItem(SESSION_STORAGE, token),
    forget: () => storage.removeItem(SESSION_STORAGE),
  };
}

type Pending = { resolve: (r: Result<unknown>) => void };

export function bridgeKeyFromLocation(loc: Location, storage: Storage): string | null {
  const params = new URLSearchParams(loc.search);
  const fromUrl = params.get('key');
  if (fromUrl) {
    storage.setItem(KEY_STORAGE, fromUrl);
    // Keep the key out of the address bar, history and screenshots.
    params.delete('key');
    const rest = params.toString();
    history.replaceState(null, '', loc.pathname + (rest ? `?${rest}` : '') + loc.hash);
    return fromUrl;
  }
  return storage.getItem(KEY_STORAGE);
}

/**
 * The bridge over one WebSocket, reconnecting with backoff. With `team` (a Besked server's page) each connection first
 * resumes the kept session (the token travels in that first frame only, never in the address), and the answers of the
 * sign-in and sign-out calls keep or forget the token (src-shared/team/session-answers.ts).
 */
export function createWebBridge(url: string, team?: SessionStore): BeskedApi & { ready: Promise<void> } {
  let nextId = 1;
  const pending = new Map<number, Pending>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let socket: WebSocket;
  let opened: Promise<void>;
  let retryMs = 250;
  let everOpen = false;
  // A server's page has no key to check: a failed connection is a server restarting or out of reach, tried again.
  let unavailable: Promise<AppError> = Promise.resolve(team ? BRIDGE_ERRORS.reconnecting : BRIDGE_ERRORS.notRunning);

  const emit = (event: string, payload: unknown) => {
    for (const l of listeners.get(event) ?? []) l(payload);
  };

  const send = (name: string, input: unknown): Promise<Result<unknown>> => {
    // Between a drop and the reconnect a socket discards what it is given: answer at once instead of never.
    if (socket.readyState !== WebSocket.OPEN) return Promise.resolve({ ok: false, error: BRIDGE_ERRORS.reconnecting });
    const id = nextId++;
    return new Promise((resolve) => {
      pending.set(id, { resolve });
      const frame: WireCall = { id, name, input };
      socket.send(JSON.stringify(frame));
    });
  };

  /** What the answer does to the kept session. */
  const keep = (name: string, result: Result<unknown>) => {
    if (!team) return;
    const change = sessionChange(name, result);
    if (change === 'ended') team.forget();
    else if (change) team.set(change.token);
  };

  /** Before any other call on a new connection: the kept session, if any, is bound to it again. */
  const resume = async () => {
    const token = team?.get();
    if (!token) return;
    const result = await send('team.resume', { token });
    keep('team.resume', result);
    // After a reconnect the view was signed in: it learns the session is gone as if the server had said so.
    if (!result.ok && result.error.kind === 'auth' && everOpen) emit('team.sessionEnded', { reason: 'expired' });
  };

  const connect = () => {
    socket = new WebSocket(url);
    let wasOpen = false;
    opened = new Promise<void>((resolve, reject) => {
      socket.addEventListener('open', () => {
        wasOpen = true;
        retryMs = 250;
        void resume().finally(() => {
          everOpen = true;
          resolve();
        });
      });
      socket.addEventListener('error', () => {
        // The browser hides why the bridge refused; the server's key check tells an old link from a stopped Besked.
        // A page without a key that web mode served is an old link too; a Besked server's page is tried again.
        if (!wasOpen) {
          const why = whyUnavailable(url, (u) => fetch(u));
          unavailable = team ? why.then((e) => (e.code === BRIDGE_ERRORS.wrongKey.code ? e : BRIDGE_ERRORS.reconnecting)) : why;
        }
        reject(new Error('bridge unavailable'));
      });
    });
    opened.catch(() => undefined);
    socket.addEventListener('message', (ev) => {
      // The core is trusted here (it checks what it receives, not what it sends); the type is src-shared/contract/wire.ts.
      const msg = JSON.parse(String(ev.data)) as WireFromCore;
      if ('event' in msg) {
        if (msg.event === 'team.sessionEnded') team?.forget();
        emit(msg.event, msg.payload);
      } else if (typeof msg.id === 'number' && msg.result) {
        pending.get(msg.id)?.resolve(msg.result);
        pending.delete(msg.id);
      }
    });
    socket.addEventListener('close', () => {
      for (const p of pending.values())
        p.resolve({ ok: false, error: BRIDGE_ERRORS.reconnecting });
      pending.clear();
      // The core may be restarting; reconnect quietly with backoff. An old link never becomes valid, so it stops.
      void (wasOpen ? Promise.resolve(null) : unavailable).then((why) => {
        if (why?.code === BRIDGE_ERRORS.wrongKey.code) return;
        setTimeout(connect, retryMs);
        retryMs = Math.min(retryMs * 2, 5000);
      });
    });
  };
  connect();

  const api: BeskedApi = {
    async call(name, input) {
      try {
        await opened;
      } catch {
        return { ok: false, error: await unavailable };
      }
      const result = await send(name, input);
      keep(name, result);
      return result as never;
    },
    on(name, listener) {
      let set = listeners.get(name);
      if (!set) listeners.set(name, (set = new Set()));
      const l = listener as (p: unknown) => void;
      set.add(l);
      return () => set.delete(l);
    },
  };
  return { ...api, ready: opened! };
}

/** The bridge's address: web mode's loopback socket with its key, or (no key) the serving Besked server's own bridge. */
export function bridgeUrl(loc: Pick<Location, 'protocol' | 'host'>, key: string | null): string {
  if (key) return `ws://${loc.host}${BRIDGE_PATH}?key=${encodeURIComponent(key)}`;
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}${BRIDGE_PATH}`;
}

/**
 * Installs window.besked; says whether the page is likely let in without signing in: one PC's web mode (a key), or a
 * server's page with a kept session. The app asks for its first view's data alongside who this is when it is.
 */
export function installWebBridge(): { likelyLetIn: boolean } {
  const key = bridgeKeyFromLocation(window.location, window.sessionStorage);
  // No key: a Besked server served this page; who is calling is told by signing in, not by a key.
  const sessions = key ? undefined : storageSessionStore(window.localStorage);
  window.besked = createWebBridge(bridgeUrl(window.location, key), sessions);
  return { likelyLetIn: key !== null || sessions?.get() != null };
}

// Re-exported so TypeScript checks this module's listener types against the contract.
export type { CallName, EventName, EventPayload };
