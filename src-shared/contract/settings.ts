// Settings: the connection (platform, addresses, token), appearance, sending limits, opt-out and sync settings,
// with the settings.* calls and the settings.changed event.
import { z } from 'zod';
import { AppError } from '../errors';
import { gatewayAddressProblem } from '../gateway/addresses';
import { call, input, none, Mode, type CallSpec } from './basics';

export const Platform = z.enum(['default', 'eu']);
export type Platform = z.infer<typeof Platform>;

const baseUrl = z
  .string()
  .trim()
  .max(300)
  .refine((s) => s === '' || /^https?:\/\/[^\s/]+(\/[^\s]*)?$/i.test(s), 'Enter a web address starting with https://');

/** As stored: what an older Besked accepted still reads (the gateway client refuses it with a reason at use). */
export const Endpoints = z.object({ messagingUrl: baseUrl, legacyUrl: baseUrl });
export type Endpoints = z.infer<typeof Endpoints>;

/** An address the user sets: '' (the platform's public address) or one the token may go to (https, or http to this computer). */
const newBaseUrl = baseUrl.superRefine((s, ctx) => {
  const problem = s === '' ? null : gatewayAddressProblem(s);
  if (problem) ctx.addIssue({ code: 'custom', message: problem === 'notHttps' ? 'Use an address starting with https://' : 'Enter a web address like https://gatewayapi.com' });
});
const NewEndpoints = z.strictObject({ messagingUrl: newBaseUrl, legacyUrl: newBaseUrl });

export const Theme = z.enum(['system', 'light', 'dark']);
export const Language = z.enum(['system', 'en', 'da']);
export type Language = z.infer<typeof Language>;

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time of day like 21:00');

/** Limits the composer and the outbox enforce; null means "no limit". Amounts are in the account currency. */
export const SendingLimits = z.object({
  campaignCap: z.number().positive('A cap must be more than 0').max(100_000_000).nullable(),
  dailyCap: z.number().positive('A cap must be more than 0').max(100_000_000).nullable(),
  /** Most SMS parts one recipient's text may take (the legacy interface's max_parts where it applies). */
  maxParts: z.int().min(1).max(255).nullable(),
  /** Local times between which nothing is sent; a send lands at `to`. */
  quietHours: z.object({ from: clockTime, to: clockTime }).nullable(),
  messagesPerMinute: z.int().min(1).max(1_000_000).nullable(),
});
export type SendingLimits = z.infer<typeof SendingLimits>;

const optOutKeyword = z
  .string()
  .trim()
  .min(1, 'A keyword cannot be empty')
  .max(40, 'A keyword can be at most 40 characters')
  .refine((k) => /[\p{L}\p{N}]/u.test(k), 'A keyword needs at least one letter or digit');

/** The optional local webhook receiver (off by default). Its signing secrets live in the keychain, not here. */
export const WebhookReceiverSettings = z.object({
  enabled: z.boolean(),
  /** Local port it listens on (127.0.0.1 only; a tunnel or reverse proxy forwards the public address to it). */
  port: z.int().min(1024, 'Use a port from 1024 to 65535').max(65535, 'Use a port from 1024 to 65535'),
});
export type WebhookReceiverSettings = z.infer<typeof WebhookReceiverSettings>;

export const Settings = z.object({
  /** Tokens are bound to one platform; both interfaces have their own base URL per platform. */
  platform: Platform,
  /** The user's wish to use Sandbox even with a token. With no token Besked is always in Sandbox. */
  sandbox: z.boolean(),
  endpoints: z.object({ default: Endpoints, eu: Endpoints }),
  lowBalanceThreshold: z.number().min(0).max(1_000_000),
  theme: Theme,
  language: Language,
  /** Desktop app: closing the window keeps Besked running in the tray, polling for replies and statuses. */
  closeToTray: z.boolean(),
  /** Desktop app: start Besked when the user logs in. */
  startAtLogin: z.boolean(),
  // ─── Compose & campaigns
  sendingLimits: SendingLimits,
  /** The sender a new message starts with ('' for none). */
  defaultSender: z.string().trim().max(18),
  // ─── Inbox & delivery status
  /** Incoming texts starting with one of these opt the number out (case and punctuation do not matter). */
  optOutKeywords: z.array(optOutKeyword).max(30, 'At most 30 keywords'),
  /** Send optOutConfirmText to a number that just opted out. */
  autoConfirmOptOut: z.boolean(),
  optOutConfirmText: z.string().trim().max(306, 'Keep the confirmation within two SMS parts'),
  /** How often Besked asks the gateway for new replies while it runs. */
  inboxPollSeconds: z.int().min(10, 'At least every 10 seconds').max(3600, 'At most every hour'),
  webhookReceiver: WebhookReceiverSettings,
  // ─── Automations
  automations: z.object({
    /** Runs due within this many hours are handed to the gateway with a send time (legacy), so they go out with Besked closed. 0: never ahead. */
    lookAheadHours: z.int().min(0).max(72, 'At most 72 hours'),
    /** A run that fell due while Besked was closed is still sent this late; later, it is listed as missed. */
    graceMinutes: z.int().min(0).max(1440, 'At most 24 hours'),
  }),
});
export type Settings = z.infer<typeof Settings>;

/**
 * Some settings, each named one whole (a patch replaces sendingLimits or webhookReceiver entirely, and endpoints
 * per platform; an empty address is the platform's public one). Strict at every level it names, so a misspelt field is refused by name instead of ignored.
 */
export const SettingsPatch = Settings.extend({
  endpoints: z.strictObject({ default: NewEndpoints.optional(), eu: NewEndpoints.optional() }),
  sendingLimits: SendingLimits.strict(),
  webhookReceiver: WebhookReceiverSettings.strict(),
  automations: Settings.shape.automations.strict(),
})
  .partial()
  .strict();
export type SettingsPatch = z.infer<typeof SettingsPatch>;

export const KeychainState = z.object({
  /** 'keychain': the OS keychain holds tokens; 'memory': none is available, tokens last for this run only;
   * 'file': a Besked server without a keychain, tokens in a file only the server's user may read. */
  kind: z.enum(['keychain', 'memory', 'file']),
  message: z.string().optional(),
});

/**
 * The last test of the live platform's stored token (saving a token tests it; so does Test connection): connected,
 * refused (the gateway or the address said no, with its reason) or unreachable. 'untested' until one ran in this
 * run of Besked, and again after the token or the addresses change.
 */
export const ConnectionCheck = z.object({
  result: z.enum(['untested', 'connected', 'refused', 'unreachable']),
  at: z.string().nullable(),
  /** Why it was refused or could not reach the gateway; null otherwise. */
  error: AppError.nullable(),
});
export type ConnectionCheck = z.infer<typeof ConnectionCheck>;

export const ConnectionState = z.object({
  mode: Mode,
  /** Why Besked is in this mode, in words for the settings page. */
  reason: z.string(),
  hasToken: z.object({ default: z.boolean(), eu: z.boolean() }),
  keychain: KeychainState,
  /** The last test of the chosen platform's stored token: what the screens say about a live connection. */
  check: ConnectionCheck,
});
export type ConnectionState = z.infer<typeof ConnectionState>;

export const SettingsView = z.object({ settings: Settings, connection: ConnectionState });
export type SettingsView = z.infer<typeof SettingsView>;

const token = z
  .string()
  .trim()
  .min(8, 'The token is too short: copy the whole token from the gateway dashboard.')
  .max(512)
  .regex(/^[\x21-\x7e]+$/, 'A token contains no spaces or special characters: copy it again from the dashboard.');

export const ConnectionTest = z.object({
  credit: z.number(),
  currency: z.string(),
  accountId: z.number(),
  platform: Platform,
  mode: Mode,
});

// ─── Calls ───────────────────────────────────────────────────────────────────────────────────────

export const settingsCalls = {
  'settings.get': call(none, SettingsView, 'The settings and how Besked is connected (sandbox or live, keychain).'),
  'settings.update': call(SettingsPatch, SettingsView, 'Changes some settings; returns them all.'),
  'settings.setToken': call(
    input({ platform: Platform, token }),
    SettingsView,
    'Stores an API token for a platform in the OS keychain (or for this run only when there is none). The token never comes back.',
  ),
  'settings.clearToken': call(input({ platform: Platform }), SettingsView, 'Forgets the token of a platform.'),
  'settings.testConnection': call(
    input({
      platform: Platform.optional(),
      /** A typed token not saved yet: tested against the platform's live addresses (the chosen platform without one), never stored. */
      token: token.optional(),
    }),
    ConnectionTest,
    'GET /rest/me on the legacy address and an empty batch (refused, nothing sent) on the messaging address, with the typed token, the stored token of the platform, or the current target: shows the credit, or says which address failed (its host) and why.',
  ),
} as const satisfies Record<string, CallSpec>;

// ─── Events ──────────────────────────────────────────────────────────────────────────────────────

export const settingsEvents = {
  'settings.changed': SettingsView,
} as const satisfies Record<string, z.ZodType>;

export { settingsRules } from './rules/settings';
