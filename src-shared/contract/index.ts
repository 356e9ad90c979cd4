// The one boundary between the untrusted renderer and the core, merged from one file per domain: every call with
// its zod input and output, and every event the core pushes. Both transports (Electron IPC, loopback WebSocket)
// and the renderer's typed client are derived from the tables here; there is no other list of call names.
//
// A call's file is named by its name's prefix: app.ts, settings.ts, account.ts, contacts.ts (with groups.*),
// import.ts (contacts.import*), campaigns.ts, compose.ts (with templates.*, senders.* and pricing.*), inbox.ts,
// sync.ts, messages.ts, sandbox.ts, automations.ts, team.ts, audit.ts, remote.ts, privacy.ts and backup.ts. An event lives with the domain that emits it.
import type { z } from 'zod';
import type { Result } from '../errors';
import { DEFAULT_MAX_INPUT_BYTES, type CallSpec } from './basics';
import { accountCalls, accountEvents } from './account';
import { appCalls, appEvents } from './app';
import { campaignsCalls, campaignsEvents } from './campaigns';
import { composeCalls } from './compose';
import { contactsCalls, contactsEvents } from './contacts';
import { importCalls, importEvents } from './import';
import { inboxCalls, inboxEvents } from './inbox';
import { messagesCalls } from './messages';
import { settingsCalls, settingsEvents } from './settings';
import { syncCalls, syncEvents } from './sync';
import { sandboxCalls } from './sandbox';
import { automationsCalls, automationsEvents } from './automations';
import { teamCalls, teamEvents } from './team';
import { auditCalls } from './audit';
import { remoteCalls, remoteEvents } from './remote';
import { privacyCalls } from './privacy';
import { backupCalls, backupEvents } from './backup';

export { Mode, FileDownload, Role, AuditAction, DEFAULT_MAX_INPUT_BYTES, type CallSpec, type CallRule, type Access } from './basics';
export * from './app';
export * from './settings';
export * from './account';
export * from './contacts';
export * from './import';
export * from './campaigns';
export * from './compose';
export * from './inbox';
export * from './sync';
export * from './messages';
export * from './sandbox';
export * from './automations';
export * from './team';
export * from './audit';
export * from './remote';
export * from './privacy';
export * from './backup';
export * from './wire';

// ─── Calls ──────────────────────────────────────────────────────────────────────────────────────

/** Each domain's calls, by the name of its file; a call is in exactly one (a unit test checks it). */
export const domainCalls = {
  app: appCalls,
  settings: settingsCalls,
  account: accountCalls,
  contacts: contactsCalls,
  import: importCalls,
  campaigns: campaignsCalls,
  compose: composeCalls,
  inbox: inboxCalls,
  sync: syncCalls,
  messages: messagesCalls,
  sandbox: sandboxCalls,
  automations: automationsCalls,
  team: teamCalls,
  audit: auditCalls,
  remote: remoteCalls,
  privacy: privacyCalls,
  backup: backupCalls,
} as const;
export type ContractDomain = keyof typeof domainCalls;

export const calls = {
  ...appCalls,
  ...settingsCalls,
  ...accountCalls,
  ...contactsCalls,
  ...importCalls,
  ...campaignsCalls,
  ...composeCalls,
  ...inboxCalls,
  ...syncCalls,
  ...messagesCalls,
  ...sandboxCalls,
  ...automationsCalls,
  ...teamCalls,
  ...auditCalls,
  ...remoteCalls,
  ...privacyCalls,
  ...backupCalls,
} as const satisfies Record<string, CallSpec>;

export type Calls = typeof calls;

/** Who may make each call and whether it is audited: zod-free in call-rules.ts, so the views load it without the schemas. */
export { callRules } from './call-rules';
export type CallName = keyof Calls;
/** The call names of one domain or several, e.g. DomainCallName<'campaigns' | 'compose'>. */
export type DomainCallName<D extends ContractDomain> = D extends ContractDomain ? keyof (typeof domainCalls)[D] : never;
export type CallInput<N extends CallName> = z.input<Calls[N]['input']>;
/** What the handler receives: the input after validation, defaults and trimming. */
export type CallParsedInput<N extends CallName> = z.output<Calls[N]['input']>;
export type CallOutput<N extends CallName> = z.output<Calls[N]['output']>;

// ─── Events (core → renderer) ───────────────────────────────────────────────────────────────────

export const events = {
  ...accountEvents,
  ...settingsEvents,
  ...appEvents,
  ...contactsEvents,
  ...importEvents,
  ...campaignsEvents,
  ...inboxEvents,
  ...syncEvents,
  ...automationsEvents,
  ...teamEvents,
  ...remoteEvents,
  ...backupEvents,
} as const satisfies Record<string, z.ZodType>;

export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = z.output<Events[E]>;
/** Who an event is for on a server (left out: everyone signed in). One PC shows every event. */
export interface EventAudience {
  userIds?: readonly number[];
  roles?: readonly ('owner' | 'staff')[];
  /** One connection (a window), e.g. the one whose session ended. */
  connectionId?: string;
}
export interface EventMessage<E extends EventName = EventName> {
  name: E;
  payload: EventPayload<E>;
  to?: EventAudience;
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

// ─── How large a frame may be (issue 26.8) ──────────────────────────────────────────────────────

/** Room in a frame for its id, name and keys around the input. */
export const WIRE_ENVELOPE_BYTES = 1024;

/** The most bytes a frame carrying this call may have: the call's declared input limit and the envelope. */
export function frameLimitOf(name: CallName): number {
  return ((calls[name] as CallSpec).maxInputBytes ?? DEFAULT_MAX_INPUT_BYTES) + WIRE_ENVELOPE_BYTES;
}

/** The largest frame of any call (window → core): a socket refuses a larger one from its header, before receiving it. */
export const BRIDGE_MAX_CALL_FRAME_BYTES = Math.max(...(Object.keys(calls) as CallName[]).map(frameLimitOf));

/** The largest frame core → window (an answer carrying a file to save); the window's socket takes up to this. */
export const BRIDGE_MAX_MESSAGE_BYTES = 64 * 1024 * 1024;
