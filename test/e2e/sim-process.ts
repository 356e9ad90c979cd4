// The gateway simulator as its own process (`npm run sim`), so it outlives a Besked process that is killed, and its
// control API for the test: faults, account, ledger, counters.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './harness';

export interface SimProcess {
  url: string;
  token: string;
  child: ChildProcess;
  control<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  /** Requests served per route since the start (e.g. "POST /rest/mtsms"). */
  requests(route: string): Promise<number>;
  stop(): Promise<void>;
}

export async function startSimProcess(opts: { token: string; state?: string; speed?: number }): Promise<SimProcess> {
  const args = ['--import', 'tsx', join(ROOT, 'src-sim/cli.ts'), '--port', '0', '--token', opts.token];
  if (opts.state) args.push('--state', opts.state);
  if (opts.speed) args.push('--speed', String(opts.speed));
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`simulator did not start:\n${err}`)), 30_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /sim listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`simulator exited with ${code}:\n${err}`)));
  });
  const control = async <T,>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(url + path, {
      method,
      headers: { authorization: `Token ${opts.token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`sim ${method} ${path}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  return {
    url,
    token: opts.token,
    child,
    control,
    requests: async (route) => (await control<{ requests: Record<string, number> }>('GET', '/_sim/stats')).requests[route] ?? 0,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
