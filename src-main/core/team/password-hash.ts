// Passwords as argon2id hashes (memory-hard, @node-rs/argon2): never stored or compared in any other form. An attempt
// that is not checked (a name nobody has, an account locked or slowed down) takes the time of a check all the same,
// without the work: it waits as long as a recent real check took, so neither the answer nor its timing tells why.
import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';

// OWASP's argon2id minimum (19 MiB, 2 passes, 1 lane), which is also the library's default; argon2id is its default
// algorithm (the const enum cannot be named under isolatedModules). test/unit/team/password-hash.test.ts checks both.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** How long the last real checks took (ms), the pool an unchecked attempt draws its wait from. */
const recent: number[] = [];
const RECENT_KEPT = 32;

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  const started = performance.now();
  let matched: boolean;
  try {
    matched = await verify(stored, password);
  } catch {
    // A hash the library cannot read matches nothing, and is refused before any hashing: its time is not a check's, so
    // it does not join the pool an unchecked attempt draws its wait from (it would let that attempt answer early).
    return false;
  }
  recent.push(performance.now() - started);
  if (recent.length > RECENT_KEPT) recent.shift();
  return matched;
}

let dummy: Promise<string> | null = null;

/** Makes the dummy hash and times a first check ahead of the first sign-in, so that one too takes no longer. */
export function primeNobody(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('base64'))
    .then(async (made) => {
      await verifyPassword(made, 'x');
      return made;
    })
    .catch((err: unknown) => {
      // Made again on the next use rather than failing every sign-in with a name nobody has.
      dummy = null;
      throw err;
    });
  return dummy;
}

/**
 * Spends the time of one check and answers false: the path of an attempt that is not checked. It waits as long as a
 * recent real check took (drawn at random from the last 32), which costs no hashing, so a flood of guesses at names
 * nobody has costs the server timers only; until a check has been timed it checks against the dummy hash instead.
 */
export async function spendCheckTime(password: string): Promise<false> {
  if (recent.length === 0) {
    await verifyPassword(await primeNobody(), password);
    return false;
  }
  const ms = recent[Math.floor(Math.random() * recent.length)]!;
  await new Promise((resolve) => setTimeout(resolve, ms));
  return false;
}
