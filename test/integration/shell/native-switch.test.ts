// scripts/native.mjs in a throw-away copy of the project: `npm test` after `npm start` (or after packaging)
// gets the Node build of better-sqlite3 back, and `npm start` after `npm test` gets the Electron build,
// each from the cache, with no manual step and without touching this checkout's node_modules.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');
const realBinary = readFileSync(join(root, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'));
const nodeTag = `node-${process.versions.modules}-${process.platform}-${process.arch}`;
const electronVersion = '41.7.1';
const electronTag = `electron-${electronVersion}-${process.platform}-${process.arch}`;
/** What an Electron build looks like to Node: a file that is not a loadable addon for this ABI. */
const electronBuild = Buffer.from('not a Node addon: stands in for the Electron-ABI build');

let project = '';
const binary = () => join(project, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node');
const cached = (tag: string) => join(project, '.native-cache', tag, 'better_sqlite3.node');

function put(file: string, content: Buffer | string) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
}

function native(target: string, env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [join(project, 'scripts/native.mjs'), target], { cwd: project, encoding: 'utf8', env: { ...process.env, ...env } });
}

/**
 * Stand-ins for prebuild-install and @electron/rebuild (no download or compile here): each logs how it was
 * called to tools.log; prebuild-install fails when FAKE_PREBUILT=none (no prebuilt binary for this Electron).
 */
function fakeTools() {
  const tool = (name: string, fails: string) => `const fs = require('fs'), path = require('path');
fs.appendFileSync(${JSON.stringify(join(project, 'tools.log'))}, JSON.stringify({ tool: ${JSON.stringify(name)}, cwd: process.cwd(), args: process.argv.slice(2) }) + '\\n');
if (${fails}) process.exit(1);
fs.writeFileSync(${JSON.stringify(binary())}, ${JSON.stringify(`${name} build`)});`;
  put(join(project, 'node_modules/prebuild-install/bin.js'), tool('prebuild-install', "process.env.FAKE_PREBUILT === 'none'"));
  put(join(project, 'node_modules/@electron/rebuild/lib/cli.js'), tool('electron-rebuild', 'false'));
}
const toolsLog = () =>
  readFileSync(join(project, 'tools.log'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { tool: string; cwd: string; args: string[] });

function loadsInNode(): boolean {
  const r = spawnSync(process.execPath, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], { cwd: project });
  return r.status === 0;
}

beforeEach(() => {
  project = mkdtempSync(join(tmpdir(), 'besked-native-'));
  for (const script of ['native.mjs', 'native-plan.mjs']) cpSync(join(root, 'scripts', script), join(project, 'scripts', script));
  const bs = join(root, 'node_modules/better-sqlite3');
  cpSync(join(bs, 'package.json'), join(project, 'node_modules/better-sqlite3/package.json'));
  cpSync(join(bs, 'lib'), join(project, 'node_modules/better-sqlite3/lib'), { recursive: true });
  for (const dep of ['bindings', 'file-uri-to-path']) cpSync(join(root, 'node_modules', dep), join(project, 'node_modules', dep), { recursive: true });
  put(binary(), realBinary);
  // Electron's package as installed with its binary already downloaded (path.txt), so no download is tried.
  put(join(project, 'node_modules/electron/package.json'), JSON.stringify({ name: 'electron', version: electronVersion }));
  put(join(project, 'node_modules/electron/path.txt'), 'electron');
});

describe('switching better-sqlite3 between Node and Electron', () => {
  it('npm test after npm start: restores the Node build from the cache', () => {
    put(binary(), electronBuild);
    put(cached(nodeTag), realBinary);
    expect(loadsInNode()).toBe(false);
    const r = native('node');
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(binary()).equals(realBinary)).toBe(true);
    expect(loadsInNode()).toBe(true);
  });

  it('npm start after npm test: keeps the Node build in the cache, then installs the Electron build', () => {
    put(cached(electronTag), electronBuild);
    const r = native('electron');
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(binary()).equals(electronBuild)).toBe(true);
    expect(readFileSync(cached(nodeTag)).equals(realBinary)).toBe(true);
  });

  it('goes back and forth any number of times without a rebuild', () => {
    put(cached(electronTag), electronBuild);
    for (let i = 0; i < 2; i++) {
      expect(native('electron').status).toBe(0);
      expect(loadsInNode()).toBe(false);
      expect(native('node').status).toBe(0);
      expect(loadsInNode()).toBe(true);
    }
  });

  it('leaves a working Node build alone and caches it', () => {
    const r = native('node');
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(binary()).equals(realBinary)).toBe(true);
    expect(readFileSync(cached(nodeTag)).equals(realBinary)).toBe(true);
  });

  it('npm start with no Electron build cached: installs the prebuilt binary for this Electron and caches it', () => {
    fakeTools();
    const r = native('electron');
    expect(r.status, r.stderr).toBe(0);
    expect(toolsLog()).toEqual([
      {
        tool: 'prebuild-install',
        cwd: join(project, 'node_modules/better-sqlite3'),
        args: ['--runtime', 'electron', '--target', electronVersion, '--arch', process.arch, '--platform', process.platform],
      },
    ]);
    expect(readFileSync(binary(), 'utf8')).toBe('prebuild-install build');
    expect(readFileSync(cached(electronTag), 'utf8')).toBe('prebuild-install build');
    expect(readFileSync(cached(nodeTag)).equals(realBinary)).toBe(true);
  });

  it('npm start where no prebuilt binary can be had: compiles with @electron/rebuild instead', () => {
    fakeTools();
    const r = native('electron', { FAKE_PREBUILT: 'none' });
    expect(r.status, r.stderr).toBe(0);
    expect(toolsLog().map((t) => t.tool)).toEqual(['prebuild-install', 'electron-rebuild']);
    expect(toolsLog()[1]).toEqual({
      tool: 'electron-rebuild',
      cwd: project,
      args: ['--force', '--which-module', 'better-sqlite3', '--version', electronVersion, '--arch', process.arch, '--build-from-source'],
    });
    expect(readFileSync(cached(electronTag), 'utf8')).toBe('electron-rebuild build');
  });

  it('refuses an unknown target', () => {
    const r = native('browser');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/usage/);
  });
});
