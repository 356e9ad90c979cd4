// Smaller desktop habits: which page the window loads, bringing it to the front, which settings changed.
import { describe, expect, it } from 'vitest';
import { rendererTarget } from '../../../src-main/shell/renderer-target';
import { bringToFront, type FocusableWindow } from '../../../src-main/shell/window-focus';
import { desktopSettingsChanges } from '../../../src-main/shell/desktop-settings';

describe('rendererTarget', () => {
  const rendererFile = '/app/out/renderer/index.html';

  it('loads the built page from disk in an installed app, even if a dev server URL is set', () => {
    expect(rendererTarget({ packaged: true, devServerUrl: 'http://localhost:5173', rendererFile })).toEqual({
      kind: 'file',
      file: rendererFile,
      appUrl: 'file:///app/out/renderer/index.html',
    });
  });

  it.each(['http://localhost:5173', 'http://127.0.0.1:5173/', 'http://[::1]:5173'])('uses the dev server %s while developing', (url) => {
    const t = rendererTarget({ packaged: false, devServerUrl: url, rendererFile });
    expect(t.kind).toBe('url');
    expect(t.appUrl).toBe(new URL(url).href);
  });

  it.each([undefined, '', 'https://evil.example', 'http://192.168.1.5:5173', 'http://localhost:5173/../x', 'file:///etc/passwd'])(
    'ignores a dev server URL %j that is not loopback http',
    (url) => {
      expect(rendererTarget({ packaged: false, devServerUrl: url, rendererFile }).kind).toBe('file');
    },
  );
});

describe('bringToFront', () => {
  function fakeWindow(state: { destroyed?: boolean; minimized?: boolean; visible?: boolean }) {
    const calls: string[] = [];
    const w: FocusableWindow = {
      isDestroyed: () => state.destroyed ?? false,
      isMinimized: () => state.minimized ?? false,
      isVisible: () => state.visible ?? true,
      restore: () => calls.push('restore'),
      show: () => calls.push('show'),
      focus: () => calls.push('focus'),
    };
    return { w, calls };
  }

  it.each([
    [{}, ['focus']],
    [{ minimized: true }, ['restore', 'focus']],
    [{ visible: false }, ['show', 'focus']],
    [{ minimized: true, visible: false }, ['restore', 'show', 'focus']],
  ])('a window %j gets %j', (state, expected) => {
    const { w, calls } = fakeWindow(state);
    expect(bringToFront(w)).toBe(true);
    expect(calls).toEqual(expected);
  });

  it('leaves a destroyed or missing window alone', () => {
    const { w, calls } = fakeWindow({ destroyed: true });
    expect(bringToFront(w)).toBe(false);
    expect(bringToFront(null)).toBe(false);
    expect(calls).toEqual([]);
  });
});

describe('desktopSettingsChanges', () => {
  const base = { closeToTray: false, startAtLogin: false, language: 'system' } as const;

  it.each([
    ['at start, with start at login off', null, base, { closeToTray: false, language: 'system' }],
    ['at start, with start at login on', null, { ...base, startAtLogin: true }, { closeToTray: false, startAtLogin: true, language: 'system' }],
    ['when nothing of the shell changed', base, base, {}],
    ['when close to tray is switched on', base, { ...base, closeToTray: true }, { closeToTray: true }],
    ['when start at login is switched off', { ...base, startAtLogin: true }, base, { startAtLogin: false }],
    ['when the language changes', base, { ...base, language: 'da' }, { language: 'da' }],
  ] as const)('%s', (_what, prev, next, expected) => {
    expect(desktopSettingsChanges(prev, next)).toEqual(expected);
  });
});
