// Which settings the shell acts on, and which of them a settings change touched, so a change of theme
// does not rewrite the login item and a change of language rebuilds the menu once.
import type { Settings } from '../../src-shared/contract';

export type DesktopSettings = Pick<Settings, 'closeToTray' | 'startAtLogin' | 'language'>;

/**
 * The desktop settings to apply. At start (no previous settings) everything is applied, except that a
 * login item is only asserted when it is on: Besked does not remove, on every launch, an entry the user
 * made in the OS's own settings; switching it off in Besked's Settings does.
 */
export function desktopSettingsChanges(prev: DesktopSettings | null, next: DesktopSettings): Partial<DesktopSettings> {
  const out: Partial<DesktopSettings> = {};
  if (!prev || prev.closeToTray !== next.closeToTray) out.closeToTray = next.closeToTray;
  if (prev ? prev.startAtLogin !== next.startAtLogin : next.startAtLogin) out.startAtLogin = next.startAtLogin;
  if (!prev || prev.language !== next.language) out.language = next.language;
  return out;
}
