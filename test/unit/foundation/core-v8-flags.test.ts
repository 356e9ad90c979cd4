// The V8 flags a core's process starts with (src-main/core-v8-flags.ts): package.json's scripts that start a core
// pass exactly them, and Node takes them (a misspelt flag would stop the process before it started) with the effect
// they are there for, a young generation of at most 2 MB a half once the heap has grown.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { CORE_V8_FLAGS } from '../../../src-main/core-v8-flags';

const ROOT = join(import.meta.dirname, '../../..');
const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

describe("a core's V8 flags", () => {
  it.each([
    ['web', 'src-main/web.ts'],
    ['server', 'src-main/server.ts'],
    ['bench', 'test/bench/run.ts'],
  ])('npm run %s starts its core with them', (script, entry) => {
    expect(scripts[script]).toContain(`node ${CORE_V8_FLAGS.join(' ')} --import tsx ${entry}`);
  });

  it('are taken by Node and keep the young generation small while the heap grows', () => {
    const probe = `const v8 = require('node:v8'); const keep = []; for (let i = 0; i < 300000; i++) keep.push({ i });
      console.log(v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size);`;
    const run = (flags: readonly string[]) => spawnSync(process.execPath, [...flags, '-e', probe], { encoding: 'utf8' });
    const flagged = run(CORE_V8_FLAGS);
    expect(flagged.status, flagged.stderr).toBe(0);
    const plain = run([]);
    // Two halves of 2 MB; V8's default grows to two of 8 or 16 MB under the same allocation.
    expect(Number(flagged.stdout)).toBeLessThanOrEqual(4 * 1024 * 1024);
    expect(Number(plain.stdout)).toBeGreaterThan(4 * 1024 * 1024);
  });
});
