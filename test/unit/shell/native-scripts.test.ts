// Every npm script that runs Electron or packages it switches better-sqlite3 to the Electron build first;
// every script that runs under Node switches it back first. scripts/native.mjs does the switch.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

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
