// The double of Electron's Notification: supported, shown, clicked.
import { EventEmitter } from 'node:events';

export class Notification extends EventEmitter {
  static readonly shown: Notification[] = [];
  static isSupported = () => true;

  constructor(readonly options: { title?: string; body?: string; icon?: unknown; [key: string]: unknown } = {}) {
    super();
  }

  show() {
    Notification.shown.push(this);
    this.emit('show');
  }
  close() {
    this.emit('close');
  }
}
