// The double of Electron's ipcMain: one handler per channel (a second one throws, as in Electron), and
// invoke() carries a renderer's call with its sender and senderFrame, arguments and result structured-cloned.
import { EventEmitter } from 'node:events';
import type { WebContents } from './web-contents';
import type { WebFrameMain } from './web-frame-main';

export interface IpcMainInvokeEvent {
  type: 'frame';
  sender: WebContents;
  senderFrame: WebFrameMain | null;
  frameId: number;
  processId: number;
}

type Handler = (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown;

export class IpcMain extends EventEmitter {
  private readonly handlers = new Map<string, Handler>();

  handle(channel: string, handler: Handler): void {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, handler);
  }

  handleOnce(channel: string, handler: Handler): void {
    this.handle(channel, (event, ...args) => {
      this.removeHandler(channel);
      return handler(event, ...args);
    });
  }

  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }

  /** The channels with a handle() handler (test observation, not Electron API). */
  handledChannels(): string[] {
    return [...this.handlers.keys()];
  }

  /** What ipcRenderer.invoke in `frame` of `sender` arrives as. */
  async invoke(sender: WebContents, frame: WebFrameMain, channel: string, args: unknown[]): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`Error invoking remote method '${channel}': Error: No handler registered for '${channel}'`);
    const event: IpcMainInvokeEvent = { type: 'frame', sender, senderFrame: frame, frameId: frame.routingId, processId: frame.processId };
    try {
      return structuredClone(await handler(event, ...structuredClone(args)));
    } catch (err) {
      // Electron keeps only the message of an error thrown in a handler.
      throw new Error(`Error invoking remote method '${channel}': ${String(err)}`);
    }
  }
}

export const ipcMain = new IpcMain();
