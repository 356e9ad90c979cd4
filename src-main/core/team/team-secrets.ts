// The secrets a server hands out (session tokens, invitation and reset codes): 32 random bytes, base64url, stored
// only as their SHA-256 so a copy of the database signs no one in.
import { createHash, randomBytes } from 'node:crypto';

export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of a secret: SHA-256, hex. */
export function digest(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}
