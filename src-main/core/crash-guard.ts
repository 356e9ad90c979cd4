// The last words of a process that hit an error nobody caught: written through the log's redaction, so a crash
// report can never carry the API token (Node's own report prints the error and its properties as they are).
import { REDACTED, type Logger } from './log';

export interface CrashGuardOptions {
  log: Logger;
  /** Where the one-line notice goes (stderr). */
  write?: (text: string) => void;
  /** Ends the process; a core in an unknown state must not go on sending. */
  exit?: (code: number) => void;
}

/** The notice for stderr: what happened, redacted, without the stack (that is in the log file). */
export function crashNotice(reason: unknown, redact: (s: string) => string): string {
  const what = reason instanceof Error ? `${reason.name}: ${reason.message}` : describe(reason);
  return `Besked stopped after an unexpected error: ${redact(what)}\nThe details are in besked.log in the data folder.\n`;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/** Replaces Node's default report for uncaught exceptions and unhandled rejections. Returns a function that removes it. */
export function installCrashGuard(opts: CrashGuardOptions): () => void {
  const write = opts.write ?? ((t: string) => void process.stderr.write(t));
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  // Without a redact function nothing of the error is shown: better an empty report than a leaked token.
  const redact = opts.log.redact ?? (() => REDACTED);
  let handled = false;
  const onFatal = (reason: unknown) => {
    if (handled) return;
    handled = true;
    try {
      opts.log.error('Besked stopped after an unexpected error', { err: reason });
      write(crashNotice(reason, redact));
    } finally {
      exit(1);
    }
  };
  process.on('uncaughtException', onFatal);
  process.on('unhandledRejection', onFatal);
  return () => {
    process.off('uncaughtException', onFatal);
    process.off('unhandledRejection', onFatal);
  };
}
