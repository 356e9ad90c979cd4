// Start at login: Electron's login items on macOS and Windows, an XDG autostart entry on Linux.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { applyLoginItem, autostartEntry, desktopExecQuote, loginItemPlan } from '../../../src-main/shell/login-item';

const env = { execPath: '/opt/Besked/besked', home: '/home/ann' };

describe('loginItemPlan', () => {
  it.each([
    ['darwin', true],
    ['darwin', false],
    ['win32', true],
    ['win32', false],
  ] as const)('uses a login item on %s (on: %s)', (platform, on) => {
    expect(loginItemPlan(platform, on, env)).toEqual({ kind: 'login-item', openAtLogin: on });
  });

  it('writes an autostart entry for the installed binary on Linux', () => {
    const plan = loginItemPlan('linux', true, env);
    expect(plan).toEqual({ kind: 'autostart-file', path: '/home/ann/.config/autostart/besked.desktop', content: autostartEntry('/opt/Besked/besked') });
  });

  it('starts the .AppImage file itself, not its temporary mount', () => {
    const plan = loginItemPlan('linux', true, { ...env, execPath: '/tmp/.mount_BeskedX/besked', appImage: '/home/ann/Apps/Besked.AppImage' });
    expect(plan.kind === 'autostart-file' && plan.content).toContain('Exec="/home/ann/Apps/Besked.AppImage"');
  });

  it.each([
    ['/home/ann/.cfg', '/home/ann/.cfg/autostart/besked.desktop'],
    ['relative/path', '/home/ann/.config/autostart/besked.desktop'],
    ['', '/home/ann/.config/autostart/besked.desktop'],
  ])('honours XDG_CONFIG_HOME=%j only when absolute (as the spec says)', (xdg, path) => {
    expect(loginItemPlan('linux', true, { ...env, xdgConfigHome: xdg })).toMatchObject({ path });
  });

  it('removes the entry when switched off on Linux', () => {
    expect(loginItemPlan('linux', false, env)).toMatchObject({ kind: 'autostart-file', content: null });
  });

  it('does nothing elsewhere', () => {
    expect(loginItemPlan('freebsd', true, env)).toEqual({ kind: 'unsupported' });
  });
});

describe('the autostart entry', () => {
  it.each([
    ['/opt/Besked/besked', '"/opt/Besked/besked"'],
    ['/home/ann/My Apps/Besked.AppImage', '"/home/ann/My Apps/Besked.AppImage"'],
    ['/x/$HOME/"q"/`b`/back\\slash', '"/x/\\$HOME/\\"q\\"/\\`b\\`/back\\\\slash"'],
  ])('quotes %s as %s', (path, quoted) => {
    expect(desktopExecQuote(path)).toBe(quoted);
  });

  it('is a valid desktop entry', () => {
    const lines = autostartEntry('/opt/Besked/besked').trim().split('\n');
    expect(lines[0]).toBe('[Desktop Entry]');
    expect(lines).toEqual(expect.arrayContaining(['Type=Application', 'Name=Besked', 'Exec="/opt/Besked/besked"']));
    for (const l of lines.slice(1)) expect(l).toMatch(/^[A-Za-z-]+=\S/);
  });
});

describe('applyLoginItem', () => {
  it('passes the login item to Electron', () => {
    const set = vi.fn();
    applyLoginItem({ kind: 'login-item', openAtLogin: true }, set);
    expect(set).toHaveBeenCalledWith({ openAtLogin: true });
  });

  it('creates and removes the autostart file', () => {
    const home = mkdtempSync(join(tmpdir(), 'besked-home-'));
    const set = vi.fn();
    const on = loginItemPlan('linux', true, { ...env, home });
    applyLoginItem(on, set);
    const file = join(home, '.config', 'autostart', 'besked.desktop');
    expect(readFileSync(file, 'utf8')).toBe(autostartEntry(env.execPath));
    applyLoginItem(loginItemPlan('linux', false, { ...env, home }), set);
    expect(existsSync(file)).toBe(false);
    // Switching off twice is not an error.
    expect(() => applyLoginItem(loginItemPlan('linux', false, { ...env, home }), set)).not.toThrow();
    expect(set).not.toHaveBeenCalled();
  });
});
