// The double of Electron's WebContents: loads pages into its main frame (running the preload on each),
// asks will-navigate before a page-initiated navigation, asks the window-open handler before a popup, and
// carries send() to the page's ipcRenderer listeners. navigateByPage/openByPage are what a page would do.
import { EventEmitter } from 'node:events';
import { BrowserWindow } from './browser-window';
import { preventableEvent } from './event';
import { runPreload } from './preload-runner';
import { WebFrameMain } from './web-frame-main';

export interface WindowOpenDetails {
  url: string;
  frameName: string;
  features: string;
  disposition: 'default' | 'foreground-tab' | 'background-tab' | 'new-window' | 'other';
  referrer: { url: string; policy: string };
}
export type WindowOpenHandler = (details: WindowOpenDetails) => { action: 'allow' | 'deny'; overrideBrowserWindowOptions?: object };

let nextId = 1;

export class WebContents extends EventEmitter {
  readonly id = nextId++;
  readonly mainFrame = new WebFrameMain('about:blank');
  readonly sent: { channel: string; args: unknown[] }[] = [];
  private destroyed = false;
  private openHandler: WindowOpenHandler | null = null;
  private deliver: ((channel: string, args: unknown[]) => void) | null = null;

  constructor(private readonly webPreferences: { preload?: string } = {}) {
    super();
  }

  getURL = () => this.mainFrame.url;
  isDestroyed = () => this.destroyed;

  destroy() {
    if (this.destroyed) return;
    this.destroyed = true;
    this.emit('destroyed');
  }

  setWindowOpenHandler(handler: WindowOpenHandler) {
    this.openHandler = handler;
  }

  send(channel: string, ...args: unknown[]) {
    if (this.destroyed) throw new Error('Object has been destroyed');
    this.sent.push({ channel, args: structuredClone(args) });
    this.deliver?.(channel, args);
  }

  /** A new document in the main frame: a fresh window object, the preload run again, then the load events. */
  async loadURL(url: string): Promise<void> {
    if (this.destroyed) throw new Error('Object has been destroyed');
    this.mainFrame.url = url;
    this.mainFrame.world = {};
    this.mainFrame.frames.length = 0;
    this.deliver = this.webPreferences.preload ? runPreload(this.webPreferences.preload, this, this.mainFrame) : null;
    this.emit('dom-ready');
    this.emit('did-finish-load');
  }

  /** A link clicked or location set by the page: will-navigate may refuse it. */
  navigateByPage(url: string): boolean {
    const event = preventableEvent({ url, isMainFrame: true, isSameDocument: false, frame: this.mainFrame });
    this.emit('will-navigate', event, url, false, true, this.mainFrame.processId, this.mainFrame.routingId);
    if (event.defaultPrevented) return false;
    void this.loadURL(url);
    return true;
  }

  /** window.open by the page: without a handler, or when it allows, Electron opens a new window. */
  openByPage(url: string): { action: 'allow' | 'deny' } {
    const details: WindowOpenDetails = {
      url,
      frameName: '',
      features: '',
      disposition: 'new-window',
      referrer: { url: this.getURL(), policy: 'strict-origin-when-cross-origin' },
    };
    const answer = this.openHandler ? this.openHandler(details) : { action: 'allow' as const };
    if (answer.action === 'allow') {
      const child = new BrowserWindow({ ...answer.overrideBrowserWindowOptions });
      void child.loadURL(url);
      this.emit('did-create-window', child, details);
    }
    return { action: answer.action };
  }
}
