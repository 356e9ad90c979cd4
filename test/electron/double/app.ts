// The double of Electron's `app`: ready, the paths, the single-instance lock and the quit sequence as
// Electron documents them (before-quit → windows close → will-quit → quit → the process ends).
import { EventEmitter } from 'node:events';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { preventableEvent } from './event';
import { BrowserWindow } from './browser-window';

/** The package.json Electron reads for the app's name and version: the one nearest the main script. */
function appPackage(): { name?: string; productName?: string; version?: string } {
  let dir = dirname(process.argv[1] ?? process.cwd());
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    if (dirname(dir) === dir) return {};
    dir = dirname(dir);
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

export class App extends EventEmitter {
  readonly isPackaged = false;
  private readonly pkg = appPackage();
  private ready = false;
  private readonly readyWaiters: (() => void)[] = [];
  private quitPending = false;
  private inQuit = false;
  private lockFile: string | null = null;
  readonly badgeCounts: number[] = [];
  readonly loginItemSettings: unknown[] = [];

  constructor() {
    super();
    // Electron is ready once its own start-up is done, after the main script's first turn.
    setImmediate(() => {
      this.ready = true;
      this.emit('will-finish-launching');
      this.emit('ready', {}, {});
      for (const w of this.readyWaiters.splice(0)) w();
    });
  }

  isReady = () => this.ready;
  whenReady = () => new Promise<void>((resolve) => (this.ready ? resolve() : this.readyWaiters.push(resolve)));
  getName = () => this.pkg.productName ?? this.pkg.name ?? 'Electron';
  getVersion = () => this.pkg.version ?? '0.0.0';
  getPreferredSystemLanguages = () => ['en-US'];
  setBadgeCount = (n: number) => (this.badgeCounts.push(n), true);
  setLoginItemSettings = (s: unknown) => void this.loginItemSettings.push(s);

  /** Linux paths: appData is $XDG_CONFIG_HOME (or ~/.config), userData is appData/<productName>. */
  getPath = (name: string): string => {
    const appData = process.env['XDG_CONFIG_HOME'] ?? join(homedir(), '.config');
    const paths: Record<string, string> = { home: homedir(), appData, userData: join(appData, this.getName()), temp: '/tmp' };
    const path = paths[name];
    if (!path) throw new Error(`Failed to get '${name}' path`);
    return path;
  };

  /**
   * The lock lives in userData, as Electron's does. A second instance hands its argv to the first (which
   * emits 'second-instance') and gets false; a lock whose process is gone is taken over.
   */
  requestSingleInstanceLock = (additionalData: unknown = {}): boolean => {
    const dir = this.getPath('userData');
    const file = join(dir, 'SingletonLock');
    const inbox = join(dir, 'SingletonInbox');
    mkdirSync(inbox, { recursive: true });
    const holder = existsSync(file) ? Number(readFileSync(file, 'utf8')) : NaN;
    if (holder && holder !== process.pid && alive(holder)) {
      writeFileSync(join(inbox, `${process.pid}.json`), JSON.stringify({ argv: process.argv, cwd: process.cwd(), additionalData }));
      return false;
    }
    writeFileSync(file, String(process.pid));
    this.lockFile = file;
    process.on('exit', () => rmSync(file, { force: true }));
    setInterval(() => {
      for (const name of readdirSync(inbox)) {
        const m = JSON.parse(readFileSync(join(inbox, name), 'utf8')) as { argv: string[]; cwd: string; additionalData: unknown };
        rmSync(join(inbox, name));
        this.emit('second-instance', preventableEvent(), m.argv, m.cwd, m.additionalData);
      }
    }, 50).unref();
    return true;
  };

  hasSingleInstanceLock = () => this.lockFile !== null;

  /** Asynchronous, as in Electron: closes every window (any may refuse), then ends the process. */
  quit = () => {
    if (this.quitPending) return;
    this.quitPending = true;
    setImmediate(() => {
      this.quitPending = false;
      this.inQuit = true;
      try {
        const before = preventableEvent();
        this.emit('before-quit', before);
        if (before.defaultPrevented) return;
        for (const w of BrowserWindow.getAllWindows()) w.close();
        if (BrowserWindow.getAllWindows().length > 0) return;
        const will = preventableEvent();
        this.emit('will-quit', will);
        if (will.defaultPrevented) return;
        this.emit('quit', preventableEvent(), 0);
        this.end(0);
      } finally {
        this.inQuit = false;
      }
    });
  };

  /** Ends at once: no before-quit, no will-quit, windows are not asked. */
  exit = (code = 0) => this.end(code);

  /**
   * Electron terminates once will-quit is not prevented ("by default the application will terminate"):
   * work its listeners started and did not hold the quit for never finishes.
   */
  private end(code: number): never {
    process.exit(code);
  }

  /** Used by BrowserWindow: the last window closed outside a quit. */
  lastWindowClosed() {
    if (this.inQuit) return;
    if (this.listenerCount('window-all-closed') > 0) this.emit('window-all-closed');
    else this.quit();
  }
}

export const app = new App();
