// Web mode's preload: installs on window.besked the same BeskedApi the Electron preload exposes, carried
// over the authenticated loopback WebSocket instead of IPC.
import type { BeskedApi, CallName, EventName, EventPayload, WireCall, WireFromCore } from '../../src-shared/contract';
import type { AppError, Result } from '../../src-shared/errors';
import { BRIDGE_ERRORS, whyUnavailable } from './bridge-unavailable';

const KEY_STORAGE = 'besked.bridgeKey';

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

export function createWebBridge(url: string): BeskedApi & { ready: Promise<void> } {
  let nextId = 1;
  const pending = new Map<number, Pending>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let socket: WebSocket;
  let opened: Promise<void>;
  let retryMs = 250;
  let unavailable: Promise<AppError> = Promise.resolve(BRIDGE_ERRORS.notRunning);

  const connect = () => {
    socket = new WebSocket(url);
    let wasOpen = false;
    opened = new Promise<void>((resolve, reject) => {
      socket.addEventListener('open', () => {
        wasOpen = true;
        retryMs = 250;
        resolve();
      });
      socket.addEventListener('error', () => {
        // The browser hides why the bridge refused; the server's key check tells an old link from a stopped Besked.
        if (!wasOpen) unavailable = whyUnavailable(url, (u) => fetch(u));
        reject(new Error('bridge unavailable'));
      });
    });
    opened.catch(() => undefined);
    socket.addEventListener('message', (ev) => {
      // The core is trusted here (it checks what it receives, not what it sends); the type is src-shared/contract/wire.ts.
      const msg = JSON.parse(String(ev.data)) as WireFromCore;
      if ('event' in msg) {
        for (const l of listeners.get(msg.event) ?? []) l(msg.payload);
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
      const id = nextId++;
      return new Promise((resolve) => {
        pending.set(id, { resolve: resolve as Pending['resolve'] });
        const frame: WireCall = { id, name, input };
        socket.send(JSON.stringify(frame));
      });
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

export function installWebBridge(): void {
  const key = bridgeKeyFromLocation(window.location, window.sessionStorage);
  const url = `ws://${window.location.host}/bridge?key=${encodeURIComponent(key ?? '')}`;
  window.besked = createWebBridge(url);
}

// Re-exported so TypeScript checks this module's listener types against the contract.
export type { CallName, EventName, EventPayload };
