// The error values that cross the boundary: a kind the UI can branch on and a message a shop owner can act on.
import { z } from 'zod';

export const ErrorKind = z.enum([
  'validation', // the input was wrong; `fields` names what
  'auth', // token missing, wrong, for the other platform, or IP-restricted
  'not_found',
  'not_enabled', // the account may not use this feature
  'rate_limited',
  'server', // the gateway failed (5xx)
  'network', // the gateway could not be reached
  'protocol', // the gateway answered something the spec does not allow
  'conflict', // the action clashes with the current state
  'limit', // a user-set or spec limit would be exceeded
  'cancelled',
  'unavailable', // a local facility (keychain, file) is missing
  'internal',
]);
export type ErrorKind = z.infer<typeof ErrorKind>;

export const FieldIssue = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  message: z.string(),
});
export type FieldIssue = z.infer<typeof FieldIssue>;

const AppErrorCore = z.object({
  kind: ErrorKind,
  message: z.string(),
  fields: z.array(FieldIssue).optional(),
  /** For gateway errors: whether the gateway may have accepted the request anyway. */
  maybeAccepted: z.boolean().optional(),
  retryAfterS: z.number().optional(),
  status: z.number().optional(),
  /** A stable code from src-shared/error-codes.ts the renderer translates; `message` stays the English fallback and log text. */
  code: z.string().optional(),
  /** The code's parameters, filled into its translation. */
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

export const AppError = AppErrorCore.extend({
  /** The error underneath, when this one says where it happened (which gateway address failed); shown after it. */
  because: AppErrorCore.optional(),
});
export type AppError = z.infer<typeof AppError>;

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };
