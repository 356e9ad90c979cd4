// Runs one contract call: validates the input against src-shared/contract, runs its handler, and turns
// every outcome into a Result value that any transport can carry without losing the error's kind.
import type { z } from 'zod';
import { callRules, calls, isCallName, type AuditAction, type CallName, type CallOutput, type CallParsedInput } from '../../src-shared/contract';
import { allows } from '../../src-shared/team/access';
import { LOCAL_CALLER, runAsCaller, standingOf, type Caller } from './team/caller';
import type { AppError, FieldIssue, Result } from '../../src-shared/errors';
import { coded } from '../../src-shared/error-codes';
import { toAppError } from './errors';
import type { Logger } from './log';
import type { WriteGate } from './db/write-gate';

export type Handlers = { [N in CallName]: (input: CallParsedInput<N>) => Promise<CallOutput<N>> | CallOutput<N> };

/** One call from a transport; `caller` is left out by this PC's own window (IPC, loopback web mode). */
export type Dispatch = (name: unknown, input: unknown, caller?: Caller) => Promise<Result<unknown>>;

/** One audited call as it happened: written to the audit trail by core/audit. */
export interface AuditedCall {
  caller: Caller;
  call: CallName;
  action: AuditAction;
  /** The validated input (or the raw one for a refusal); the audit module removes secrets before writing it. */
  input: unknown;
  outcome: 'ok' | 'refused' | 'failed';
  error: AppError | null;
}
/** Writes one entry; resolves once it is written (after an import's save that holds the write gate, db/write-gate.ts). */
export type AuditSink = (entry: AuditedCall) => Promise<void>;

export function issuesToFields(issues: readonly z.core.$ZodIssue[]): FieldIssue[] {
  return issues.map((i) => ({ path: i.path.map((p) => (typeof p === 'symbol' ? String(p) : p)), message: i.message }));
}

/** `call`, when given, codes the error so the UI can say which call refused which field in the shop owner's language. */
export function validationError(fields: FieldIssue[], what: string, call?: string): AppError {
  const first = fields[0];
  const where = first && first.path.length ? `${first.path.join('.')}: ` : '';
  const problem = `${where}${first?.message ?? 'invalid input'}`;
  return { kind: 'validation', message: `${what}: ${problem}`, fields, ...(call === undefined ? {} : coded('call.invalidInput', { call, problem })) };
}

export interface DispatcherOptions {
  log: Logger;
  checkOutputs?: boolean;
  audit?: AuditSink;
  /** While an import saves, a call that does not only read (CallRule.reads) waits here, the core free meanwhile. */
  writes?: WriteGate;
}

export function createDispatcher(handlers: Handlers, opts: DispatcherOptions): Dispatch {
  const audit = async (entry: AuditedCall) => {
    try {
      await opts.audit?.(entry);
    } catch (err) {
      // The call's own outcome stands; a trail that cannot be written is logged, never shown as the call's failure.
      opts.log.error('audit entry not written', { err, call: entry.call });
    }
  };
  // No call can end the process: whatever escapes the steps below (a rule, the audit, the caller's binding) is
  // answered as a typed internal error, as a handler's throw is.
  return async (name, rawInput, caller = LOCAL_CALLER) => {
    try {
      return await dispatchOne(name, rawInput, caller);
    } catch (err) {
      opts.log.error(`call ${describeName(name)} failed outside its handler`, { err });
      return { ok: false, error: safeAppError(err) };
    }
  };

  async function dispatchOne(name: unknown, rawInput: unknown, caller: Caller): Promise<Result<unknown>> {
    if (!isCallName(name)) {
      return {
        ok: false,
        error: { kind: 'validation', message: `Unknown call ${describeName(name)}`, fields: [{ path: ['name'], message: 'not a call of the contract' }] },
      };
    }
    const spec = calls[name];
    const rule = callRules[name];
    // Before the input is read: a caller who may not make the call learns nothing about its input either.
    const standing = standingOf(caller);
    if (!allows(rule.who, standing)) {
      const error = notAllowed(name, standing === null);
      if (rule.audit && caller.user) await audit({ caller, call: name, action: rule.audit, input: rawInput, outcome: 'refused', error });
      return { ok: false, error };
    }
    const parsed = readInput(spec.input, rawInput === undefined ? {} : rawInput);
    if (!parsed.ok) {
      if (parsed.threw) opts.log.warn(`a rule of ${name} could not read its input`, { err: parsed.threw });
      return { ok: false, error: validationError(parsed.fields, `Invalid input to ${name}`, name) };
    }
    // A write now would wait for an import's save in SQLite's busy handler, holding every other call meanwhile: a call
    // that may write starts once the gate is free, claimed for its synchronous start (db/write-gate.ts).
    const run = () => runAsCaller(caller, () => runHandler(name, parsed.data));
    const outcome = await (opts.writes && !rule.reads ? opts.writes.run(run) : run());
    if (rule.audit) await audit({ caller, call: name, action: rule.audit, input: parsed.data, outcome: outcome.ok ? 'ok' : 'failed', error: outcome.ok ? null : outcome.error });
    return outcome;
  }

  async function runHandler(name: CallName, input: unknown): Promise<Result<unknown>> {
    const spec = calls[name];
    try {
      const handler = handlers[name] as (i: unknown) => Promise<unknown> | unknown;
      const value = await handler(input);
      if (opts.checkOutputs) {
        const out = spec.output.safeParse(value);
        if (!out.success) {
          opts.log.error(`output of ${name} breaks the contract`, { issues: issuesToFields(out.error.issues).slice(0, 5) });
          return { ok: false, error: { kind: 'internal', message: 'Besked produced an answer it cannot show. Please report this.' } };
        }
        return { ok: true, value: out.data };
      }
      return { ok: true, value };
    } catch (err) {
      const error = safeAppError(err);
      if (error.kind === 'internal') opts.log.error(`call ${name} failed`, { err });
      return { ok: false, error };
    }
  }
}

/** The input as the handler gets it, or the fields that refuse it; a rule that throws refuses the input, never the process. */
export function readInput(schema: z.ZodType, raw: unknown): { ok: true; data: unknown } | { ok: false; fields: FieldIssue[]; threw?: unknown } {
  try {
    const parsed = schema.safeParse(raw);
    return parsed.success ? { ok: true, data: parsed.data } : { ok: false, fields: issuesToFields(parsed.error.issues) };
  } catch (threw) {
    return { ok: false, fields: [{ path: [], message: 'This input could not be read' }], threw };
  }
}

/** toAppError, which itself cannot be let to throw (it reads properties of whatever was thrown). */
function safeAppError(err: unknown): AppError {
  try {
    return toAppError(err);
  } catch {
    return { kind: 'internal', message: 'Something went wrong inside Besked. Your data is safe; please try again.', code: 'internal.unexpected' };
  }
}

/** The refusal of a call the caller's role may not make (or, not signed in, any call but the few open ones). */
export function notAllowed(call: string, signedOut: boolean): AppError {
  return signedOut
    ? { kind: 'auth', message: 'Sign in first: this Besked server asks who you are.', ...coded('team.signInNeeded') }
    : { kind: 'auth', message: `Only the shop's owner may do this (${call}). Ask an owner to do it or to change your role.`, ...coded('team.notAllowed', { call }) };
}

/** A name that is not a call, for the error: String() would throw on an object whose toString is not a function. */
function describeName(name: unknown): string {
  return typeof name === 'string' ? JSON.stringify(name).slice(0, 80) : `(a ${name === null ? 'null' : typeof name}, not a name)`;
}
