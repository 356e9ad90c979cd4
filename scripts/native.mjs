// Keeps better-sqlite3's native build right for whoever runs next: `node` (tests, web mode, bench) or
// `electron` (npm start, dist). Each ABI's build is cached in .native-cache/, so switching back and forth
// is a copy, not a 2-minute compile, and no order of `npm test` and `npm start` needs a manual step. A build
// not in the cache comes from native-plan.mjs's attempts: for Electron the prebuilt binary, then a compile.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { buildAttempts, cacheTag } from './native-plan.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const target = process.argv[2];
const moduleDir = join(root, 'node_modules', 'better-sqlite3');
const binary = join(moduleDir, 'build', 'Release', 'better_sqlite3.node');
const cacheFor = (tag) => join(root, '.native-cache', tag, 'better_sqlite3.node');
const runtime = { nodeAbi: process.versions.modules, electronVersion: '', platform: process.platform, arch: process.arch };

function loadsInNode() {
  const r = spawnSync(process.execPath, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], { cwd: root, stdio: 'ignore' });
  return r.status === 0;
}

function save(tag) {
  mkdirSync(dirname(cacheFor(tag)), { recursive: true });
  copyFileSync(binary, cacheFor(tag));
}

function run(cmd, args, cwd = root) {
  return spawnSync(cmd, args, { cwd, stdio: 'inherit', shell: process.platform === 'win32' }).status === 0;
}

/** A tool's path; when it is not installed, its name (so only running it fails, and says which it is). */
function toolPath(resolveFrom, id) {
  try {
    return createRequire(resolveFrom).resolve(id);
  } catch {
    return id;
  }
}

/** Tries each attempt until one gives a build that `works`; saves it to the cache. */
function install(tag, works) {
  const attempts = buildAttempts(target, {
    ...runtime,
    cached: existsSync(cacheFor(tag)),
    execPath: process.execPath,
    prebuildInstall: toolPath(join(moduleDir, 'package.json'), 'prebuild-install/bin.js'),
    electronRebuild: toolPath(import.meta.url, '@electron/rebuild/lib/cli.js'),
    moduleDir,
    root,
  });
  for (const a of attempts) {
    if (a.kind === 'cache') {
      copyFileSync(cacheFor(tag), binary);
      if (works()) return;
      continue;
    }
    if (a.kind === 'prebuilt') console.error(`Fetching the prebuilt better-sqlite3 for ${tag}…`);
    else console.error(`Compiling better-sqlite3 for ${tag}…`);
    if (run(a.command, a.args, a.cwd) && works()) {
      save(tag);
      return;
    }
  }
  console.error(`Could not get better-sqlite3 for ${tag}. A compile needs C++ build tools: see the README (Native modules).`);
  process.exit(1);
}

if (target === 'node') {
  const tag = cacheTag('node', runtime);
  if (existsSync(binary) && loadsInNode()) save(tag);
  else install(tag, loadsInNode);
} else if (target === 'electron') {
  if (existsSync(binary) && loadsInNode()) save(cacheTag('node', runtime));
  // Electron's binary is not downloaded at install time (allowScripts in package.json): fetch it now.
  const electronDir = join(root, 'node_modules', 'electron');
  if (!existsSync(join(electronDir, 'path.txt')) && !run(process.execPath, [join(electronDir, 'install.js')])) process.exit(1);
  runtime.electronVersion = JSON.parse(readFileSync(join(electronDir, 'package.json'), 'utf8')).version;
  // Node cannot load an Electron build, so that is the check that the file is one (and not the Node build left in place).
  install(cacheTag('electron', runtime), () => existsSync(binary) && !loadsInNode());
} else {
  console.error('usage: node scripts/native.mjs node|electron');
  process.exit(2);
}
