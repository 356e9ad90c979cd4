// electron-builder.yml checked with electron-builder's own schema and validator, plus the choices the
// installers depend on (targets, unpacked native modules, icons, what a deb requires).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');
const require = createRequire(import.meta.url);
// The YAML parser, schema validator and glob matcher electron-builder itself uses, so the test reads the
// file exactly as the packager will.
const builderRequire = createRequire(require.resolve('app-builder-lib/package.json'));
const yaml = builderRequire('js-yaml') as { load(text: string): unknown };
const Ajv = builderRequire('ajv') as new (opts: object) => { validate(schema: object, data: unknown): boolean; errors?: unknown[] | null };
const { minimatch } = builderRequire('minimatch') as { minimatch(path: string, pattern: string, opts?: object): boolean };
const { validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
  validateConfiguration(config: unknown, debugLogger: { isEnabled: boolean; add(): void }): Promise<void>;
};
const scheme = require('app-builder-lib/scheme.json') as object;

type Config = Record<string, unknown> & {
  files: string[];
  asarUnpack: string[];
  directories: { output: string; buildResources: string };
  linux: { target: string[]; icon: string; maintainer: string; executableName: string };
  win: { target: string[]; icon: string };
  mac: { target: string[]; icon: string };
};
const config = yaml.load(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as Config;
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
const debug = { isEnabled: false, add: () => {} };

const schemaErrors = (cfg: unknown) => {
  const ajv = new Ajv({ allErrors: true });
  return ajv.validate(scheme, cfg) ? [] : (ajv.errors ?? ['invalid']);
};

describe('electron-builder.yml', () => {
  it('is valid against electron-builder\'s JSON schema', () => {
    expect(schemaErrors(config)).toEqual([]);
  });

  it('passes the validation electron-builder runs before packaging', async () => {
    await expect(validateConfiguration(structuredClone(config), debug)).resolves.toBeUndefined();
  });

  it.each([
    ['an unknown top-level option', { ...config, bogus: true }],
    ['a target without a name', { ...config, linux: { ...config.linux, target: [{ arch: ['x64'] }] } }],
    ['an option in the wrong place', { ...config, nsis: { title: 'x' } }],
  ])('would catch %s', async (_what, broken) => {
    expect(schemaErrors(broken)).not.toEqual([]);
    await expect(validateConfiguration(broken, debug)).rejects.toThrow();
  });

  it('builds AppImage and deb, an NSIS setup and a dmg', () => {
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.win.target).toEqual(['nsis']);
    expect(config.mac.target).toEqual(['dmg']);
  });

  it('names the app once, and takes the version from package.json', () => {
    expect(config.appId).toBe('dk.besked.app');
    expect(config.productName).toBe(pkg.productName);
    for (const key of ['version', 'buildVersion', 'extraMetadata']) expect(config).not.toHaveProperty(key);
    expect(pkg.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('packs the electron-vite output and the entry package.json points into it', () => {
    expect(config.files).toEqual(expect.arrayContaining(['out/**', 'package.json']));
    expect(String(pkg.main)).toMatch(/^out\/main\//);
    expect(config.directories.output).toBe('dist');
  });

  it.each([
    'node_modules/better-sqlite3/build/Release/better_sqlite3.node',
    'node_modules/@napi-rs/keyring-linux-x64-gnu/keyring.linux-x64-gnu.node',
    'node_modules/@napi-rs/keyring-win32-x64-msvc/keyring.win32-x64-msvc.node',
    'node_modules/@napi-rs/keyring-darwin-arm64/keyring.darwin-arm64.node',
  ])('keeps %s out of the asar', (file) => {
    expect(config.asar).toBe(true);
    expect(config.asarUnpack.some((p) => minimatch(file, p, { dot: true }))).toBe(true);
  });

  // Production node_modules are packed unless a "!" pattern in `files` drops them.
  const dropped = (file: string) => config.files.some((p) => p.startsWith('!') && minimatch(file, p.slice(1), { dot: true }));
  it.each([
    ['node_modules/better-sqlite3/build/Release/better_sqlite3.node', false],
    ['node_modules/better-sqlite3/lib/index.js', false],
    ['node_modules/better-sqlite3/package.json', false],
    ['node_modules/@napi-rs/keyring-linux-x64-gnu/keyring.linux-x64-gnu.node', false],
    ['node_modules/better-sqlite3/deps/sqlite3/sqlite3.c', true],
    ['node_modules/better-sqlite3/src/better_sqlite3.cpp', true],
    ['node_modules/better-sqlite3/build/Release/obj.target/better_sqlite3/src/better_sqlite3.o', true],
    ['node_modules/better-sqlite3/build/Release/sqlite3.a', true],
    ['node_modules/better-sqlite3/build/Release/test_extension.node', true],
    ['out/renderer/assets/index-DksJe_eS.js', false],
    ['out/renderer/assets/index-DksJe_eS.js.br', true],
    ['out/renderer/index.html.gz', true],
  ])('packs %s: dropped %s', (file, isDropped) => {
    expect(dropped(file)).toBe(isDropped);
  });

  it('does not unpack the app code itself', () => {
    expect(config.asarUnpack.some((p) => minimatch('out/main/index.js', p, { dot: true }))).toBe(false);
  });

  it('gives the deb what fpm refuses to build without: a maintainer with an address and a homepage', () => {
    expect(config.linux.maintainer).toMatch(/^.+ <[^@\s]+@[^@\s]+>$/);
    expect(String(pkg.homepage)).toMatch(/^https:\/\//);
    expect(config.linux.executableName).toMatch(/^[a-z0-9-]+$/);
  });

  it('uses icons from resources/', () => {
    expect(config.directories.buildResources).toBe('resources');
    expect(config.linux.icon).toBe('resources/icons');
    expect(config.win.icon).toBe('resources/icon.ico');
    expect(config.mac.icon).toBe('resources/icon.icns');
  });
});
