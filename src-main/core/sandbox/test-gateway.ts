// The built-in test gateway's control API (/_sim/, src-sim/README.md) as Sandbox tools use it: only ever at the sandbox's
// own address with its own token, and refused outright while Besked is live, so no tool can touch a real gateway.
import { coded } from '../../../src-shared/error-codes';
import type { Connection } from '../account/connection';
import { BeskedError } from '../errors';

/** How long a control call may take: the test gateway is local and answers at once. */
const CONTROL_TIMEOUT_MS = 10_000;

export class TestGateway {
  constructor(private readonly connection: Pick<Connection, 'target'>) {}

  /** Refuses with sandbox.liveMode unless gateway calls go to the sandbox right now. */
  async ensureSandbox(): Promise<void> {
    if ((await this.connection.target()).mode !== 'sandbox') throw liveMode();
  }

  /** One /_sim/ call; refused with sandbox.liveMode unless the connection's target is the sandbox right now. */
  async control<T>(method: 'GET' | 'POST' | 'PUT', path: string, json?: unknown): Promise<T> {
    const t = await this.connection.target();
    if (t.mode !== 'sandbox') throw liveMode();
    let res: Response;
    try {
      res = await fetch(t.legacyUrl + path, {
        method,
        headers: { authorization: `Token ${t.token}`, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(json === undefined ? {} : { body: JSON.stringify(json) }),
        signal: AbortSignal.timeout(CONTROL_TIMEOUT_MS),
      });
    } catch (err) {
      throw new BeskedError('network', `The built-in test gateway did not answer: ${(err as Error).message}`, {
        ...coded('sandbox.gatewayRefused', { status: 0, detail: (err as Error).message }),
        cause: err,
      });
    }
    const text = await res.text();
    if (!res.ok) {
      const detail = readError(text);
      throw new BeskedError('server', `The built-in test gateway refused this (status ${res.status}): ${detail}`, {
        ...coded('sandbox.gatewayRefused', { status: res.status, detail }),
        status: res.status,
      });
    }
    return (text ? JSON.parse(text) : undefined) as T;
  }
}

export function liveMode(): BeskedError {
  return new BeskedError(
    'conflict',
    'Sandbox tools work only in Sandbox. Besked is connected to the live gateway now, where they would reach real phones, so nothing was done.',
    coded('sandbox.liveMode'),
  );
}

function readError(text: string): string {
  try {
    const body = JSON.parse(text) as { error?: unknown };
    if (typeof body.error === 'string') return body.error;
  } catch {
    // Not JSON: the text itself says it.
  }
  return text.slice(0, 200);
}
