// settings.testConnection: asks the gateway who the token belongs to, with a platform's stored token against its
// live addresses, or through the current target (sandbox or live) when no platform is named.
import type { Mode, Platform } from '../../../src-shared/contract';
import { coded } from '../../../src-shared/error-codes';
import type { Connection } from '../account/connection';
import { BeskedError } from '../errors';
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
  }
  try {
    const me = await client.me();
    return { credit: Number(me.credit), currency: me.currency, accountId: me.id, platform: plat, mode };
  } finally {
    if (client !== d.gateway) await client.close();
  }
}
