// The BUILT main process (out/main/index.js, what Electron runs) started under a double of Electron: its
// one window and its options, the one IPC channel and who may call it, the CSP header, navigation and
// popups refused, one instance per user, the window where it was left, and a database closed on quit.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IPC_CALL } from '../../src-shared/ipc-channels';
import { contentSecurityPolicy } from '../../src-main/bridge/csp';
import { mainWindowOptions } from '../../src-main/shell/window-options';
import { WINDOW_STATE_FILE } from '../../src-main/shell/window-state-file';
import { shellStrings } from '../../src-main/shell/shell-strings';
import { ShellProcess, root, type ShellState } from './harness';

const appUrl = pathToFileURL(join(root, 'out', 'renderer', 'index.html')).href;
const preload = join(root, 'out', 'preload', 'index.cjs');
const icon = join(root, 'resources', 'icons', '256x256.png');
const saved = { x: 240, y: 130, width: 1000, height: 700 };
const pageLoaded = (s: ShellState) => s.windows[0]?.exposed.includes('besked') === true;

type Answer = { ok: true; value: unknown } | { ok: false; error: { kind: string; message: string } };
const refused = { ok: false, error: { kind: 'auth', message: 'Refused: this page is not Besked.' } };

let configHome = '';
let userData = '';
let shell: ShellProcess;
const spawned: ShellProcess[] = [];
const start = () => {
  const p = ShellProcess.start(configHome);
  spawned.push(p);
  return p;
};
const groupNames = async (p: ShellProcess) => {
  const r = await p.request<{ ok: true; value: { groups: { name: string }[] } }>('call', { name: 'groups.list', input: {} });
  return r.value.groups.map((g) => g.name);
};

beforeAll(async () => {
  configHome = mkdtempSync(join(tmpdir(), 'besked-shell-'));
  userData = join(configHome, 'Besked');
  mkdirSync(userData, { recursive: true });
  writeFileSync(join(userData, WINDOW_STATE_FILE), JSON.stringify({ bounds: saved, maximized: false }));
  shell = start();
  await shell.until(pageLoaded);
});

afterAll(async () => {
  for (const p of spawned) p.kill();
  await Promise.all(spawned.map((p) => p.exited));
  rmSync(configHome, { recursive: true, force: true });
});

describe('the main process at start', () => {
  it('opens exactly one window, from mainWindowOptions: sandboxed, isolated, no Node, the built preload', async () => {
    const { windows } = await shell.state();
    expect(windows).toHaveLength(1);
    expect(windows[0]!.options).toEqual(mainWindowOptions(preload, saved, icon));
    expect(windows[0]!.options.webPreferences).toMatchObject({
      preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      webviewTag: false,
    });
  });

  it('opens hidden and shows the window once the built page is ready, with window.besked from the preload', async () => {
    const [w] = (await shell.state()).windows;
    expect(w!.options.show).toBe(false);
    expect(w!.visible).toBe(true);
    expect(w!.url).toBe(appUrl);
    expect(w!.exposed).toEqual(['besked']);
  });

  it('puts the window where the saved window state says', async () => {
    const [w] = (await shell.state()).windows;
    expect(w!.bounds).toEqual(saved);
    expect(w!.maximized).toBe(false);
  });

  it('registers exactly the one IPC channel, as a handle() channel', async () => {
    const { ipc } = await shell.state();
    expect(ipc.handled).toEqual([IPC_CALL]);
    expect(ipc.listened).toEqual([]);
  });

  it('sets an application menu and shows no error', async () => {
    const s = await shell.state();
    expect(s.applicationMenu).toBe(true);
    expect(s.errorBoxes).toEqual([]);
  });
});

describe('IPC calls', () => {
  it("answers the app's main frame with the dispatcher's result, from the core on the user's data folder", async () => {
    await expect(shell.request('call', { name: 'app.info', input: {} })).resolves.toEqual({
      ok: true,
      value: { name: 'Besked', version: '0.1.0', shell: 'electron', os: process.platform, dataDir: userData },
    });
    const unknown = await shell.request<Answer>('call', { name: 'no.such.call', input: {} });
    expect(unknown.ok).toBe(false);
    const created = await shell.request<Answer>('call', { name: 'groups.create', input: { name: 'Trusted' } });
    expect(created.ok).toBe(true);
    expect(await groupNames(shell)).toContain('Trusted');
  });

  // Issue 26.1 and 26.8 on the IPC path: the input that stopped a server, and one larger than its call takes.
  it('answers an input whose rule cannot read it, and one larger than its call takes, with typed errors', async () => {
    const bad = await shell.request<Answer>('call', { name: 'account.usage', input: { from: 'yesterday', to: '2026-03-01', granularity: 'day' } });
    expect(bad).toMatchObject({ ok: false, error: { kind: 'validation', code: 'call.invalidInput' } });
    const big = await shell.request<Answer>('call', { name: 'groups.create', input: { name: 'x'.repeat(300 * 1024) } });
    expect(big).toMatchObject({ ok: false, error: { kind: 'validation', code: 'call.tooLarge' } });
    await expect(shell.request('call', { name: 'app.info', input: {} })).resolves.toMatchObject({ ok: true });
  });

  it.each([
    ['a frame inside the page', 'callFromSubframe', 'From a subframe'],
    ['another window with the same page and preload', 'callFromOtherWindow', 'From another window'],
  ])('drops a call from %s without running it', async (_what, op, name) => {
    await expect(shell.request(op, { name: 'groups.create', input: { name } })).resolves.toEqual(refused);
    expect(await groupNames(shell)).not.toContain(name);
  });

  it('drops a call from the main frame once it shows a page of another origin', async () => {
    await shell.request('load', { url: 'https://evil.example/' });
    try {
      await expect(shell.request('call', { name: 'groups.create', input: { name: 'From evil' } })).resolves.toEqual(refused);
    } finally {
      await shell.request('load', { url: appUrl });
    }
    expect(await groupNames(shell)).not.toContain('From evil');
  });
});

describe('the security policy', () => {
  it('sets the Content-Security-Policy header on responses through the default session', async () => {
    const r = await shell.request<{ cancel: boolean; responseHeaders: Record<string, string[]> }>('response', {
      url: 'http://localhost:5173/',
      headers: { 'Content-Type': ['text/html'] },
    });
    expect(r).toEqual({
      cancel: false,
      responseHeaders: { 'Content-Type': ['text/html'], 'Content-Security-Policy': [contentSecurityPolicy({ connectSelfWebSocket: false })] },
    });
  });

  it.each(['https://evil.example/', 'file:///etc/passwd', 'http://localhost:5173/', appUrl.replace('index.html', 'other.html')])(
    'refuses a navigation to %s',
    async (url) => {
      await expect(shell.request('navigate', { url })).resolves.toEqual({ navigated: false, url: appUrl });
    },
  );

  it("lets the page reload the app's own page", async () => {
    await expect(shell.request('navigate', { url: appUrl })).resolves.toEqual({ navigated: true, url: appUrl });
    await shell.until(pageLoaded);
  });

  it.each([
    ['https://besked.dk/help', true],
    ['http://example.com/', false],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['https://user:pw@example.com/', false],
  ])('refuses window.open(%s) (handed to the browser: %s)', async (url, external) => {
    const before = (await shell.state()).opened.length;
    await expect(shell.request('open', { url })).resolves.toEqual({ action: 'deny', windows: 1 });
    const opened = (await shell.state()).opened.slice(before);
    expect(opened).toEqual(external ? [url] : []);
  });

  it.each([
    ['notifications', true],
    ['media', false],
    ['geolocation', false],
  ])('answers a permission request for %s with %s', async (permission, granted) => {
    await expect(shell.request('permission', { permission })).resolves.toBe(granted);
  });
});

describe('one instance', () => {
  it('a second start quits at once and the first comes to the front', async () => {
    await shell.request('minimize');
    expect((await shell.state()).windows[0]).toMatchObject({ minimized: true, focused: false });
    const second = start();
    expect(await second.exited).toBe(0);
    expect(second.output).toBe('');
    const s = await shell.until((s) => s.windows[0]?.focused === true, 5_000);
    expect(s.windows[0]).toMatchObject({ minimized: false, focused: true, visible: true });
    // The first still answers: the second never touched the data folder.
    await expect(shell.request('call', { name: 'app.info', input: {} })).resolves.toMatchObject({ ok: true });
  });
});

describe('close to tray', () => {
  it('puts Besked in the tray; closing the window hides it, and a click on the tray brings it back', async () => {
    expect((await shell.state()).trays).toEqual([]);
    await expect(shell.request('call', { name: 'settings.update', input: { closeToTray: true } })).resolves.toMatchObject({ ok: true });
    const { trays } = await shell.until((s) => s.trays.length === 1);
    const t = shellStrings.en.tray;
    expect(trays[0]).toEqual({ tooltip: t.tooltip, menu: [t.open, t.newMessage, 'separator', t.quit], scaleFactors: [1, 2] });
    await shell.request('closeWindow');
    expect((await shell.state()).windows).toMatchObject([{ visible: false }]);
    await shell.request('clickTray');
    expect((await shell.state()).windows).toMatchObject([{ visible: true, focused: true }]);
  });
});

describe('quitting', () => {
  it('closes the window even in close-to-tray, closes the database, frees the data folder, and remembers the window', async () => {
    const moved = { x: 300, y: 200, width: 1100, height: 750 };
    await shell.request('setBounds', { bounds: moved });
    await shell.request('quit');
    expect(await shell.exited).toBe(0);
    // A clean close: the WAL checkpointed and removed, the lock's note removed.
    expect(existsSync(join(userData, 'besked.db-wal'))).toBe(false);
    expect(existsSync(join(userData, 'instance.json'))).toBe(false);
    expect(JSON.parse(readFileSync(join(userData, WINDOW_STATE_FILE), 'utf8'))).toEqual({ bounds: moved, maximized: false });

    const again = start();
    const s = await again.until(pageLoaded);
    expect(s.windows[0]!.bounds).toEqual(moved);
    expect(await groupNames(again)).toContain('Trusted');
    await again.request('quit');
    expect(await again.exited).toBe(0);
  });
});
