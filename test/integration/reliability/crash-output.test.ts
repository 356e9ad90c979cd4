// Crash output: a core that dies of an uncaught error or an unhandled rejection carrying the API token prints and
// logs a redacted report and exits non-zero. The same crash without the guard shows the token (so this can fail).
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../../..');
const CHILD = join(ROOT, 'test/integration/reliability/crash-output-child.ts');

function crash(how: 'throw' | 'reject' | 'object', guard: 'guard' | 'bare') {
  const dir = mkdtempSync(join(tmpdir(), 'besked-crash-output-'));
  // Quotes and a backslash: the token must not survive JSON escaping either.
  const token = `tok"en\\${how}-${Math.random().toString(36).slice(2)}-SECRET`;
  try {
    const r = spawnSync(process.execPath, ['--import', 'tsx', CHILD, dir, token, how, guard], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
    const logFile = readFileSync(join(dir, 'besked.log'), 'utf8');
    return { token, status: r.status, output: r.stdout + r.stderr, logFile };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const spellings = (token: string) => [token, JSON.stringify(token).slice(1, -1), token.replace(/[\\"]/g, '')];

describe('crash output', () => {
  it.each(['throw', 'reject', 'object'] as const)('an error carrying the token (%s) is reported redacted, and the process exits', (how) => {
    const c = crash(how, 'guard');
    expect(c.status).toBe(1);
    expect(c.output).toContain('Besked stopped after an unexpected error');
    expect(c.logFile).toContain('Besked stopped after an unexpected error');
    expect(c.logFile).toContain('[redacted]');
    for (const s of spellings(c.token)) {
      expect(c.output).not.toContain(s);
      expect(c.logFile).not.toContain(s);
    }
  });

  it('without the guard, Node prints the token: the check above is a real one', () => {
    const c = crash('throw', 'bare');
    expect(c.status).not.toBe(0);
    expect(spellings(c.token).some((s) => c.output.includes(s))).toBe(true);
  });
});
