// The settings store: defaults, validated patches, and persistence in the settings table.
import { Settings, type Platform, type SettingsPatch } from '../../../src-shared/contract';
import { PUBLIC_ADDRESSES } from '../../../src-shared/gateway/addresses';
import type { Db } from '../db/database';

export const DEFAULT_SETTINGS: Settings = {
  platform: 'default',
  sandbox: false,
  // Each platform's public addresses: choosing the platform is all a user does; Advanced changes them for a reseller.
  endpoints: { default: { ...PUBLIC_ADDRESSES.default }, eu: { ...PUBLIC_ADDRESSES.eu } },
  lowBalanceThreshold: 100,
  theme: 'system',
  language: 'system',
  closeToTray: false,
  startAtLogin: false,
  // Compose & campaigns: no limits until the user sets them; sending as fast as the gateway takes it.
  sendingLimits: { campaignCap: null, dailyCap: null, maxParts: null, quietHours: null, messagesPerMinute: null },
  defaultSender: '',
  // Inbox & delivery status: the usual Scandinavian stop words; the receiver stays off until the user has a public address.
  optOutKeywords: ['STOP', 'STOPP', 'AFMELD'],
  autoConfirmOptOut: false,
  optOutConfirmText: 'Du er nu afmeldt og modtager ikke flere beskeder fra os.',
  inboxPollSeconds: 30,
  automations: { lookAheadHours: 24, graceMinutes: 120 },
  webhookReceiver: { enabled: false, port: 8787 },
};

export class SettingsStore {
  private cache: Settings;

  constructor(private readonly db: Db) {
    this.cache = this.load();
  }

  get(): Settings {
    return this.cache;
  }

  update(patch: SettingsPatch): Settings {
    const cur = this.cache;
    const next: Settings = Settings.parse({
      ...cur,
      ...stripUndefined(patch),
      endpoints: withPublicAddresses({
        default: patch.endpoints?.default ?? cur.endpoints.default,
        eu: patch.endpoints?.eu ?? cur.endpoints.eu,
      }),
    });
    const put = this.db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value');
    this.db.transaction(() => {
      for (const [k, v] of Object.entries(next)) put.run(k, JSON.stringify(v));
    })();
    this.cache = next;
    return next;
  }

  private load(): Settings {
    const rows = this.db.prepare('SELECT key, value FROM settings').all() as { key: string; value: string }[];
    const stored: Record<string, unknown> = {};
    for (const r of rows) {
      try {
        stored[r.key] = JSON.parse(r.value);
      } catch {
        // A damaged value falls back to its default below rather than locking the user out of Settings.
      }
    }
    const merged = { ...DEFAULT_SETTINGS, ...stored };
    const parsed = Settings.safeParse(merged);
    if (parsed.success) return { ...parsed.data, endpoints: withPublicAddresses(parsed.data.endpoints) };
    // Keep every valid key, default the rest.
    const out: Record<string, unknown> = { ...DEFAULT_SETTINGS };
    for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]) {
      const one = Settings.shape[key].safeParse(stored[key]);
      if (one.success) out[key] = one.data;
    }
    const kept = Settings.parse(out);
    return { ...kept, endpoints: withPublicAddresses(kept.endpoints) };
  }
}

/**
 * An empty address is the platform's public one. Older versions stored '' until the user typed an address, so an
 * upgraded database gets the public addresses where it had none and keeps every address its user typed.
 */
function withPublicAddresses(endpoints: Settings['endpoints']): Settings['endpoints'] {
  const fill = (platform: Platform) => {
    const ep = endpoints[platform];
    const pub = PUBLIC_ADDRESSES[platform];
    return { messagingUrl: ep.messagingUrl || pub.messagingUrl, legacyUrl: ep.legacyUrl || pub.legacyUrl };
  };
  return { default: fill('default'), eu: fill('eu') };
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
