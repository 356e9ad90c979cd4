// Start at login: macOS and Windows through Electron's login items; Linux, where Electron has none,
// through an XDG autostart entry (~/.config/autostart/besked.desktop) that desktop environments run.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export type LoginItemPlan =
  | { kind: 'login-item'; openAtLogin: boolean }
  | { kind: 'autostart-file'; path: string; content: string | null }
  | { kind: 'unsupported' };

export interface LoginItemEnv {
  execPath: string;
  /** Set by the AppImage runtime: the .AppImage file, which stays put while execPath is a temporary mount. */
  appImage?: string | undefined;
  home: string;
  xdgConfigHome?: string | undefined;
}

/** Quotes an Exec value per the Desktop Entry spec: in double quotes, with " ` $ \ escaped. */
export function desktopExecQuote(path: string): string {
  return `"${path.replace(/(["`$\\])/g, '\\$1')}"`;
}

export function autostartEntry(exec: string): string {
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Besked',
    'Comment=Text your customers through an SMS gateway',
    `Exec=${desktopExecQuote(exec)}`,
    'Icon=besked',
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}

export function loginItemPlan(platform: NodeJS.Platform, enabled: boolean, env: LoginItemEnv): LoginItemPlan {
  if (platform === 'darwin' || platform === 'win32') return { kind: 'login-item', openAtLogin: enabled };
  if (platform === 'linux') {
    const configHome = env.xdgConfigHome?.startsWith('/') ? env.xdgConfigHome : join(env.home, '.config');
    const path = join(configHome, 'autostart', 'besked.desktop');
    return { kind: 'autostart-file', path, content: enabled ? autostartEntry(env.appImage || env.execPath) : null };
  }
  return { kind: 'unsupported' };
}

export function applyLoginItem(plan: LoginItemPlan, setLoginItemSettings: (s: { openAtLogin: boolean }) => void): void {
  if (plan.kind === 'login-item') {
    setLoginItemSettings({ openAtLogin: plan.openAtLogin });
  } else if (plan.kind === 'autostart-file') {
    if (plan.content === null) {
      rmSync(plan.path, { force: true });
    } else {
      mkdirSync(dirname(plan.path), { recursive: true });
      writeFileSync(plan.path, plan.content);
    }
  }
}
