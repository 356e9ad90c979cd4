// Every npm script that runs Electron or packages it switches better-sqlite3 to the Electron build first;
// every script that runs under Node switches it back first. scripts/native.mjs does the switch, with the
// order of attempts from scripts/native-plan.mjs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildAttempts, cacheTag } from '../../../scripts/native-plan.mjs';

const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', 'package.json'), 'utf8')) as { scripts: Record<string, string> };

describe('npm scripts and native modules', () => {
  it.each(['start', 'dev', 'dist', 'dist:linux', 'dist:win', 'dist:mac'])('%s starts with the Electron build', (name) => {
    expect(pkg.scripts[name]).toMatch(/^node scripts\/native\.mjs electron && /);
  });

  it.each(['test', 'web', 'bench'])('%s starts with the Node build', (name) => {
    expect(pkg.scripts[name]).toMatch(/^node scripts\/native\.mjs node && /);
  });

  it.each([
    ['dist', /electron-builder$/],
    ['dist:linux', /electron-builder --linux$/],
    ['dist:win', /electron-builder --win$/],
    ['dist:mac', /electron-builder --mac$/],
  ])('%s builds the app before packaging it', (name, packager) => {
    expect(pkg.scripts[name]).toMatch(/electron-vite(\.js)? build && electron-builder/);
    expect(pkg.scripts[name]).toMatch(packager);
  });
});

describe('where a better-sqlite3 build comes from (scripts/native-plan.mjs)', () => {
  const runtime = { nodeAbi: '115', electronVersion: '41.7.1', platform: 'win32', arch: 'arm64' };
  const paths = {
    execPath: '/usr/bin/node',
    prebuildInstall: '/p/node_modules/prebuild-install/bin.js',
    electronRebuild: '/p/node_modules/@electron/rebuild/lib/cli.js',
    moduleDir: '/p/node_modules/better-sqlite3',
    root: '/p',
  };

  it.each([
    ['node', runtime, 'node-115-win32-arm64'],
    ['node', { ...runtime, nodeAbi: '127', platform: 'linux', arch: 'x64' }, 'node-127-linux-x64'],
    ['electron', runtime, 'electron-41.7.1-win32-arm64'],
    ['electron', { ...runtime, electronVersion: '42.0.0', platform: 'darwin' }, 'electron-42.0.0-darwin-arm64'],
  ] as const)('caches the %s build of %j as %s', (target, r, tag) => {
    expect(cacheTag(target, r)).toBe(tag);
  });

  it.each([
    ['electron, cached', 'electron', true, ['cache', 'prebuilt', 'compile']],
    ['electron, not cached', 'electron', false, ['prebuilt', 'compile']],
    ['node, cached', 'node', true, ['cache', 'compile']],
    ['node, not cached', 'node', false, ['compile']],
  ] as const)('%s: tries %j in that order', (_what, target, cached, kinds) => {
    expect(buildAttempts(target, { ...runtime, ...paths, cached }).map((a) => a.kind)).toEqual(kinds);
  });

  it('asks prebuild-install, in better-sqlite3, for the binary of this Electron, platform and CPU', () => {
    const prebuilt = buildAttempts('electron', { ...runtime, ...paths, cached: false })[0];
    expect(prebuilt).toEqual({
      kind: 'prebuilt',
      command: '/usr/bin/node',
      args: ['/p/node_modules/prebuild-install/bin.js', '--runtime', 'electron', '--target', '41.7.1', '--arch', 'arm64', '--platform', 'win32'],
      cwd: '/p/node_modules/better-sqlite3',
    });
  });

  it('falls back to compiling with @electron/rebuild, which is told not to try a download again', () => {
    const compile = buildAttempts('electron', { ...runtime, ...paths, cached: false })[1];
    expect(compile).toEqual({
      kind: 'compile',
      command: '/usr/bin/node',
      args: ['/p/node_modules/@electron/rebuild/lib/cli.js', '--force', '--which-module', 'better-sqlite3', '--version', '41.7.1', '--arch', 'arm64', '--build-from-source'],
      cwd: '/p',
    });
  });

  it.each([true, false])('never downloads for the Node target (cached: %s)', (cached) => {
    const attempts = buildAttempts('node', { ...runtime, ...paths, cached });
    expect(attempts.some((a) => a.kind === 'prebuilt')).toBe(false);
    for (const a of attempts) {
      if (a.kind === 'cache') continue;
      expect(a).toEqual({ kind: 'compile', command: 'npm', args: ['rebuild', 'better-sqlite3', '--build-from-source'], cwd: '/p' });
      expect(a.args.join(' ')).not.toMatch(/prebuild-install|electron/);
    }
  });
});
