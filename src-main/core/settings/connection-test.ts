// settings.testConnection: asks the gateway who the token belongs to, with a typed token or a platform's stored token
// against the platform's live addresses, or through the current target (sandbox or live) when neither is named. Both
// addresses are tried, so a failure says which one (messaging or legacy, with its host) and what went wrong there.
// A test of a stored live token is kept as the connection's check: what the screens say about the connection.
import type { ConnectionCheck, Mode, Platform } from '../../../src-shared/contract';
import { coded } from '../../../src-shared/error-codes';
import { addressHost } from '../../../src-shared/gateway/addresses';
import type { Connection } from '../account/connection';
import { BeskedError, toAppError } from '../errors';
import { createGatewayClient, type GatewayClient } from '../gateway';
import type { SettingsStore } from './store';

export interface ConnectionTestDeps {
  settings: SettingsStore;
  connection: Connection;
  /** The core's client for the current target. */
  gateway: GatewayClient;
  /** The time a check is recorded at. */
  now: () => number;
}

/** What to test: a typed token (on the named or the chosen platform), a platform's stored token, or the current target. */
export interface ConnectionTestInput {
  platform?: Platform | undefined;
  token?: string | undefined;
}

/**
 * Tests a typed token or a platform's stored token against the platform's live addresses, or the current target
 * when neither is named. A test of a stored live token is recorded as that platform's check, passed or not.
 */
export async function testConnection(d: ConnectionTestDeps, what: ConnectionTestInput = {}) {
  const s = d.settings.get();
  const typed = what.token;
  const platform = what.platform ?? (typed ? s.platform : undefined);
  if (typed) d.connection.hideSecret(typed);
  // Without a token or platform named, a live target is the chosen platform's stored token: its test is the check too.
  const stored = typed ? null : (platform ?? ((await d.connection.state()).mode === 'live' ? s.platform : null));
  try {
    const result = await runTest(d, platform, typed);
    if (stored) d.connection.recordCheck(stored, { result: 'connected', at: new Date(d.now()).toISOString(), error: null });
    return result;
  } catch (err) {
    if (stored) d.connection.recordCheck(stored, failedCheck(err, d.now()));
    throw err;
  }
}

/** A failed test as the connection's check: unreachable when the gateway could not be reached, refused otherwise. */
export function failedCheck(err: unknown, now: number): ConnectionCheck {
  const error = toAppError(err);
  const underneath = error.because ?? error;
  return { result: underneath.kind === 'network' ? 'unreachable' : 'refused', at: new Date(now).toISOString(), error };
}

async function runTest(d: ConnectionTestDeps, platform: Platform | undefined, typed: string | undefined) {
  const s = d.settings.get();
  let client = d.gateway;
  let mode: Mode = (await d.connection.state()).mode;
  let plat = s.platform;
  let addresses: { messagingUrl: string; legacyUrl: string } | undefined;
  if (platform) {
    const token = typed ?? (await d.connection.token(platform));
    const ep = s.endpoints[platform];
    if (!token) {
      throw new BeskedError('auth', `No API token is set for the ${platform === 'eu' ? 'EU' : 'default'} platform. Paste one from the gateway dashboard.`, {
        ...coded(platform === 'eu' ? 'gateway.noTokenEu' : 'gateway.noTokenDefault'),
      });
    }
    if (!ep.legacyUrl || !ep.messagingUrl) {
      throw new BeskedError('validation', 'Enter both gateway addresses for this platform first.', coded('gateway.addressesMissing'));
    }
    client = createGatewayClient({ target: async () => ({ messagingUrl: ep.messagingUrl, legacyUrl: ep.legacyUrl, token }) });
    mode = 'live';
    plat = platform;
    addresses = ep;
  }
  addresses ??= await d.connection.target();
  try {
    const me = await at('legacy', addresses.legacyUrl, () => client.me());
    await at('messaging', addresses.messagingUrl, () => client.probeMessaging());
    return { credit: Number(me.credit), currency: me.currency, accountId: me.id, platform: plat, mode };
  } finally {
    if (client !== d.gateway) await client.close();
  }
}

/** Runs one address's check; its failure is said as that address's, with what went wrong underneath. */
async function at<T>(which: 'messaging' | 'legacy', address: string, check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (err) {
    const because = toAppError(err);
    const host = addressHost(address);
    const name = which === 'messaging' ? 'messaging' : 'REST';
    throw new BeskedError(because.kind, `The ${name} interface address (${host}) did not work: ${because.message}`, {
      ...coded(which === 'messaging' ? 'gateway.messagingAddressFailed' : 'gateway.legacyAddressFailed', { host }),
      fields: [{ path: [which === 'messaging' ? 'messagingUrl' : 'legacyUrl'], message: because.message }],
      because,
      ...(because.maybeAccepted === undefined ? {} : { maybeAccepted: because.maybeAccepted }),
      ...(because.status === undefined ? {} : { status: because.status }),
      cause: err,
    });
  }
}
