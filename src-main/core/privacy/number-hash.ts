// The keyed hash of a phone number: what Besked keeps of an erased number that at-most-once still needs (an opt-out
// that must stay honoured). HMAC-SHA256 with a key of this database's own, made at first use and kept in the settings
// table, so the hash cannot be reversed by hashing every possible number without the key (a backup holds the key too).
import { createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../db/database';

const KEY_SETTING = 'privacy.numberKey';
const keys = new WeakMap<Db, Buffer>();

function keyOf(db: Db): Buffer {
  let key = keys.get(db);
  if (key) return key;
  // INSERT OR IGNORE then read: two first uses agree on one key.
  db.prepare('INSERT OR IGNORE INTO settings (key, value) VALUES (?, ?)').run(KEY_SETTING, JSON.stringify(randomBytes(32).toString('base64')));
  const stored = db.prepare('SELECT value FROM settings WHERE key = ?').pluck().get(KEY_SETTING) as string;
  key = Buffer.from(JSON.parse(stored) as string, 'base64');
  keys.set(db, key);
  return key;
}

/** The number's keyed hash (hex) in this database. */
export function numberHash(db: Db, msisdn: number): string {
  return createHmac('sha256', keyOf(db)).update(String(msisdn)).digest('hex');
}
