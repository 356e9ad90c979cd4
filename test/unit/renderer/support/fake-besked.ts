// A stand-in for window.besked (the contract client: call and on) for store and component tests: answers calls from
// the test's handlers, records every call, and lets the test push the core's events.
import type { BeskedApi, CallInput, CallName, CallOutput, EventName, EventPayload } from '../../../../src-shared/contract';
import type { AppError } from '../../../../src-shared/errors';

export type Handlers = { [N in CallName]?: (input: CallInput<N>) => CallOutput<N> | Promise<CallOutput<N>> };

/** Thrown by a handler: the call answers `{ok: false, error}` as the core does. */
export class Refused extends Error {
  constructor(readonly error: AppError) {
    super(error.message);
  }
}

export interface FakeBesked {
  /** Every call made, in order. */
  calls: { name: CallName; input: unknown }[];
  /** The inputs of every call named `name`. */
  inputs<N extends CallName>(name: N): CallInput<N>[];
  /** Pushes an event to the listeners, as the core does. */
  emit<E extends EventName>(name: E, payload: EventPayload<E>): void;
  handlers: Handlers;
}

/** Installs a fake window.besked; a call without a handler fails the test with its name. */
export function installFakeBesked(handlers: Handlers = {}): FakeBesked {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const fake: FakeBesked = {
    calls: [],
    handlers,
    inputs: <N extends CallName>(name: N) => fake.calls.filter((c) => c.name === name).map((c) => c.input as CallInput<N>),
    emit(name, payload) {
      for (const l of listeners.get(name) ?? []) l(payload);
    },
  };
  const api = {
    async call(name: CallName, input: unknown) {
      fake.calls.push({ name, input });
      const handler = fake.handlers[name] as ((i: unknown) => unknown) | undefined;
      if (!handler) throw new Error(`no handler for ${name}`);
      try {
        return { ok: true, value: await handler(input) };
      } catch (err) {
        if (err instanceof Refused) return { ok: false, error: err.error };
        throw err;
      }
    },
    on(name: string, listener: (payload: unknown) => void) {
      const set = listeners.get(name) ?? new Set();
      set.add(listener);
      listeners.set(name, set);
      return () => set.delete(listener);
    },
  } as unknown as BeskedApi;
  // happy-dom has a window; plain Node gets a bare one holding only the client.
  const g = globalThis as { window?: { besked?: BeskedApi } };
  g.window ??= {};
  g.window.besked = api;
  return fake;
}
