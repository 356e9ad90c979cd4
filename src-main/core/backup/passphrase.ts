// The recovery passphrase: ten words shown once, confirmed by typing two of them, then turned into a key by argon2id.
// The key is kept in the keychain under its key id (so daily copies need no one to type it); the salt and parameters
// go in backup-settings.json and in every copy's header. A new passphrase adds a key id and keeps the old ones.
import { randomBytes, randomInt } from 'node:crypto';
import type { NewPassphrase } from '../../../src-shared/contract';
import { coded } from '../../../src-shared/error-codes';
import { BeskedError } from '../errors';
import type { TokenVault } from '../secrets/vault';
import { deriveKey, KDF_PARAMS, normalizePassphrase, type BackupKey } from './backup-crypto';
import type { BackupConfigFile } from './backup-config';
import { PASSPHRASE_WORDS } from './passphrase-words';

/** Ten words of 256: 80 bits, each guess costing a 64 MiB argon2id run. */
export const PASSPHRASE_LENGTH = 10;

export class Passphrases {
  /** The passphrase shown and not yet confirmed: only in memory, gone when the core stops. */
  private pending: { words: string[]; askFor: [number, number] } | null = null;

  constructor(
    private readonly config: BackupConfigFile,
    private readonly vault: TokenVault,
    private readonly now: () => number,
  ) {}

  create(): NewPassphrase {
    const words = Array.from({ length: PASSPHRASE_LENGTH }, () => PASSPHRASE_WORDS[randomInt(PASSPHRASE_WORDS.length)]!);
    const first = randomInt(PASSPHRASE_LENGTH);
    let second = randomInt(PASSPHRASE_LENGTH - 1);
    if (second >= first) second += 1;
    const askFor: [number, number] = first < second ? [first, second] : [second, first];
    this.pending = { words, askFor };
    return { words, askFor };
  }

  /** Takes the shown passphrase into use when the two asked-for words are typed back. */
  async confirm(typed: [string, string]): Promise<void> {
    const p = this.pending;
    if (!p) throw new BeskedError('conflict', 'Make a new passphrase first.', coded('backup.noNewPassphrase'));
    const same = typed.every((w, i) => normalizePassphrase(w) === p.words[p.askFor[i]!]);
    if (!same) throw new BeskedError('validation', 'Those are not the words asked for. Look at the passphrase you wrote down and try again.', coded('backup.confirmMismatch'));
    const salt = randomBytes(16);
    const keyId = randomBytes(8).toString('hex');
    const key = await deriveKey(p.words.join(' '), salt, KDF_PARAMS);
    await this.vault.set(`backup-key:${keyId}`, key.toString('base64'));
    const c = this.config.get();
    this.config.update({ keys: [...c.keys, { keyId, salt: salt.toString('base64'), params: KDF_PARAMS, createdAt: new Date(this.now()).toISOString() }] });
    this.pending = null;
  }

  /** The key new copies are encrypted with, or null when there is no passphrase (or the keychain lost its key). */
  async current(): Promise<BackupKey | null> {
    const rec = this.config.get().keys.at(-1);
    if (!rec) return null;
    const stored = await this.vault.get(`backup-key:${rec.keyId}`);
    if (!stored) return null;
    return { keyId: rec.keyId, salt: Buffer.from(rec.salt, 'base64'), params: rec.params, key: Buffer.from(stored, 'base64') };
  }

  /** A key already on this PC for a copy's key id, so restoring one's own copy does not need the passphrase typed. */
  async known(keyId: string): Promise<Buffer | null> {
    if (!this.config.get().keys.some((k) => k.keyId === keyId)) return null;
    const stored = await this.vault.get(`backup-key:${keyId}`);
    return stored ? Buffer.from(stored, 'base64') : null;
  }
}
