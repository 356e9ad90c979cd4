// What Electron does with webPreferences.preload when a page loads in a sandboxed main frame: runs the
// CommonJS file with a require() that knows only 'electron' (contextBridge, ipcRenderer) and a few
// built-ins, and lets contextBridge put values on the page's window.
import { readFileSync } from 'node:fs';
import events from 'node:events';
import timers from 'node:timers';
import url from 'node:url';
import vm from 'node:vm';
import { ipcMain } from './ipc-main';
import type { WebContents } from './web-contents';
import type { WebFrameMain } from './web-frame-main';

type Listener = (event: unknown, ...args: unknown[]) => void;

/** Runs the preload in `frame`; returns how the main process's webContents.send reaches its listeners. */
export function runPreload(file: string, contents: WebContents, frame: WebFrameMain): (channel: string, args: unknown[]) => void {
  const listeners = new Map<string, Set<Listener>>();
  const ipcRenderer = {
    invoke: (channel: string, ...args: unknown[]) => ipcMain.invoke(contents, frame, channel, args),
    on(channel: string, listener: Listener) {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel)!.add(listener);
      return ipcRenderer;
    },
    removeListener(channel: string, listener: Listener) {
      listeners.get(channel)?.delete(listener);
      return ipcRenderer;
    },
  };
  const contextBridge = {
    exposeInMainWorld(key: string, api: unknown) {
      if (key in frame.world) throw new Error(`Cannot bind an API on top of an existing property on the window object`);
      frame.world[key] = api;
    },
  };
  const modules: Record<string, unknown> = { electron: { contextBridge, ipcRenderer }, events, timers, url };
  const sandboxRequire = (id: string) => {
    if (!(id in modules)) throw new Error(`module not found: ${id}`);
    return modules[id];
  };
  const module = { exports: {} };
  const code = readFileSync(file, 'utf8');
  const wrapper = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${code}\n})`, { filename: file });
  (wrapper.runInNewContext({}) as (...a: unknown[]) => void)(module.exports, sandboxRequire, module, file, '.');
  return (channel, args) => {
    for (const l of listeners.get(channel) ?? []) l({ sender: ipcRenderer, senderId: 0, ports: [] }, ...structuredClone(args));
  };
}
