// A Node client for web mode's WebSocket bridge, speaking the renderer's protocol ({id, name, input} → {id, result};
// {event, payload}), so E2E tests can drive the contract without a browser where a browser adds nothing.
import WebSocket from 'ws';
import type { CallInput, CallName, CallOutput } from '../../src-shared/contract';
import type { AppError } from '../../src-shared/errors';
import type { WebProcess } from './harness';

export interface BridgeClient {
  call<N extends CallName>(name: N, input: CallInput<N>): Promise<{ ok: true; value: CallOutput<N> } | { ok: false; error: AppError }>;
  /** The call's value; throws with the error's message otherwise. */
  ok<N extends CallName>(name: N, input: CallInput<N>): Promise<CallOutput<N>>;
  onEvent(listener: (name: string, payload: unknown) => void): void;
  close(): void;
}

export async function connectBridge(web: Pick<WebProcess, 'origin' | 'key'>): Promise<BridgeClient> {
  const ws = new WebSocket(`${web.origin.replace('http:', 'ws:')}/bridge?key=${web.key}`, { origin: web.origin, maxPayload: 256 * 1024 * 1024 });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let seq = 0;
  const pending = new Map<number, (result: unknown) => void>();
  const listeners: ((name: string, payload: unknown) => void)[] = [];
  ws.on('message', (data) => {
    const msg = JSON.parse(data.toString()) as { id?: number; result?: unknown; event?: string; payload?: unknown };
    if (msg.event !== undefined) {
      for (const l of listeners) l(msg.event, msg.payload);
      return;
    }
    const done = pending.get(msg.id!);
    pending.delete(msg.id!);
    done?.(msg.result);
  });
  ws.on('close', () => {
    for (const done of pending.values()) done({ ok: false, error: { kind: 'unavailable', message: 'The bridge closed.' } });
    pending.clear();
  });
  const call = <N extends CallName>(name: N, input: CallInput<N>) =>
    new Promise<{ ok: true; value: CallOutput<N> } | { ok: false; error: AppError }>((resolve) => {
      const id = ++seq;
      pending.set(id, resolve as (r: unknown) => void);
      ws.send(JSON.stringify({ id, name, input }));
    });
  return {
    call,
    ok: async (name, input) => {
      const r = await call(name, input);
      if (!r.ok) throw new Error(`${name} failed: ${r.error.kind}: ${r.error.message}`);
      return r.value;
    },
    onEvent: (l) => void listeners.push(l),
    close: () => ws.terminate(),
  };
}
