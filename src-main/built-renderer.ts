// Where the built renderer is for the modes that serve it to a browser (web mode, the team server), built once when
// missing. BESKED_RENDERER_DIR points elsewhere (the server's process test serves a one-page stand-in).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's folder: the nearest above this module with a package.json (src-main/ from source, out/headless/ bundled). */
function projectRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return resolve(from, '..');
  }
}

const root = projectRoot(dirname(fileURLToPath(import.meta.url)));

/** The folder holding index.html; builds out/renderer first when it is missing, exits the process if that fails. */
export function builtRenderer(): string {
  const given = process.env.BESKED_RENDERER_DIR;
  if (given) return resolve(given);
  const staticDir = join(root, 'out', 'renderer');
  if (!existsSync(join(staticDir, 'index.html'))) {
    process.stderr.write('Building the app once (out/renderer is missing)…\n');
    const r = spawnSync(process.execPath, [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'], {
      cwd: root,
      stdio: ['ignore', process.stderr, process.stderr],
    });
    if (r.status !== 0) {
      process.stderr.write('The build failed; see above.\n');
      process.exit(1);
    }
  }
  return staticDir;
}

/** This Besked's version, from package.json. */
export async function packageVersion(): Promise<string> {
  return (await import('../package.json', { with: { type: 'json' } })).default.version;
}
