// The double of Electron's BrowserWindow: its options, bounds and visibility, a webContents announced
// through app's web-contents-created, and close() that any 'close' listener may refuse.
import { EventEmitter } from 'node:events';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { app } from './app';
import { preventableEvent } from './event';
import { screen } from './screen';
import { WebContents } from './web-contents';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface BrowserWindowOptions extends Partial<Rect> {
  show?: boolean;
  webPreferences?: { preload?: string; [key: string]: unknown };
  [key: string]: unknown;
}

export class BrowserWindow extends EventEmitter {
  private static readonly open = new Set<BrowserWindow>();
  private static nextId = 1;
  static getAllWindows = () => [...BrowserWindow.open];
  static fromWebContents = (wc: WebContents) => BrowserWindow.getAllWindows().find((w) => w.webContents === wc) ?? null;

  readonly id = BrowserWindow.nextId++;
  readonly webContents: WebContents;
  private bounds: Rect;
  private visible: boolean;
  private focused = false;
  private minimized = false;
  private maximized = false;
  private destroyed = false;
  private shownOnce = false;
  readonly overlayIcons: unknown[] = [];

  constructor(readonly options: BrowserWindowOptions = {}) {
    super();
    const area = screen.getPrimaryDisplay().workArea;
    const width = options.width ?? 800;
    const height = options.height ?? 600;
    // Without a position the window manager centres it.
    this.bounds = {
      x: options.x ?? Math.round(area.x + (area.width - width) / 2),
      y: options.y ?? Math.round(area.y + (area.height - height) / 2),
      width,
      height,
    };
    this.visible = options.show !== false;
    this.focused = this.visible;
    this.webContents = new WebContents(options.webPreferences ?? {});
    BrowserWindow.open.add(this);
    app.emit('web-contents-created', preventableEvent(), this.webContents);
  }

  async loadURL(url: string) {
    await this.webContents.loadURL(url);
    if (!this.shownOnce) {
      this.shownOnce = true;
      this.emit('ready-to-show');
    }
  }

  loadFile = (file: string) => this.loadURL(pathToFileURL(resolve(file)).href);

  isDestroyed = () => this.destroyed;
  isVisible = () => this.visible;
  isFocused = () => this.focused;
  isMinimized = () => this.minimized;
  isMaximized = () => this.maximized;
  isFullScreen = () => false;
  getBounds = (): Rect => (this.maximized ? screen.getPrimaryDisplay().workArea : { ...this.bounds });
  getNormalBounds = (): Rect => ({ ...this.bounds });

  show() {
    this.visible = true;
    this.focus();
    this.emit('show');
  }
  hide() {
    this.visible = false;
    this.focused = false;
    this.emit('hide');
  }
  focus() {
    this.focused = true;
    this.emit('focus');
  }
  minimize() {
    this.minimized = true;
    this.focused = false;
    this.emit('minimize');
  }
  restore() {
    this.minimized = false;
    this.emit('restore');
  }
  maximize() {
    if (this.maximized) return;
    this.maximized = true;
    this.emit('maximize');
    this.emit('resize');
  }
  unmaximize() {
    if (!this.maximized) return;
    this.maximized = false;
    this.emit('unmaximize');
    this.emit('resize');
  }
  setBounds(b: Partial<Rect>) {
    const moved = (b.x !== undefined && b.x !== this.bounds.x) || (b.y !== undefined && b.y !== this.bounds.y);
    this.bounds = { ...this.bounds, ...b };
    if (moved) this.emit('move');
    this.emit('resize');
  }
  setOverlayIcon(image: unknown, description: string) {
    this.overlayIcons.push({ image, description });
  }

  close() {
    if (this.destroyed) return;
    const event = preventableEvent();
    this.emit('close', event);
    if (!event.defaultPrevented) this.destroy();
  }

  destroy() {
    if (this.destroyed) return;
    this.destroyed = true;
    this.visible = false;
    BrowserWindow.open.delete(this);
    this.webContents.destroy();
    this.emit('closed');
    if (BrowserWindow.open.size === 0) app.lastWindowClosed();
  }
}
