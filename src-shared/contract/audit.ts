// Audit: the trail of every action that sends, spends, deletes, exports, changes consent, settings or users (issue
// 21), with who, when, from where and what. Read-only through the contract: no call edits or deletes an entry.
import { z } from 'zod';
import { call, input, none, AuditAction, FileDownload, Role, type CallSpec } from './basics';

export const AuditEntry = z.object({
  id: z.number(),
  at: z.string(),
  /** Null for one PC without accounts and for a refused caller who was not signed in. */
  userId: z.number().nullable(),
  /** The name at the time (kept after the user is removed); "This PC" without accounts. */
  userName: z.string(),
  role: Role.nullable(),
  /** Where from: the client's network address, or "this PC". */
  address: z.string(),
  action: AuditAction,
  /** The contract call, e.g. campaigns.send; the view names it in the user's language. */
  call: z.string(),
  /** What: the call's input with secrets removed, as short readable JSON. */
  detail: z.string(),
  outcome: z.enum(['ok', 'refused', 'failed']),
  /** The error's text when refused or failed. */
  error: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** Whether the hash chain over the whole trail holds (each entry's hash covers it and the entry before it). */
export const AuditVerification = z.object({
  ok: z.boolean(),
  /** Entries checked (up to and including a broken one). */
  entries: z.number(),
  checkedAt: z.string(),
  /**
   * The first entry that breaks the chain: `mismatch`, it or the one before it was added, changed or removed outside
   * Besked; `newestMissing`, entries from this id on were removed (the trail once went further).
   */
  broken: z.object({ id: z.number(), at: z.string().nullable(), reason: z.enum(['mismatch', 'newestMissing']) }).nullable(),
});
export type AuditVerification = z.infer<typeof AuditVerification>;

export const AuditFilter = input({
  /** Entries older than this id (paging back). */
  before: z.int().positive().optional(),
  limit: z.int().min(1).max(500).optional(),
  userId: z.int().positive().optional(),
  action: AuditAction.optional(),
  /** UTC ISO bounds. */
  from: z.string().max(40).optional(),
  to: z.string().max(40).optional(),
});

export const auditCalls = {
  'audit.list': call(AuditFilter, z.object({ entries: z.array(AuditEntry), more: z.boolean() }), 'The audit trail, newest first, filtered by user, action and time.'),
  'audit.export': call(
    AuditFilter.extend({ format: z.enum(['csv']).optional() }),
    FileDownload,
    'The filtered audit trail as CSV (UTF-8 with BOM), ending with a line saying whether the whole trail\'s chain holds.',
  ),
  'audit.verify': call(none, AuditVerification, 'Checks the hash chain over the whole audit trail now: verified, or the first entry that breaks it.'),
} as const satisfies Record<string, CallSpec>;

export { auditRules } from './rules/audit';
