// The import's thread starts with a large upload (else with its run), from source in web and server mode: what it loads
// is start-up time and memory beside the core's. It loads what the reading and the save need (libphonenumber with the
// reading, since it maps the rows) and nothing of the core's gateway, sends or server.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The packages and project files a module loads when it runs: its imports that are not `import type`, followed. */
function loads(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const src = readFileSync(file, 'utf8');
    for (const m of src.matchAll(/^(?:import|export)\s+(?!type\s)[^'"]*?from\s+'([^']+)'|^import\s+'([^']+)'/gm)) {
      const spec = (m[1] ?? m[2])!;
      if (spec.startsWith('.')) visit(resolve(dirname(file), spec.endsWith('.ts') ? spec : `${spec}.ts`));
      else packages.add(spec);
    }
  };
  visit(entry);
  return { files, packages };
}

describe("the import's thread", () => {
  it('loads the reading and the save, and nothing of the gateway, the sends or the server', () => {
    const { files, packages } = loads(fileURLToPath(new URL('../../../src-main/core/contacts/import/apply-worker.ts', import.meta.url)));
    expect([...files].some((f) => f.endsWith('import/apply.ts'))).toBe(true);
    expect([...files].some((f) => f.endsWith('import/read-rows.ts'))).toBe(true);
    expect([...packages].filter((p) => ['undici', 'ws', 'electron', 'zod'].includes(p))).toEqual([]);
    expect([...files].filter((f) => /core\/(gateway|campaigns|outbox|server|automations)\//.test(f))).toEqual([]);
  });
});
