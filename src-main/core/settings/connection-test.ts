// settings.testConnection: asks the gateway who the token belongs to, with a platform's stored token against its
// live addresses, or through the current target (sandbox or live) when no platform is named. Both addresses are
// tried, so a failure says which one (messaging or legacy, with its host) and what went wrong there.
import type { Mode, Platform } from '../../../src-shared/contract';
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
}

/** Tests a platform's stored token against its live addresses, or the current target when none is named. */
export async function testConnection(d: ConnectionTestDeps, platform?: Platform) {
  const s = d.settings.get();
  let client = d.gateway;
  let mode: Mode = (await d.connection.state()).mode;
  let plat = s.platform;
  let addresses: { messagingUrl: string; legacyUrl: string } | undefined;
  if (platform) {
    const token = await d.connection.token(platform);
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
