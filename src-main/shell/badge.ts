// The unread-replies badge on the dock or taskbar: a number on macOS and Linux (Unity launchers), an
// overlay dot on Windows, whose taskbar cannot show a number. `createUnreadBadge` is the one place the
// shell sets it; hook it to the inbox's unread count (see src-main/index.ts).
import type { NativeImage } from 'electron';
import { fill, type ShellStrings } from './shell-strings';

export interface BadgeState {
  /** For app.setBadgeCount: 0 removes the badge. */
  count: number;
  /** On Windows: show the overlay dot, with this description for screen readers. */
  overlay: { description: string } | null;
}

/** A non-negative whole number, whatever the caller passed. */
function sane(count: number): number {
  return Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
}

export function unreadBadge(count: number, platform: NodeJS.Platform, strings: ShellStrings): BadgeState {
  const n = sane(count);
  if (platform === 'win32') return { count: 0, overlay: n > 0 ? { description: fill(strings.badge.unread, { count: n }) } : null };
  return { count: n, overlay: null };
}

/** The parts of Electron the badge touches, so tests can stand in for them. */
export interface BadgeTargets {
  platform: NodeJS.Platform;
  setBadgeCount(count: number): void;
  /** The window whose taskbar button carries the overlay (Windows), if it exists. */
  window(): { setOverlayIcon(image: NativeImage | null, description: string): void } | null;
  overlayImage(): NativeImage;
  strings(): ShellStrings;
}

export function createUnreadBadge(targets: BadgeTargets): (count: number) => void {
  return (count) => {
    const state = unreadBadge(count, targets.platform, targets.strings());
    if (targets.platform === 'win32') {
      targets.window()?.setOverlayIcon(state.overlay ? targets.overlayImage() : null, state.overlay?.description ?? '');
    } else {
      targets.setBadgeCount(state.count);
    }
  };
}
