// The app itself: its name and version, the data folder's storage state, and the desktop shell's commands.
import { z } from 'zod';
import { call, none, type CallSpec } from './basics';

/** Whether Besked can write to its data folder; while not, sending waits and every view stays readable. */
export const StorageState = z.object({ problem: z.enum(['full', 'readOnly', 'ioError']).nullable() });
export type StorageState = z.infer<typeof StorageState>;

export const AppInfo = z.object({
  name: z.string(),
  version: z.string(),
  shell: z.enum(['electron', 'web']),
  os: z.string(),
  dataDir: z.string(),
});
export type AppInfo = z.infer<typeof AppInfo>;

/** A command from the desktop shell (menu, shortcut, notification click) for the renderer to carry out. */
export const AppCommand = z.object({
  command: z.enum(['new-message', 'search', 'open-conversation', 'open-settings']),
  /** For 'open-conversation': the customer's number (MSISDN). */
  arg: z.string().optional(),
});
export type AppCommand = z.infer<typeof AppCommand>;

// ─── Calls ───────────────────────────────────────────────────────────────────────────────────────

export const appCalls = {
  'app.info': call(none, AppInfo, 'Name, version, shell (electron or web), OS and data folder.'),
  'app.storage': call(none, StorageState, 'Whether the disk refuses Besked’s writes right now (full, read-only, failing); sending waits meanwhile.'),
} as const satisfies Record<string, CallSpec>;

// ─── Events ──────────────────────────────────────────────────────────────────────────────────────

export const appEvents = {
  'app.command': AppCommand,
  'app.storage': StorageState,
} as const satisfies Record<string, z.ZodType>;

export { appRules } from './rules/app';
