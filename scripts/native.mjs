// Keeps better-sqlite3's native build right for whoever runs next: `node` (tests, web mode, bench) or
// `electron` (npm start, dist). Each ABI's build is cached in .native-cache/, so switching back and forth
// is a copy, not a 2-minute compile, and no order of `npm test` and `npm start` needs a manual step.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const target = process.argv[2];
const binary = join(root, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');
const cacheFor = (tag) => join(root, '.native-cache', tag, 'better_sqlite3.node');
const nodeTag = `node-${process.versions.modules}-${process.platform}-${process.arch}`;

function loadsInNode() {
  const r = spawnSync(process.execPath, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], { cwd: root, stdio: 'ignore' });
  return r.status === 0;
}

function save(tag) {
  mkdirSync(dirname(cacheFor(tag)), { recursive: true });
  copyFileSync(binary, cacheFor(tag));
}

function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (target === 'node') {
  if (existsSync(binary) && loadsInNode()) {
    save(nodeTag);
  } else {
    if (existsSync(cacheFor(nodeTag))) copyFileSync(cacheFor(nodeTag), binary);
    if (!loadsInNode()) {
      console.error('Rebuilding better-sqlite3 for Node…');
      run('npm', ['rebuild', 'better-sqlite3']);
      save(nodeTag);
    }
  }
} else if (target === 'electron') {
  if (existsSync(binary) && loadsInNode()) save(nodeTag);
  // Electron's binary is not downloaded at install time (allowScripts in package.json): fetch it now.
  const electronDir = join(root, 'node_modules', 'electron');
  if (!existsSync(join(electronDir, 'path.txt'))) run(process.execPath, [join(electronDir, 'install.js')]);
  const electronVersion = JSON.parse(readFileSync(join(electronDir, 'package.json'), 'utf8')).version;
  const tag = `electron-${electronVersion}-${process.platform}-${process.arch}`;
  if (existsSync(cacheFor(tag))) {
    copyFileSync(cacheFor(tag), binary);
  } else {
    const rebuild = require.resolve('@electron/rebuild/lib/cli.js');
    execFileSync(process.execPath, [rebuild, '-f', '-w', 'better-sqlite3', '-v', electronVersion], { cwd: root, stdio: 'inherit' });
    save(tag);
  }
} else {
  console.error('usage: node scripts/native.mjs node|electron');
  process.exit(2);
}
