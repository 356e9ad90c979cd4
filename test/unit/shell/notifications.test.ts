// Reply notifications: content, when to show them, and a click that opens the conversation.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  MAX_BODY,
  createNotifier,
  notificationClickCommand,
  notificationContent,
  shouldNotify,
  type NotificationLike,
} from '../../../src-main/shell/notifications';

class FakeNotification implements NotificationLike {
  static made: FakeNotification[] = [];
  handlers = new Map<string, () => void>();
  shown = false;
  constructor(readonly opts: { title: string; body: string; silent: boolean }) {
    FakeNotification.made.push(this);
  }
  on(event: 'click' | 'close', listener: () => void) {
    this.handlers.set(event, listener);
    return this;
  }
  show() {
    this.shown = true;
  }
}

const reply = { title: 'Anna Jensen', body: 'Yes,   see you\n at 10', conversation: '4512345678' };

describe('notification content', () => {
  it('collapses whitespace and keeps short texts whole', () => {
    expect(notificationContent(reply)).toEqual({ title: 'Anna Jensen', body: 'Yes, see you at 10' });
  });

  it('cuts a long text to a bounded length with an ellipsis', () => {
    const { body } = notificationContent({ ...reply, body: 'x'.repeat(5000) });
    expect(body).toHaveLength(MAX_BODY);
    expect(body.endsWith('…')).toBe(true);
  });

  it('titles an unnamed sender by number', () => {
    expect(notificationContent({ ...reply, title: '  ' }).title).toBe('4512345678');
  });

  it('opens the conversation of the number on click', () => {
    expect(notificationClickCommand(reply)).toEqual({ command: 'open-conversation', arg: '4512345678' });
  });

  it.each([
    [null, true],
    [{ visible: false, focused: false }, true],
    [{ visible: true, focused: false }, true],
    [{ visible: true, focused: true }, false],
  ])('window %j: notify %s', (win, expected) => {
    expect(shouldNotify(win)).toBe(expected);
  });
});

describe('createNotifier', () => {
  beforeEach(() => {
    FakeNotification.made = [];
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function notifier(supported = true) {
    const focusWindow = vi.fn();
    const command = vi.fn();
    const show = createNotifier({ supported: () => supported, create: (o) => new FakeNotification(o), focusWindow, command });
    return { show, focusWindow, command };
  }

  it('shows a notification, and a click focuses the window and opens the conversation', () => {
    const { show, focusWindow, command } = notifier();
    expect(show(reply)).toBe(true);
    const n = FakeNotification.made[0]!;
    expect(n.shown).toBe(true);
    expect(n.opts).toEqual({ title: 'Anna Jensen', body: 'Yes, see you at 10', silent: false });
    expect(focusWindow).not.toHaveBeenCalled();
    n.handlers.get('click')!();
    expect(focusWindow).toHaveBeenCalledTimes(1);
    expect(command).toHaveBeenCalledWith({ command: 'open-conversation', arg: '4512345678' });
  });

  it('focuses before it navigates, so the conversation opens in a visible window', () => {
    const order: string[] = [];
    const show = createNotifier({
      supported: () => true,
      create: (o) => new FakeNotification(o),
      focusWindow: () => order.push('focus'),
      command: () => order.push('command'),
    });
    show(reply);
    FakeNotification.made[0]!.handlers.get('click')!();
    expect(order).toEqual(['focus', 'command']);
  });

  it('shows nothing where the OS has no notifications', () => {
    const { show } = notifier(false);
    expect(show(reply)).toBe(false);
    expect(FakeNotification.made).toHaveLength(0);
  });
});
