// The one boundary between the untrusted renderer and the core: every call with its zod input and
// output, and every event the core pushes. Both transports (Electron IPC, loopback WebSocket) and the
// renderer's typed client are derived from this file; there is no other list of call names.
import { z } from 'zod';
import type { Result } from './errors';

// ─── Building blocks ────────────────────────────────────────────────────────────────────────────

/** Inputs are strict: an unknown key is a validation error naming it, never silently ignored. */
const input = <T extends z.ZodRawShape>(shape: T) => z.strictObject(shape);
const none = z.strictObject({});

export const Platform = z.enum(['default', 'eu']);
export type Platform = z.infer<typeof Platform>;

const baseUrl = z
  .string()
  .trim()
  .max(300)
  .refine((s) => s === '' || /^https?:\/\/[^\s/]+(\/[^\s]*)?$/i.test(s), 'Enter a web address starting with https://');

export const Endpoints = z.object({ messagingUrl: baseUrl, legacyUrl: baseUrl });
export type Endpoints = z.infer<typeof Endpoints>;

export const Theme = z.enum(['system', 'light', 'dark']);
export const Language = z.enum(['system', 'en', 'da']);

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
});
export type Settings = z.infer<typeof Settings>;

export const SettingsPatch = z.strictObject({
  platform: Platform.optional(),
  sandbox: z.boolean().optional(),
  endpoints: z.strictObject({ default: Endpoints.strict().optional(), eu: Endpoints.strict().optional() }).optional(),
  lowBalanceThreshold: z.number().min(0).max(1_000_000).optional(),
  theme: Theme.optional(),
  language: Language.optional(),
  closeToTray: z.boolean().optional(),
  startAtLogin: z.boolean().optional(),
});
export type SettingsPatch = z.infer<typeof SettingsPatch>;

export const KeychainState = z.object({
  /** 'keychain': the OS keychain holds tokens; 'memory': none is available, tokens last for this run only. */
  kind: z.enum(['keychain', 'memory']),
  message: z.string().optional(),
});

export const ConnectionState = z.object({
  mode: z.enum(['sandbox', 'live']),
  /** Why Besked is in this mode, in words for the settings page. */
  reason: z.string(),
  hasToken: z.object({ default: z.boolean(), eu: z.boolean() }),
  keychain: KeychainState,
});
export type ConnectionState = z.infer<typeof ConnectionState>;

export const SettingsView = z.object({ settings: Settings, connection: ConnectionState });
export type SettingsView = z.infer<typeof SettingsView>;

export const Balance = z.object({
  credit: z.number(),
  currency: z.string(),
  accountId: z.number(),
  mode: z.enum(['sandbox', 'live']),
  fetchedAt: z.string(),
  low: z.boolean(),
});
export type Balance = z.infer<typeof Balance>;

export const AppInfo = z.object({
  name: z.string(),
  version: z.string(),
  shell: z.enum(['electron', 'web']),
  os: z.string(),
  dataDir: z.string(),
});
export type AppInfo = z.infer<typeof AppInfo>;

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
  mode: z.enum(['sandbox', 'live']),
});

// ─── Calls ──────────────────────────────────────────────────────────────────────────────────────

interface CallSpec<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I;
  output: O;
  /** What the call does, for the reader of this file. */
  doc: string;
}
const call = <I extends z.ZodType, O extends z.ZodType>(inp: I, output: O, doc: string): CallSpec<I, O> => ({
  input: inp,
  output,
  doc,
});

export const calls = {
  // App
  'app.info': call(none, AppInfo, 'Name, version, shell (electron or web), OS and data folder.'),

  // Settings
  'settings.get': call(none, SettingsView, 'The settings and how Besked is connected (sandbox or live, keychain).'),
  'settings.update': call(SettingsPatch, SettingsView, 'Changes some settings; returns them all.'),
  'settings.setToken': call(
    input({ platform: Platform, token }),
    SettingsView,
    'Stores an API token for a platform in the OS keychain (or for this run only when there is none). The token never comes back.',
  ),
  'settings.clearToken': call(input({ platform: Platform }), SettingsView, 'Forgets the token of a platform.'),
  'settings.testConnection': call(
    input({ platform: Platform.optional() }),
    ConnectionTest,
    'GET /rest/me with the stored token of the platform (or the sandbox): shows the credit, or explains what is wrong.',
  ),

  // Account
  'account.balance': call(
    input({ refresh: z.boolean().optional() }),
    Balance,
    'The account balance; refresh fetches it from the gateway now.',
  ),
} as const satisfies Record<string, CallSpec>;

export type Calls = typeof calls;
export type CallName = keyof Calls;
export type CallInput<N extends CallName> = z.input<Calls[N]['input']>;
/** What the handler receives: the input after validation, defaults and trimming. */
export type CallParsedInput<N extends CallName> = z.output<Calls[N]['input']>;
export type CallOutput<N extends CallName> = z.output<Calls[N]['output']>;

// ─── Events (core → renderer) ───────────────────────────────────────────────────────────────────

/** A command from the desktop shell (menu, shortcut, notification click) for the renderer to carry out. */
export const AppCommand = z.object({
  command: z.enum(['new-message', 'search', 'open-conversation', 'open-settings']),
  /** For 'open-conversation': the customer's number (MSISDN). */
  arg: z.string().optional(),
});
export type AppCommand = z.infer<typeof AppCommand>;

export const events = {
  'balance.changed': Balance,
  'settings.changed': SettingsView,
  'app.command': AppCommand,
} as const satisfies Record<string, z.ZodType>;

export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = z.output<Events[E]>;
export interface EventMessage<E extends EventName = EventName> {
  name: E;
  payload: EventPayload<E>;
}

// ─── The client both preloads install as `window.besked` ────────────────────────────────────────

/** The one API the renderer sees. The Electron preload and the web preload both satisfy it. */
export interface BeskedApi {
  call<N extends CallName>(name: N, input: CallInput<N>): Promise<Result<CallOutput<N>>>;
  on<E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void): () => void;
}

export function isCallName(name: unknown): name is CallName {
  return typeof name === 'string' && Object.hasOwn(calls, name);
}

/** Limits a transport enforces before any parsing. */
export const BRIDGE_MAX_MESSAGE_BYTES = 64 * 1024 * 1024;
