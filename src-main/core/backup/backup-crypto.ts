// The encrypted backup file, streamed: a header (magic, version, key id, argon2id salt and parameters, a key check,
// nonce), then AES-256-GCM ciphertext with the header as associated data, then the tag. A copy is readable with the
// passphrase alone: everything needed to derive its key is in its own header.
import { PRIVATE_FILE } from '../private-folder';
import { hashRaw } from '@node-rs/argon2';
import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { closeSync, createReadStream, createWriteStream, openSync, readSync, rmSync, statSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { coded } from '../../../src-shared/error-codes';
import { BeskedError } from '../errors';

const MAGIC = Buffer.from('BESKEDBK');
const VERSION = 1;
const TAG = 16;

/** argon2id at 64 MiB, 3 passes: a guess costs an attacker real memory and time; the owner waits a fraction of a second. */
export interface KdfParams {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}
export const KDF_PARAMS: KdfParams = { memoryCost: 65_536, timeCost: 3, parallelism: 1 };

/** A passphrase's key: its id, the salt and parameters it was derived with, and the 32 key bytes. */
export interface BackupKey {
  keyId: string;
  salt: Buffer;
  params: KdfParams;
  key: Buffer;
}

export interface BackupHeader {
  keyId: string;
  salt: Buffer;
  params: KdfParams;
  check: Buffer;
  nonce: Buffer;
}

const HEADER_BYTES = 8 + 1 + 8 + 16 + 4 + 4 + 1 + 16 + 12;

export async function deriveKey(passphrase: string, salt: Buffer, params: KdfParams): Promise<Buffer> {
  // argon2id is the library's default algorithm; the raw output is the key itself.
  return hashRaw(normalizePassphrase(passphrase), { salt, outputLen: 32, ...params });
}

/** Words separated by any spaces, in any case: what the owner types back is what was shown. */
export function normalizePassphrase(p: string): string {
  return p.trim().toLowerCase().split(/\s+/).join(' ');
}

/** The most a header may ask of argon2id: far above KDF_PARAMS (64 MiB, 3 passes), far below what would stall a PC. */
const KDF_BOUNDS: KdfParams = { memoryCost: 1024 * 1024, timeCost: 16, parallelism: 16 };
const withinKdfBounds = (p: KdfParams) =>
  p.parallelism >= 1 && p.parallelism <= KDF_BOUNDS.parallelism && p.timeCost >= 1 && p.timeCost <= KDF_BOUNDS.timeCost && p.memoryCost >= 8 * p.parallelism && p.memoryCost <= KDF_BOUNDS.memoryCost;

/** Tells a wrong passphrase from a damaged file: a keyed hash of a fixed text, kept in the header. */
const keyCheck = (key: Buffer) => createHmac('sha256', key).update('besked backup key check').digest().subarray(0, 16);

function encodeHeader(h: BackupHeader): Buffer {
  const b = Buffer.alloc(HEADER_BYTES);
  let o = MAGIC.copy(b, 0);
  o = b.writeUInt8(VERSION, o);
  o += Buffer.from(h.keyId, 'hex').copy(b, o);
  o += h.salt.copy(b, o);
  o = b.writeUInt32BE(h.params.memoryCost, o);
  o = b.writeUInt32BE(h.params.timeCost, o);
  o = b.writeUInt8(h.params.parallelism, o);
  o += h.check.copy(b, o);
  h.nonce.copy(b, o);
  return b;
}

/** The header of an encrypted backup, or null when the file is not one (e.g. a plain .db). */
export function readHeader(file: string): { header: BackupHeader; raw: Buffer } | null {
  const raw = Buffer.alloc(HEADER_BYTES);
  const fd = openSync(file, 'r');
  let n: number;
  try {
    n = readSync(fd, raw, 0, HEADER_BYTES, 0);
  } finally {
    closeSync(fd);
  }
  if (n < HEADER_BYTES || !raw.subarray(0, 8).equals(MAGIC)) return null;
  if (raw.readUInt8(8) !== VERSION) {
    throw new BeskedError('validation', 'This backup was written by a newer Besked. Install the newer Besked to restore it.', coded('backup.newerFormat'));
  }
  const params = { memoryCost: raw.readUInt32BE(33), timeCost: raw.readUInt32BE(37), parallelism: raw.readUInt8(41) };
  // A picked file is untrusted until its tag is checked, and the tag needs the key: a header asking for a derivation
  // that would hold the core for hours (or ask for gigabytes) is refused before argon2 runs.
  if (!withinKdfBounds(params)) throw damaged();
  return {
    raw,
    header: {
      keyId: raw.subarray(9, 17).toString('hex'),
      salt: Buffer.from(raw.subarray(17, 33)),
      params,
      check: Buffer.from(raw.subarray(42, 58)),
      nonce: Buffer.from(raw.subarray(58, 70)),
    },
  };
}

export function isEncryptedBackup(file: string): boolean {
  return readHeader(file) !== null;
}

/** Encrypts `src` into `dest` as it streams; the caller names `dest` so that it is never taken for a finished copy. */
export async function encryptFile(src: string, dest: string, key: BackupKey): Promise<void> {
  const header = encodeHeader({ keyId: key.keyId, salt: key.salt, params: key.params, check: keyCheck(key.key), nonce: randomBytes(12) });
  const cipher = createCipheriv('aes-256-gcm', key.key, header.subarray(58, 70));
  cipher.setAAD(header);
  await pipeline(
    createReadStream(src),
    cipher,
    async function* (body) {
      yield header;
      for await (const chunk of body) yield chunk as Buffer;
      yield cipher.getAuthTag();
    },
    createWriteStream(dest, { mode: PRIVATE_FILE }),
  );
}

/**
 * Decrypts an encrypted backup into `dest` with the passphrase (or a key already derived for its key id). Any changed
 * byte fails the tag: `dest` is then removed, so nothing unauthenticated is ever used.
 */
export async function decryptFile(file: string, dest: string, passphrase: string | Buffer): Promise<void> {
  const read = readHeader(file);
  if (!read) throw notEncrypted();
  const { header, raw } = read;
  const key = Buffer.isBuffer(passphrase) ? passphrase : await deriveKey(passphrase, header.salt, header.params);
  if (!timingSafeEqual(keyCheck(key), header.check)) {
    throw new BeskedError('validation', 'The passphrase does not open this backup. Nothing was changed.', coded('backup.wrongPassphrase'));
  }
  const size = statSync(file).size;
  // A database is never empty: a copy with no ciphertext was cut short.
  if (size <= HEADER_BYTES + TAG) throw damaged();
  const tag = Buffer.alloc(TAG);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, tag, 0, TAG, size - TAG);
  } finally {
    closeSync(fd);
  }
  const decipher = createDecipheriv('aes-256-gcm', key, header.nonce);
  decipher.setAAD(raw);
  decipher.setAuthTag(tag);
  try {
    await pipeline(createReadStream(file, { start: HEADER_BYTES, end: size - TAG - 1 }), decipher, createWriteStream(dest, { mode: PRIVATE_FILE }));
  } catch (err) {
    rmSync(dest, { force: true });
    throw damaged(err);
  }
}

const damaged = (cause?: unknown) =>
  new BeskedError('validation', 'This backup is damaged: it changed after it was written, so it cannot be trusted. Nothing was changed.', { cause, ...coded('backup.damaged') });
const notEncrypted = () => new BeskedError('validation', 'This file is not a Besked backup.', coded('backup.notABackup'));
