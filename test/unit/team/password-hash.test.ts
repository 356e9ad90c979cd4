// Passwords are hashed with argon2id at OWASP's memory-hard minimum or stronger, and only the right one matches.
import { describe, expect, it, vi } from 'vitest';
import { parseOptions } from '@node-rs/argon2';
import { hashPassword, spendCheckTime, verifyPassword } from '../../../src-main/core/team/password-hash';

describe('password hashes', () => {
  it('are argon2id with at least 19 MiB and 2 passes, salted, and match only their password', async () => {
    const a = await hashPassword('korrekt hest batteri');
    const b = await hashPassword('korrekt hest batteri');
    expect(a.startsWith('$argon2id$')).toBe(true);
    const o = parseOptions(a);
    expect(o.memoryCost).toBeGreaterThanOrEqual(19_456);
    expect(o.timeCost).toBeGreaterThanOrEqual(2);
    expect(a).not.toBe(b);
    expect(await verifyPassword(a, 'korrekt hest batteri')).toBe(true);
    expect(await verifyPassword(a, 'Korrekt hest batteri')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
    expect(await spendCheckTime('korrekt hest batteri')).toBe(false);
  });

  it('lets an unchecked attempt take as long as a real check, without hashing', async () => {
    // A fresh module, so the pool of timed checks holds only this test's (the first test's ran under other load).
    vi.resetModules();
    const fresh = await import('../../../src-main/core/team/password-hash');
    const stored = await fresh.hashPassword('korrekt hest batteri');
    // A hash the library cannot read is refused at once: that is not a check's time and must not shorten the wait.
    expect(await fresh.verifyPassword('not a hash', 'x')).toBe(false);
    const real: number[] = [];
    for (let i = 0; i < 4; i++) {
      const t = performance.now();
      await fresh.verifyPassword(stored, 'forkert');
      real.push(performance.now() - t);
    }
    for (let i = 0; i < 8; i++) {
      const t = performance.now();
      await fresh.spendCheckTime('forkert');
      const spent = performance.now() - t;
      // Drawn from the real checks: at least the shortest of them (timers fire late, never early).
      expect(spent).toBeGreaterThanOrEqual(Math.min(...real) - 2);
    }
  });
});
