// Runs one contract call: validates the input against src-shared/contract, runs its handler, and turns
// every outcome into a Result value that any transport can carry without losing the error's kind.
import type { z } from 'zod';
import { calls, isCallName, type CallName, type CallOutput, type CallParsedInput } from '../../src-shared/contract';
import type { AppError, FieldIssue, Result } from '../../src-shared/errors';
import { coded } from '../../src-shared/error-codes';
import { toAppError } from './errors';
import type { Logger } from './log';

export type Handlers = { [N in CallName]: (input: CallParsedInput<N>) => Promise<CallOutput<N>> | CallOutput<N> };

export type Dispatch = (name: unknown, input: unknown) => Promise<Result<unknown>>;

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

export function createDispatcher(handlers: Handlers, opts: { log: Logger; checkOutputs?: boolean }): Dispatch {
  return async (name, rawInput) => {
    if (!isCallName(name)) {
      return {
        ok: false,
        error: { kind: 'validation', message: `Unknown call ${describeName(name)}`, fields: [{ path: ['name'], message: 'not a call of the contract' }] },
      };
    }
    const spec = calls[name];
    const parsed = spec.input.safeParse(rawInput === undefined ? {} : rawInput);
    if (!parsed.success) return { ok: false, error: validationError(issuesToFields(parsed.error.issues), `Invalid input to ${name}`, name) };
    try {
      const handler = handlers[name] as (i: unknown) => Promise<unknown> | unknown;
      const value = await handler(parsed.data);
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
      const error = toAppError(err);
      if (error.kind === 'internal') opts.log.error(`call ${name} failed`, { err });
      return { ok: false, error };
    }
  };
}

/** A name that is not a call, for the error: String() would throw on an object whose toString is not a function. */
function describeName(name: unknown): string {
  return typeof name === 'string' ? JSON.stringify(name).slice(0, 80) : `(a ${name === null ? 'null' : typeof name}, not a name)`;
}
