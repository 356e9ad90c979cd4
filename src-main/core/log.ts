// The core's log: JSON lines on stderr and in the data dir, with every known secret redacted before writing.
import { appendFileSync } from 'node:fs';

export interface Logger {
  info(msg: string, data?: Record<string, unknown>): void;
  warn(msg: string, data?: Record<string, unknown>): void;
  error(msg: string, data?: Record<string, unknown>): void;
  /** Registers a value that must never appear in a log line (an API token). */
  addSecret(secret: string): void;
  /** The text with every registered secret replaced, for output that bypasses the log (a crash report). */
  redact?(text: string): string;
}

export const REDACTED = '[redacted]';

/**
 * The spellings a secret can take in written text: as is, escaped once inside a JSON string (a token with a quote,
 * a backslash or a control character), and escaped twice (a JSON text quoted inside a log line). Longest first.
 */
export function secretForms(secret: string): string[] {
  const once = JSON.stringify(secret).slice(1, -1);
  const twice = JSON.stringify(once).slice(1, -1);
  return [...new Set([secret, once, twice])].sort((a, b) => b.length - a.length);
}

export function createLogger(opts: { file?: string; echo?: boolean; level?: 'info' | 'warn' | 'error' } = {}): Logger {
  const forms: string[] = [];
  const order = { info: 0, warn: 1, error: 2 } as const;
  const min = order[opts.level ?? 'info'];
  const redact = (s: string) => {
    let out = s;
    for (const form of forms) out = out.split(form).join(REDACTED);
    return out;
  };
  const write = (level: keyof typeof order, msg: string, data?: Record<string, unknown>) => {
    if (order[level] < min) return;
    const line = redact(toJsonLine({ t: new Date().toISOString(), level, msg }, data)) + '\n';
    if (opts.echo) process.stderr.write(line);
    if (opts.file) {
      try {
        // Private to the user from its first line (issue 26.10): the log names contacts and calls.
        appendFileSync(opts.file, line, { mode: 0o600 });
      } catch {
        // A full disk must not stop sending; stderr still has it when echo is on.
      }
    }
  };
  return {
    info: (m, d) => write('info', m, d),
    warn: (m, d) => write('warn', m, d),
    error: (m, d) => write('error', m, d),
    addSecret: (s) => {
      if (s.length < 4) return;
      for (const f of secretForms(s)) if (!forms.includes(f)) forms.push(f);
      forms.sort((a, b) => b.length - a.length);
    },
    redact,
  };
}

/**
 * One JSON line. Logging happens inside catch blocks, so it must never throw: values JSON cannot write (a cycle,
 * a BigInt, a throwing getter) are written as words instead.
 */
function toJsonLine(head: Record<string, unknown>, data?: Record<string, unknown>): string {
  const seen = new WeakSet<object>();
  const replacer = (_key: string, v: unknown) => {
    if (typeof v === 'bigint') return v.toString();
    if (typeof v === 'object' && v !== null) {
      if (seen.has(v)) return '[circular]';
      seen.add(v);
      // Errors keep what helps a support conversation, their causes included (redacted like everything else).
      if (v instanceof Error) return { name: v.name, message: v.message, stack: v.stack, ...(v.cause === undefined ? {} : { cause: v.cause }) };
    }
    return v;
  };
  try {
    return JSON.stringify({ ...head, ...data }, replacer);
  } catch {
    return JSON.stringify({ ...head, note: 'the details of this entry could not be written' });
  }
}
