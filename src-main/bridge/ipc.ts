// The Electron IPC transport of the contract: one channel for calls, one for events. Calls from any frame
// other than the app's own main frame are dropped (as VS Code's validatedIpcMain and electron/fiddle do).
import { ipcMain, type WebContents, type WebFrameMain } from 'electron';
import { IPC_CALL, IPC_EVENT } from '../../src-shared/ipc-channels';
import type { Dispatch } from '../core/dispatch';
import type { EventBus } from '../core/events';
import type { Logger } from '../core/log';
import { oversizeInput } from './frame-limits';

export function attachIpc(opts: {
  dispatch: Dispatch;
  events: EventBus;
  log: Logger;
  /** The window contents the app trusts, and the URL its page must have. */
  trusted: () => { contents: WebContents; appUrl: string } | null;
}): () => void {
  const isTrusted = (frame: WebFrameMain | null, sender: WebContents) => {
    const t = opts.trusted();
    if (!t || !frame || sender !== t.contents) return false;
    if (frame !== t.contents.mainFrame) return false;
    return frame.url.split('#')[0] === t.appUrl.split('#')[0];
  };
  ipcMain.handle(IPC_CALL, async (event, name: unknown, input: unknown) => {
    if (!isTrusted(event.senderFrame, event.sender)) {
      opts.log.warn('dropped IPC call from an untrusted frame', { url: event.senderFrame?.url });
      return { ok: false, error: { kind: 'auth', message: 'Refused: this page is not Besked.' } };
    }
    // Electron has copied the input in already; a larger one than its call takes is still refused before it is read.
    const tooLarge = oversizeInput(name, input);
    if (tooLarge) return { ok: false, error: tooLarge };
    return opts.dispatch(name, input);
  });
  const unsubscribe = opts.events.subscribe((message) => {
    const t = opts.trusted();
    if (t && !t.contents.isDestroyed()) t.contents.send(IPC_EVENT, message);
  });
  return () => {
    unsubscribe();
    ipcMain.removeHandler(IPC_CALL);
  };
}
