// The building blocks every domain of the contract shares: how a call is declared, the connection mode, and a
// file handed to the renderer to save.
import { z } from 'zod';
import { AUDIT_ACTIONS, ROLES } from './rules/rule';

/** Inputs are strict: an unknown key is a validation error naming it, never silently ignored. */
export const input = <T extends z.ZodRawShape>(shape: T) => z.strictObject(shape);
export const none = z.strictObject({});

export interface CallSpec<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I;
  output: O;
  /** What the call does, for the reader of this file. */
  doc: string;
  /** The largest input the call takes, as JSON bytes; DEFAULT_MAX_INPUT_BYTES when not given (issue 26.8). */
  maxInputBytes?: number;
}
export const call = <I extends z.ZodType, O extends z.ZodType>(inp: I, output: O, doc: string, limits: { maxInputBytes?: number } = {}): CallSpec<I, O> => ({
  input: inp,
  output,
  doc,
  ...limits,
});

// ─── How large a call's input may be (issue 26.8) ───────────────────────────────────────────────
// A transport refuses a larger frame before reading it, so no window can make the server hold more than its call needs.

/** Every call's input fits in this unless it says otherwise: forms, ids, searches, a message of a few pages. */
export const DEFAULT_MAX_INPUT_BYTES = 256 * 1024;
/** A call carrying a message text of up to 80,000 characters (templates, automations' texts). */
export const TEXT_INPUT_BYTES = 1024 * 1024;
/** A call carrying a selection or recipients: up to a million contact ids or 200,000 typed numbers, and a text. */
export const BULK_INPUT_BYTES = 16 * 1024 * 1024;
export const TEXT_INPUT = { maxInputBytes: TEXT_INPUT_BYTES };
export const BULK_INPUT = { maxInputBytes: BULK_INPUT_BYTES };

/** Where gateway calls go: the built-in sandbox or the live gateway. Data is kept apart per mode. */
export const Mode = z.enum(['sandbox', 'live']);
export type Mode = z.infer<typeof Mode>;

/** A file for the renderer to save (a Blob download in both shells): the bytes travel as base64. */
export const FileDownload = z.object({ fileName: z.string(), mimeType: z.string(), base64: z.string(), bytes: z.number() });
export type FileDownload = z.infer<typeof FileDownload>;

// ─── Who may make a call (issue 21) ─────────────────────────────────────────────────────────────
// Declared zod-free in rules/rule.ts (the views read the rules without the schemas); re-exported here for the domains.

export { ANYONE, OWNER, STAFF, rule, type Access, type CallRule, type RuleTable } from './rules/rule';

/** A team member's role on a Besked server (ROLES), as a schema. */
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

/** What an audited call does (AUDIT_ACTIONS), as a schema. */
export const AuditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditAction>;
