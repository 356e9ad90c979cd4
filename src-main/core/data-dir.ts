// Where Besked keeps its data when no folder is given: the same per-user folder Electron's userData uses.
import { homedir } from 'node:os';
import { join } from 'node:path';

export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  const home = homedir();
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'Besked');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Besked');
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), 'Besked');
}
