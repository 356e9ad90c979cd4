// Starts the BUILT main bundle (out/main/index.js) in a child Node process whose 'electron' is the double
// in double/, and steers it through the driver over the fork() channel.
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const root = join(import.meta.dirname, '..', '..');
export const bundle = join(root, 'out', 'main', 'index.js');
const register = pathToFileURL(join(import.meta.dirname, 'double', 'register.mjs')).href;

/** The first source of the main process or preload newer than the built bundle, if any: the test would run old code. */
function newerSource(): string | null {
  const built = Math.min(statSync(bundle).mtimeMs, statSync(join(root, 'out', 'preload', 'index.cjs')).mtimeMs);
  for (const dir of ['src-main', 'src-shared']) {
    for (const f of readdirSync(join(root, dir), { recursive: true, withFileTypes: true })) {
      const file = join(f.parentPath, f.name);
      if (f.isFile() && statSync(file).mtimeMs > built) return file;
    }
  }
  return null;
}

export interface WindowSeen {
  options: { x?: number; y?: number; width: number; height: number; show?: boolean; icon?: string; webPreferences: Record<string, unknown> };
  bounds: { x: number; y: number; width: number; height: number };
  visible: boolean;
  focused: boolean;
  minimized: boolean;
  maximized: boolean;
  url: string;
  exposed: string[];
}

export interface ShellState {
  ready: boolean;
  windows: WindowSeen[];
  ipc: { handled: string[]; listened: string[] };
  applicationMenu: boolean;
  trays: { tooltip: string; menu: string[]; scaleFactors: number[] }[];
  errorBoxes: { title: string; content: string }[];
  opened: string[];
}

export class ShellProcess {
  readonly exited: Promise<number | null>;
  output = '';
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();

  private constructor(private readonly child: ChildProcess) {
    child.stdout?.on('data', (d) => (this.output += String(d)));
    child.stderr?.on('data', (d) => (this.output += String(d)));
    child.on('message', (m: { id: number; ok: boolean; value?: unknown; error?: string }) => {
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (m.ok) p?.resolve(m.value);
      else p?.reject(new Error(m.error));
    });
    this.exited = new Promise((resolve) =>
      child.on('exit', (code) => {
        for (const p of this.pending.values()) p.reject(new Error(`the process ended (${code}):\n${this.output}`));
        this.pending.clear();
        resolve(code);
      }),
    );
  }

  /** Electron started as a user would, with its config home (where userData lives) in `configHome`. */
  static start(configHome: string): ShellProcess {
    if (!existsSync(bundle)) throw new Error('out/main/index.js is missing: run `npm run build` first');
    const newer = newerSource();
    if (newer) throw new Error(`${newer} is newer than out/main/index.js: run \`npm run build\` first`);
    // No dev server (the built page is loaded from disk) and no session bus (the token vault stays in memory).
    const env: Record<string, string | undefined> = { ...process.env, XDG_CONFIG_HOME: configHome };
    for (const name of ['ELECTRON_RENDERER_URL', 'DBUS_SESSION_BUS_ADDRESS', 'NODE_OPTIONS']) delete env[name];
    return new ShellProcess(fork(bundle, [], { cwd: root, env, execArgv: ['--import', register], stdio: ['ignore', 'pipe', 'pipe', 'ipc'] }));
  }

  request<T = unknown>(op: string, args: Record<string, unknown> = {}): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      if (!this.child.connected) return reject(new Error(`the process has ended:\n${this.output}`));
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.child.send({ id, op, args });
    });
  }

  state = () => this.request<ShellState>('state');

  /** Polls the state until `ok` holds (the process starts its core asynchronously). */
  async until(ok: (s: ShellState) => boolean, timeoutMs = 20_000): Promise<ShellState> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const s = await this.state();
      if (ok(s)) return s;
      if (Date.now() > end) throw new Error(`timed out; last state ${JSON.stringify(s)}\n${this.output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  kill() {
    if (this.child.exitCode === null) this.child.kill('SIGKILL');
  }
}
