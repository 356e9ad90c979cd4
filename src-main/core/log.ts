// The core's log: JSON lines on stderr and in the data dir, with every known secret redacted before writing.
import { appendFileSync } from 'node:fs';

export interface Logger {
  info(msg: string, data?: Record<string, unknown>): void;
  warn(msg: string, data?: Record<string, unknown>): void;
  error(msg: string, data?: Record<string, unknown>): void;
  /** Registers a value that must never appear in a log line (an API token). */
  addSecret(secret: string): void;
}

export function createLogger(opts: { file?: string; echo?: boolean; level?: 'info' | 'warn' | 'error' } = {}): Logger {
  const secrets = new Set<string>();
  const order = { info: 0, warn: 1, error: 2 } as const;
  const min = order[opts.level ?? 'info'];
  const redact = (s: string) => {
    let out = s;
    for (const secret of secrets) out = out.split(secret).join('[redacted]');
    return out;
  };
  const write = (level: keyof typeof order, msg: string, data?: Record<string, unknown>) => {
    if (order[level] < min) return;
    const line = redact(JSON.stringify({ t: new Date().toISOString(), level, msg, ...serialise(data) })) + '\n';
    if (opts.echo) process.stderr.write(line);
    if (opts.file) {
      try {
        appendFileSync(opts.file, line);
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
      if (s.length >= 4) secrets.add(s);
    },
  };
}

function serialise(data?: Record<string, unknown>): Record<string, unknown> {
  if (!data) return {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) {
    out[k] = v instanceof Error ? { name: v.name, message: v.message, stack: v.stack } : v;
  }
  return out;
}
