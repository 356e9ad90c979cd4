// The rule that lets unit workers keep their modules (vitest.config.ts, isolate: false): a unit file that loads the
// component library, directly or through what it imports, runs in happy-dom. Naive UI decides once per load whether
// it is in a browser, so a node-environment file that loads it first breaks every happy-dom file after it in that
// worker, depending on the order files happen to run in. This finds such a file before the order does.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
// Static imports and re-exports, and dynamic imports run where they stand; `() => import(…)` (a router's lazy view)
// loads only when called, which a unit file does not do by loading the module.
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|(?<!=>\s*)import\(\s*['"]([^'"]+)['"]\s*\)/g;
const HAPPY_DOM = /^\s*\/\/\s*@vitest-environment\s+happy-dom\b/m;

/** The files the scan reads: the disk, or a table's. */
interface Files {
  read(file: string): string;
  exists(file: string): boolean;
}
const DISK: Files = { read: (f) => readFileSync(f, 'utf8'), exists: existsSync };

/** The module a relative specifier names, as the bundler resolves it; null for a package or a file not found. */
function resolveLocal(from: string, spec: string, fs: Files): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  return [base, `${base}.ts`, join(base, 'index.ts')].find((c) => /\.(ts|vue)$/.test(c) && fs.exists(c)) ?? null;
}

/** Whether `file` loads Naive UI or a .vue component through its imports (relative ones followed, packages not). */
function loadsComponentLibrary(file: string, fs: Files, seen = new Set<string>()): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  if (file.endsWith('.vue')) return true;
  for (const m of fs.read(file).matchAll(IMPORT)) {
    // `import type` loads nothing at run time.
    if (/^\s*(import|export)\s+type\s/.test(m[0].trimStart())) continue;
    const spec = (m[1] ?? m[2])!;
    if (spec === 'naive-ui' || spec.startsWith('naive-ui/')) return true;
    const next = resolveLocal(file, spec, fs);
    if (next && loadsComponentLibrary(next, fs, seen)) return true;
  }
  return false;
}

function unitTestFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    return e.isDirectory() ? unitTestFiles(path) : e.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('unit files that load the component library run in happy-dom', () => {
  const files: Record<string, string> = {
    '/t/direct.test.ts': "import { NButton } from 'naive-ui';\n",
    '/t/component.test.ts': "import X from '../src/X.vue';\n",
    '/t/through-support.test.ts': "import { mount } from './support/mount';\n",
    '/t/support/mount.ts': "export { NConfigProvider } from 'naive-ui';\n",
    '/t/types-only.test.ts': "import type { DataTableColumn } from 'naive-ui';\nimport type { X } from './support/mount';\n",
    '/t/plain.test.ts': "import { describe } from 'vitest';\nimport { rule } from './rule';\n",
    '/t/rule.ts': 'export const rule = 1;\n',
    '/t/lazy.test.ts': "const m = await import('./support/mount');\n",
    '/t/routes.test.ts': "import { routes } from './routes';\n",
    '/t/routes.ts': "export const routes = [{ path: '/', component: () => import('../src/X.vue') }];\n",
  };
  const table: Files = { read: (f) => files[f] ?? '', exists: (f) => f in files || f === '/src/X.vue' };

  it.each([
    ['/t/direct.test.ts', true],
    ['/t/component.test.ts', true],
    ['/t/through-support.test.ts', true],
    ['/t/lazy.test.ts', true],
    ['/t/types-only.test.ts', false],
    ['/t/plain.test.ts', false],
    ['/t/routes.test.ts', false],
  ])('%s loads it: %s', (file, expected) => {
    expect(loadsComponentLibrary(file, table)).toBe(expected);
  });

  it('holds for every unit file of the project', () => {
    // The project's own mount helper is seen to load it, so the scan below judges real files.
    expect(loadsComponentLibrary(join(ROOT, 'test/unit/renderer/support/mount-view.ts'), DISK)).toBe(true);
    const offenders = unitTestFiles(join(ROOT, 'test/unit'))
      .filter((f) => !HAPPY_DOM.test(DISK.read(f)))
      .filter((f) => loadsComponentLibrary(f, DISK))
      .map((f) => relative(ROOT, f));
    expect(offenders).toEqual([]);
  });
});
