// The double of Electron's Tray: an icon with a tooltip and a context menu, until destroyed.
import { EventEmitter } from 'node:events';
import type { Menu } from './menu';

export class Tray extends EventEmitter {
  static readonly all = new Set<Tray>();
  tooltip = '';
  contextMenu: Menu | null = null;
  private destroyed = false;

  constructor(readonly image: unknown) {
    super();
    Tray.all.add(this);
  }

  setToolTip(text: string) {
    this.tooltip = text;
  }
  setContextMenu(menu: Menu | null) {
    this.contextMenu = menu;
  }
  isDestroyed = () => this.destroyed;
  destroy() {
    this.destroyed = true;
    Tray.all.delete(this);
  }
}
