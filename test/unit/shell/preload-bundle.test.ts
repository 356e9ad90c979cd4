// Reads the BUILT preload (what Electron actually loads) and runs it against a recording stand-in for
// Electron: it must expose exactly window.besked = {call, on}, require nothing but 'electron', and never
// hand the page ipcRenderer, one of its methods, or an IPC event object.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import vm from 'node:vm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { IPC_CALL, IPC_EVENT } from '../../../src-shared/ipc-channels';

const root = join(import.meta.dirname, '..', '..', '..');
const sources = ['src-main/preload.ts', 'src-shared/ipc-channels.ts', 'electron.vite.config.ts'].map((f) => join(root, f));

/** out/preload/index.cjs when it is newer than its sources; otherwise a fresh build in a temporary folder. */
function builtPreload(): string {
  const built = join(root, 'out', 'preload', 'index.cjs');
  if (existsSync(built) && sources.every((s) => statSync(s).mtimeMs <= statSync(built).mtimeMs)) return readFileSync(built, 'utf8');
  const outDir = join(mkdtempSync(join(tmpdir(), 'besked-build-')), 'out');
  execFileSync(process.execPath, [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build', '--outDir', outDir, '--logLevel', 'error'], {
    cwd: root,
    stdio: 'pipe',
  });
  return readFileSync(join(outDir, 'preload', 'index.cjs'), 'utf8');
}

interface Harness {
  exposed: [string, unknown][];
  required: string[];
  electronAccess: Set<string>;
  ipcAccess: Set<string>;
  ipcOn: [string, (...args: unknown[]) => void][];
  invoke: ReturnType<typeof vi.fn>;
  ipcRenderer: object;
}

/** Runs the CommonJS bundle in a fresh context with a recording fake of require('electron'). */
function run(code: string): Harness {
  const h: Harness = { exposed: [], required: [], electronAccess: new Set(), ipcAccess: new Set(), ipcOn: [], invoke: vi.fn(), ipcRenderer: {} };
  h.invoke.mockResolvedValue({ ok: true, value: 'answer' });
  const ipcTarget: Record<string, unknown> = {
    invoke: h.invoke,
    on: (channel: string, fn: (...args: unknown[]) => void) => {
      h.ipcOn.push([channel, fn]);
    },
  };
  h.ipcRenderer = new Proxy(ipcTarget, {
    get(t, key) {
      h.ipcAccess.add(String(key));
      return t[key as string];
    },
  });
  const electron = new Proxy(
    {
      contextBridge: { exposeInMainWorld: (name: string, api: unknown) => h.exposed.push([name, api]) },
      ipcRenderer: h.ipcRenderer,
    } as Record<string, unknown>,
    {
      get(t, key) {
        h.electronAccess.add(String(key));
        return t[key as string];
      },
    },
  );
  const fakeRequire = (id: string) => {
    h.required.push(id);
    if (id === 'electron') return electron;
    throw new Error(`the preload required ${id}`);
  };
  const module = { exports: {} };
  const wrapper = new vm.Script(`(function (exports, require, module) {${code}\n})`, { filename: 'preload/index.cjs' });
  (wrapper.runInNewContext({}) as (e: object, r: typeof fakeRequire, m: object) => void)(module.exports, fakeRequire, module);
  return h;
}

/** Every value reachable from the exposed object (functions' own properties included). */
function reachable(value: unknown, seen = new Set<unknown>()): Set<unknown> {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null || seen.has(value)) return seen;
  seen.add(value);
  for (const key of Reflect.ownKeys(value)) {
    const d = Object.getOwnPropertyDescriptor(value, key);
    if (d && 'value' in d) reachable(d.value, seen);
  }
  return seen;
}

describe('the built preload bundle', () => {
  let code = '';
  beforeAll(() => {
    code = builtPreload();
  }, 180_000);

  it('requires nothing but electron', () => {
    const requires = [...code.matchAll(/\brequire\s*\(/g)].length;
    const literal = [...code.matchAll(/\brequire\s*\(\s*(["'])([^"']+)\1\s*\)/g)].map((m) => m[2]);
    expect(literal).toEqual(['electron']);
    expect(requires).toBe(literal.length);
    expect(run(code).required).toEqual(['electron']);
  });

  it('exposes exactly one object, window.besked, with exactly call and on', () => {
    const h = run(code);
    expect(h.exposed).toHaveLength(1);
    const [name, api] = h.exposed[0]!;
    expect(name).toBe('besked');
    expect(Object.keys(api as object).sort()).toEqual(['call', 'on']);
    for (const v of Object.values(api as object)) expect(typeof v).toBe('function');
  });

  it('uses only contextBridge and ipcRenderer.invoke/on from Electron', () => {
    const h = run(code);
    expect([...h.electronAccess].sort()).toEqual(['contextBridge', 'ipcRenderer']);
    expect([...h.ipcAccess].every((k) => k === 'invoke' || k === 'on')).toBe(true);
  });

  it('does not hand the page ipcRenderer or any of its methods', () => {
    const h = run(code);
    const all = reachable(h.exposed[0]![1]);
    expect(all.has(h.ipcRenderer)).toBe(false);
    expect(all.has(h.invoke)).toBe(false);
    for (const [, fn] of h.ipcOn) expect(all.has(fn)).toBe(false);
    expect(code).not.toMatch(/exposeInMainWorld\([^)]*ipcRenderer/);
  });

  it('sends every call over the one contract channel and returns its result', async () => {
    const h = run(code);
    const api = h.exposed[0]![1] as { call(name: string, input: unknown): Promise<unknown> };
    await expect(api.call('settings.get', {})).resolves.toEqual({ ok: true, value: 'answer' });
    await api.call('not.a.call', { x: 1 });
    expect(h.invoke.mock.calls).toEqual([
      [IPC_CALL, 'settings.get', {}],
      [IPC_CALL, 'not.a.call', { x: 1 }],
    ]);
  });

  it('passes event payloads to listeners of that event only, never the IPC event object, and unsubscribes', () => {
    const h = run(code);
    const api = h.exposed[0]![1] as { on(name: string, l: (...args: unknown[]) => void): () => void };
    expect(h.ipcOn.map(([channel]) => channel)).toEqual([IPC_EVENT]);
    const deliver = h.ipcOn[0]![1];
    const balance = vi.fn();
    const settings = vi.fn();
    const off = api.on('balance.changed', balance);
    api.on('settings.changed', settings);
    const ipcEvent = { sender: h.ipcRenderer, senderId: 0 };
    deliver(ipcEvent, { name: 'balance.changed', payload: { credit: 5 } });
    expect(balance.mock.calls).toEqual([[{ credit: 5 }]]);
    expect(settings).not.toHaveBeenCalled();
    off();
    deliver(ipcEvent, { name: 'balance.changed', payload: { credit: 6 } });
    expect(balance).toHaveBeenCalledTimes(1);
  });
});
