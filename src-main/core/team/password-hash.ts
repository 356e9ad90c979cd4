// Passwords as argon2id hashes (memory-hard, @node-rs/argon2): never stored or compared in any other form. A name
// nobody has is checked against a dummy hash, so a wrong name takes as long as a wrong password.
import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';

// OWASP's argon2id minimum (19 MiB, 2 passes, 1 lane), which is also the library's default; argon2id is its default
// algorithm (the const enum cannot be named under isolatedModules). test/unit/team/password-hash.test.ts checks both.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    // A hash the library cannot read matches nothing.
    return false;
  }
}

let dummy: Promise<string> | null = null;

/** Makes the dummy hash ahead of the first sign-in, so that one too takes no longer for a wrong name. */
export function primeNobody(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('base64')).catch((err: unknown) => {
    // Made again on the next use rather than failing every sign-in with a name nobody has.
    dummy = null;
    throw err;
  });
  return dummy;
}

/** Spends the time of one verification and answers false: the path of a name that has no account. */
export async function verifyNobody(password: string): Promise<false> {
  await verifyPassword(await primeNobody(), password);
  return false;
}
