// What the executed shell tests (test/electron, the built bundle under a double of Electron) do not see, read
// from src-main/index.ts: its menus come from buildMenuTemplate, menu commands travel as app.command, and
// every image it imports exists and ships. Its window, IPC, security policy, single instance, window state
// and quit are checked by running it.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mainWindowOptions } from '../../../src-main/shell/window-options';

const root = join(import.meta.dirname, '..', '..', '..');
const source = readFileSync(join(root, 'src-main', 'index.ts'), 'utf8');
const code = source.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
const builderRequire = createRequire(createRequire(import.meta.url).resolve('app-builder-lib/package.json'));
const yaml = builderRequire('js-yaml') as { load(text: string): unknown };
const { minimatch } = builderRequire('minimatch') as { minimatch(path: string, pattern: string, opts?: object): boolean };
const builder = yaml.load(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as { files: string[] };

/** electron-builder's `files` semantics: included by some pattern and not excluded by a later "!" one. */
function packaged(file: string): boolean {
  let included = false;
  for (const p of builder.files) {
    if (p.startsWith('!')) {
      if (minimatch(file, p.slice(1), { dot: true })) included = false;
    } else if (minimatch(file, p, { dot: true })) included = true;
  }
  return included;
}

describe('src-main/index.ts', () => {
  it('has no second kind of window anywhere (the executed tests see the one it opens at start)', () => {
    expect([...code.matchAll(/new BrowserWindow\(/g)]).toHaveLength(1);
  });

  it('builds its application menu from buildMenuTemplate and its tray menu from buildTrayMenuTemplate', () => {
    expect(code).toMatch(/Menu\.setApplicationMenu\(Menu\.buildFromTemplate\(template\)\)/);
    expect(code).toMatch(/const template = buildMenuTemplate\(/);
    expect(code).toMatch(/buildTrayMenuTemplate\(/);
    expect([...code.matchAll(/buildFromTemplate\(/g)]).toHaveLength(2);
  });

  it('tells the renderer of menu commands through the contract event app.command', () => {
    expect(code).toMatch(/host\?\.events\.emit\('app\.command', cmd\)/);
  });

  const assets = [...code.matchAll(/from '(\.\.\/resources\/[^']+)\?asset'/g)].map((m) => m[1]!);
  it('imports its images from resources/', () => {
    expect(assets.length).toBeGreaterThanOrEqual(5);
  });

  it.each(assets)('%s exists and is packed into the app', (asset) => {
    const file = resolve(root, 'src-main', asset);
    expect(existsSync(file)).toBe(true);
    expect(packaged(relative(root, file).split('\\').join('/'))).toBe(true);
  });

  it('ships no source maps, SVG sources or installer-only icons inside the app', () => {
    expect(packaged('out/main/index.js.map')).toBe(false);
    expect(packaged('resources/icon.svg')).toBe(false);
    expect(packaged('resources/icon.icns')).toBe(false);
    expect(packaged('out/main/index.js')).toBe(true);
  });
});

describe('mainWindowOptions', () => {
  const secure = mainWindowOptions('/p/preload.cjs').webPreferences;

  it('keeps the same security preferences whatever the bounds and icon', () => {
    expect(mainWindowOptions('/p/preload.cjs', { x: 5, y: 6, width: 900, height: 600 }, '/i.png').webPreferences).toEqual(secure);
    expect(secure).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webviewTag: false });
  });

  it('opens hidden (shown when ready, so no white flash) at the restored bounds', () => {
    expect(mainWindowOptions('/p', { x: 5, y: 6, width: 900, height: 600 }, '/i.png')).toMatchObject({
      show: false,
      x: 5,
      y: 6,
      width: 900,
      height: 600,
      icon: '/i.png',
    });
  });

  it('lets the OS place a window that has no safe saved position', () => {
    const o = mainWindowOptions('/p', { width: 1000, height: 700 });
    expect(o).not.toHaveProperty('x');
    expect(o).not.toHaveProperty('y');
    expect(o).not.toHaveProperty('icon');
    expect(o).toMatchObject({ width: 1000, height: 700, minWidth: 880, minHeight: 560 });
  });
});
