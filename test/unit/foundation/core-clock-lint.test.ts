// The lint rule that keeps one clock in the core (issue 27.7): Date.now and new Date() are refused in core code
// outside core/clock.ts and log.ts (npm test's lint run holds the core to it).
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });
const clockErrors = async (code: string, file: string) =>
  (await eslint.lintText(code, { filePath: file }))[0]!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').length;

describe("the core's clock rule", () => {
  it.each([
    ['export const t = Date.now();\n', 'src-main/core/campaigns/x.ts', 1],
    ['export const t = new Date().toISOString();\n', 'src-main/core/automations/x.ts', 1],
    ['export const f = (now: () => number = Date.now) => now();\n', 'src-main/core/sync/x.ts', 1],
    ['export const t = new Date(0).toISOString();\n', 'src-main/core/campaigns/x.ts', 0],
    ['export const t = Date.now();\n', 'src-main/core/clock.ts', 0],
    ['export const t = Date.now();\n', 'src-renderer/x.ts', 0],
  ])('%s in %s: %d', async (code, file, n) => {
    expect(await clockErrors(code, file)).toBe(n);
  });

});
