// Desktop notifications for new replies: a click brings Besked to the front at that conversation.
// Electron's Notification is passed in, so this runs (and is tested) without Electron.
import type { AppCommand } from '../../src-shared/contract';

export interface ReplyNotification {
  title: string;
  body: string;
  /** The customer's number (MSISDN) whose conversation a click opens. */
  conversation: string;
}

/** The slice of Electron's Notification used here. */
export interface NotificationLike {
  on(event: 'click' | 'close', listener: () => void): unknown;
  show(): void;
}
export type NotificationFactory = (opts: { title: string; body: string; silent: boolean }) => NotificationLike;

/** Notification centres cut long texts anyway; a bounded body keeps a pasted novel out of the OS's queue. */
export const MAX_BODY = 240;

export function notificationContent(n: ReplyNotification): { title: string; body: string } {
  const body = n.body.replace(/\s+/g, ' ').trim();
  return { title: n.title.trim() || n.conversation, body: body.length > MAX_BODY ? `${body.slice(0, MAX_BODY - 1)}…` : body };
}

/** A reply the user is already looking at (window shown and focused) needs no notification. */
export function shouldNotify(win: { visible: boolean; focused: boolean } | null): boolean {
  return !win || !win.visible || !win.focused;
}

export function notificationClickCommand(n: ReplyNotification): AppCommand {
  return { command: 'open-conversation', arg: n.conversation };
}

export function createNotifier(deps: {
  supported(): boolean;
  create: NotificationFactory;
  focusWindow(): void;
  command(cmd: AppCommand): void;
}): (n: ReplyNotification) => boolean {
  // Electron drops a notification that is garbage-collected before it is clicked; keep each until clicked.
  const live = new Set<NotificationLike>();
  return (n) => {
    if (!deps.supported()) return false;
    const note = deps.create({ ...notificationContent(n), silent: false });
    live.add(note);
    note.on('click', () => {
      live.delete(note);
      deps.focusWindow();
      deps.command(notificationClickCommand(n));
    });
    note.on('close', () => live.delete(note));
    note.show();
    // Forget unclicked notifications after a day so the set cannot grow without bound.
    setTimeout(() => live.delete(note), 24 * 60 * 60 * 1000).unref?.();
    return true;
  };
}
