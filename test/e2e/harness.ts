// Starts Besked's web mode on a fresh data folder and drives it in Debian's headless Chromium, and fails any test
// during which a page logged a console error or threw (unless that test allowed exactly that message).
import { afterEach, expect } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';
import { CORE_V8_FLAGS } from '../../src-main/core-v8-flags';

export const ROOT = resolve(import.meta.dirname, '../..');
export const RESULTS = join(ROOT, 'test-results');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface WebProcess {
  url: string;
  origin: string;
  key: string;
  dataDir: string;
  child: ChildProcess;
  /** Everything the process wrote to stderr, for leak checks and failure messages. */
  stderr(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Web mode's entry as the build bundles it (scripts/build-headless.mjs): src-main/web.ts, what `npm run web` runs
 * through tsx, started in half the time. instance-lock.test.ts starts the source through tsx as well.
 */
export const WEB_ENTRY = join(ROOT, 'out/headless/web.js');

/** Spawns web mode (WEB_ENTRY) and waits for its one line. */
export async function startWeb(opts: { dataDir?: string; env?: NodeJS.ProcessEnv; port?: number } = {}): Promise<WebProcess> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'besked-e2e-'));
  if (!existsSync(WEB_ENTRY)) throw new Error(`${WEB_ENTRY} is missing: run npm run build first`);
  const child = spawn(process.execPath, [...CORE_V8_FLAGS, WEB_ENTRY, '--port', String(opts.port ?? 0), '--data', dataDir], {
    cwd: ROOT,
    env: { ...process.env, BESKED_KEYCHAIN_SERVICE: `Besked-e2e-${process.pid}-${Date.now()}`, ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const line = await new Promise<string>((resolveLine, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`web mode did not start in time:\n${err}`)), 60_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const nl = out.indexOf('\n');
      if (nl >= 0) {
        clearTimeout(timer);
        resolveLine(out.slice(0, nl));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`web mode exited with ${code}:\n${err}`));
    });
  });
  const m = /^Besked web: (http:\/\/127\.0\.0\.1:\d+)\/\?key=([A-Za-z0-9_-]+)$/.exec(line);
  if (!m) throw new Error(`unexpected first line: ${line}`);
  return {
    url: `${m[1]}/?key=${m[2]}`,
    origin: m[1]!,
    key: m[2]!,
    dataDir,
    child,
    stderr: () => err,
    stop: (signal = 'SIGTERM') =>
      new Promise<void>((res) => {
        if (child.exitCode !== null || child.signalCode !== null) return res();
        child.once('exit', () => res());
        child.kill(signal);
      }),
  };
}

/** Console errors and uncaught exceptions of every watched page since the last test ended. */
const consoleProblems: string[] = [];
/** What the running test provokes on purpose; cleared after each test. */
let allowedConsoleErrors: RegExp[] = [];

function describeConsoleError(m: ConsoleMessage): string {
  // A failed resource's message does not name it; its location does.
  const where = m.location().url;
  return `console error: ${m.text()}${where ? ` (at ${where})` : ''}`;
}

/** Watches every page of the context for console errors and uncaught exceptions. */
export function watchConsole(context: BrowserContext): BrowserContext {
  context.on('console', (m) => {
    if (m.type() === 'error') consoleProblems.push(describeConsoleError(m));
  });
  context.on('weberror', (e) => consoleProblems.push(`uncaught: ${e.error().stack ?? e.error().message}`));
  return context;
}

/** Lets the running test (only) log console errors matching this, for a test that provokes one on purpose. */
export function allowConsoleError(pattern: RegExp): void {
  allowedConsoleErrors.push(pattern);
}

/** The problems logged since the last call that the running test did not allow; forgets them and the allowances. */
export function takeConsoleProblems(): string[] {
  const found = consoleProblems.splice(0).filter((p) => !allowedConsoleErrors.some((re) => re.test(p)));
  allowedConsoleErrors = [];
  return found;
}

// Registered by importing the harness, so every e2e file that opens a page gets it. Only under vitest: the
// benchmarks (test/bench/web.bench.ts) open pages through this harness too, outside any test.
if (process.env['VITEST']) {
  afterEach(() => {
    expect(takeConsoleProblems(), 'console errors or uncaught exceptions in the page during this test').toEqual([]);
  });
}

/** A contract call from the page, as the renderer makes it; throws with the call's name when it is refused. */
export async function besked<T>(page: Page, name: string, input: unknown): Promise<T> {
  const r = (await page.evaluate(
    // globalThis is the page's window there; the harness is also compiled without the DOM (for the bench).
    async ([n, i]) => (globalThis as unknown as { besked: { call(n: string, i: unknown): Promise<unknown> } }).besked.call(n as string, i),
    [name, input] as const,
  )) as { ok: boolean; value?: T; error?: { message: string } };
  if (!r.ok) throw new Error(`${name}: ${r.error?.message}`);
  return r.value as T;
}

/** Chromium whose every context (and so every page) is watched for console errors. */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => watchConsole(await newContext(options));
  return browser;
}

export interface E2EApp {
  web: WebProcess;
  browser: Browser;
  page: Page;
  /** Saves test-results/<name>.png. */
  screenshot(name: string): Promise<void>;
  close(): Promise<void>;
}

/** Web mode + Chromium + a page on the app, waiting for the first view to render. */
export async function openApp(opts: { dataDir?: string; colorScheme?: 'light' | 'dark'; keepData?: boolean } = {}): Promise<E2EApp> {
  const web = await startWeb(opts.dataDir ? { dataDir: opts.dataDir } : {});
  const browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1280, height: 820 }, colorScheme: opts.colorScheme ?? 'light' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(web.url);
  await page.waitForSelector('[data-view]');
  mkdirSync(RESULTS, { recursive: true });
  return {
    web,
    browser,
    page,
    screenshot: async (name) => {
      await page.screenshot({ path: join(RESULTS, `${name}.png`), fullPage: false });
    },
    close: async () => {
      await browser.close();
      await web.stop();
      if (!opts.keepData && !opts.dataDir) rmSync(web.dataDir, { recursive: true, force: true });
      if (errors.length) throw new Error(`the page threw: ${errors.join('\n')}`);
    },
  };
}

/** Goes to a view through the navigation, as a user would, and waits for it. */
export async function gotoView(page: Page, view: string): Promise<void> {
  await page.click(`[data-nav="${view}"]`);
  await page.waitForSelector(`[data-view="${view}"]`);
}
