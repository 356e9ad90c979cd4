// Passwords are hashed with argon2id at OWASP's memory-hard minimum or stronger, and only the right one matches.
import { describe, expect, it } from 'vitest';
import { parseOptions } from '@node-rs/argon2';
import { hashPassword, verifyNobody, verifyPassword } from '../../../src-main/core/team/password-hash';

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
    expect(await verifyNobody('korrekt hest batteri')).toBe(false);
  });
});
