// The sandboxed preload: exposes exactly the contract's client on window.besked, nothing else of Electron.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { BeskedApi, EventMessage } from '../src-shared/contract';
import { IPC_CALL, IPC_EVENT } from '../src-shared/ipc-channels';

const listeners = new Map<string, Set<(payload: unknown) => void>>();

ipcRenderer.on(IPC_EVENT, (_e: IpcRendererEvent, message: EventMessage) => {
  for (const l of listeners.get(message.name) ?? []) l(message.payload);
});

const api = {
  call: (name, input) => ipcRenderer.invoke(IPC_CALL, name, input),
  on: (name, listener) => {
    let set = listeners.get(name);
    if (!set) listeners.set(name, (set = new Set()));
    const l = listener as (payload: unknown) => void;
    set.add(l);
    return () => {
      set.delete(l);
    };
  },
} satisfies BeskedApi;

contextBridge.exposeInMainWorld('besked', api);
