// The settings page says in the UI's language why Besked is in Sandbox or live, from the same facts the core uses,
// and keeps the core's own words when its mode says something those facts do not.
import { afterEach, describe, expect, it } from 'vitest';
import { connectionReason } from '../../../src-renderer/components/settings/connection-reason';
import { applyLocale, i18n } from '../../../src-renderer/i18n';

const t = (key: string, named: Record<string, string>) => i18n.global.t(key, named);
const both = { messagingUrl: 'https://api.example', legacyUrl: 'https://rest.example' };
const none = { messagingUrl: '', legacyUrl: '' };
const settings = (o: { sandbox?: boolean; platform?: 'default' | 'eu'; addresses?: typeof both }) => ({
  sandbox: o.sandbox ?? false,
  platform: o.platform ?? 'default',
  endpoints: { default: o.addresses ?? both, eu: o.addresses ?? both },
});
const tokens = (t: boolean) => ({ default: t, eu: t });
const CORE = 'What the core said.';

describe('why Besked is in this mode', () => {
  afterEach(() => applyLocale('en', 'en-GB'));

  it.each([
    ['en', settings({ sandbox: true }), 'sandbox', tokens(true), 'Sandbox is switched on in Settings: messages go to the built-in test gateway, nobody receives them.'],
    ['en', settings({}), 'sandbox', tokens(false), 'No API token is set for the default platform, so Besked uses its built-in test gateway. Add a token in Settings to send for real.'],
    ['en', settings({ platform: 'eu', addresses: none }), 'sandbox', tokens(true), 'Enter both gateway addresses for the EU platform in Settings to send for real.'],
    ['en', settings({}), 'live', tokens(true), "Connected to the gateway's default platform."],
    ['da', settings({}), 'live', tokens(true), 'Forbundet til gatewayens standard-platform.'],
    ['da', settings({ platform: 'eu' }), 'sandbox', tokens(false), 'Der er ikke angivet et API-token for EU-platformen, så Besked bruger sin indbyggede testgateway. Tilføj et token i Indstillinger for at sende rigtigt.'],
    // The facts say live, the core says Sandbox (or the other way round): the core's words.
    ['da', settings({}), 'sandbox', tokens(true), CORE],
    ['da', settings({ sandbox: true }), 'live', tokens(true), CORE],
  ] as const)('%s: %j, %s, tokens %j', async (ui, s, mode, hasToken, out) => {
    await applyLocale(ui, ui === 'da' ? 'da-DK' : 'en-GB');
    expect(connectionReason(s, { mode, reason: CORE, hasToken }, t)).toBe(out);
  });
});
