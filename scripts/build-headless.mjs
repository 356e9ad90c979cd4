// The headless entries (web mode, the team server) bundled beside their worker threads in out/headless/, for the E2E
// tests: a bundle starts in half the time the sources take through tsx (about 1.2 s against 2.5, a third of the CPU),
// and the E2E files start web mode or a server some forty times. `npm run web` and `npm run server` keep running from
// source; the code is the same, only how it is loaded differs.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'out', 'headless');
rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: {
    web: 'src-main/web.ts',
    server: 'src-main/server.ts',
    // Named as core/core-thread.ts looks for them beside the bundle that starts them (as in out/main).
    'backup-worker': 'src-main/core/backup/backup-worker.ts',
    'import-worker': 'src-main/core/contacts/import/apply-worker.ts',
  },
  outdir,
  bundle: true,
  // One file per entry: the core finds its threads beside the module that starts them (import.meta.url), which in a
  // shared chunk would be chunks/.
  splitting: false,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // node_modules are loaded as installed, as the sources load them.
  packages: 'external',
  logLevel: 'warning',
});
