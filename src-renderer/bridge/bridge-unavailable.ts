// Why web mode's page cannot reach the core, as errors the UI translates: the page's key is not this run's (an old
// link), nothing answers (Besked is not running), or the connection dropped and is being made again.
import type { AppError } from '../../src-shared/errors';
import { KEY_CHECK_PATH, type KeyCheckAnswer } from '../../src-shared/bridge-key-check';

export const BRIDGE_ERRORS = {
  wrongKey: {
    kind: 'auth',
    code: 'bridge.wrongKey',
    message:
      'This link is not valid for this run of Besked: web mode makes a new key each time it starts. Open the address it printed in the terminal where you ran npm run web (“Besked web: http://127.0.0.1:…/?key=…”). If that terminal is closed, run npm run web again: it prints the address of the one already running.',
  },
  notRunning: { kind: 'network', code: 'bridge.notRunning', message: 'Besked is not running. Start it again with npm run web.' },
  reconnecting: { kind: 'network', code: 'bridge.reconnecting', message: 'Lost the connection to Besked. Reconnecting…' },
} as const satisfies Record<string, AppError>;

/** The part of fetch this needs, so a test can answer for the server. */
export type KeyCheckFetch = (url: string) => Promise<{ ok: boolean; json(): Promise<unknown> }>;

/** The key check's address for a bridge address (ws://host/bridge?key=…). */
export function keyCheckUrl(bridgeUrl: string): string {
  const url = new URL(bridgeUrl);
  return `http://${url.host}${KEY_CHECK_PATH}?key=${encodeURIComponent(url.searchParams.get('key') ?? '')}`;
}

/** Asks the server, if anything answers, whether the page's key is this run's; called after a bridge connection failed. */
export async function whyUnavailable(bridgeUrl: string, fetchKeyCheck: KeyCheckFetch): Promise<AppError> {
  let answer: Partial<KeyCheckAnswer> | null;
  try {
    const res = await fetchKeyCheck(keyCheckUrl(bridgeUrl));
    // Something else answers on this port: whatever it is, Besked is not running there.
    if (!res.ok) return BRIDGE_ERRORS.notRunning;
    answer = (await res.json()) as Partial<KeyCheckAnswer> | null;
  } catch {
    return BRIDGE_ERRORS.notRunning;
  }
  if (answer?.valid === false) return BRIDGE_ERRORS.wrongKey;
  // The key is right and the server answers: the bridge failed for a passing reason, so it is tried again.
  return answer?.valid === true ? BRIDGE_ERRORS.reconnecting : BRIDGE_ERRORS.notRunning;
}
