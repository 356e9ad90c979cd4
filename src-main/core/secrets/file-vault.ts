// A Besked server's token vault when its computer has no keychain (a headless always-on PC): one JSON file in the
// data folder, readable by the server's user only. Refused the moment anyone else could read it, so a copied or
// loosened file is noticed instead of silently used. Only server mode opens it; one PC keeps the keychain-or-memory rule.
import { chmodSync, existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { coded } from '../../../src-shared/error-codes';
import { BeskedError } from '../errors';
import type { SecretKey, TokenVault } from './vault';

export const TOKEN_FILE = 'server-secrets.json';

/** Group or others may read, write or enter: anything beyond the owner's own bits. */
const WIDER_THAN_OWNER = 0o077;

export class FileVault implements TokenVault {
  readonly kind = 'file' as const;
  readonly message: string;
  readonly file: string;

  /** Creates the file (mode 0600) when missing; throws remote.tokenFileOpen when it exists with a wider mode. */
  constructor(dataDir: string) {
    this.file = join(dataDir, TOKEN_FILE);
    this.message = `No keychain is available on this server, so tokens are kept in ${this.file}, readable only by the user running the server.`;
    if (!existsSync(this.file)) this.write({});
    this.read();
  }

  async get(key: SecretKey): Promise<string | null> {
    return this.read()[key] ?? null;
  }

  async set(key: SecretKey, secret: string): Promise<void> {
    this.write({ ...this.read(), [key]: secret });
  }

  async delete(key: SecretKey): Promise<void> {
    const all = this.read();
    delete all[key];
    this.write(all);
  }

  private read(): Partial<Record<SecretKey, string>> {
    this.checkMode();
    try {
      const v = JSON.parse(readFileSync(this.file, 'utf8')) as unknown;
      return v && typeof v === 'object' ? (v as Partial<Record<SecretKey, string>>) : {};
    } catch (cause) {
      throw this.unreadable(cause);
    }
  }

  /** Written whole to a 0600 file beside it and renamed over it: never a moment with a wider mode or half a file. */
  private write(all: Partial<Record<SecretKey, string>>): void {
    const tmp = `${this.file}.${process.pid}.tmp`;
    try {
      writeFileSync(tmp, JSON.stringify(all), { mode: 0o600 });
      chmodSync(tmp, 0o600);
      renameSync(tmp, this.file);
    } catch (cause) {
      throw this.unreadable(cause);
    }
  }

  private checkMode(): void {
    // Windows keeps no Unix mode bits; its data folder lies under the user's own profile.
    if (process.platform === 'win32') return;
    let st;
    try {
      st = statSync(this.file);
    } catch (cause) {
      throw this.unreadable(cause);
    }
    const foreignOwner = typeof process.getuid === 'function' && st.uid !== process.getuid();
    if ((st.mode & WIDER_THAN_OWNER) !== 0 || foreignOwner) {
      throw new BeskedError(
        'unavailable',
        `The server's token file ${this.file} can be read by other users of this computer. Make it readable by the server's user only (chmod 600 ${this.file}), then try again.`,
        coded('remote.tokenFileOpen', { file: this.file }),
      );
    }
  }

  private unreadable(cause: unknown): BeskedError {
    return new BeskedError(
      'unavailable',
      `The server's token file ${this.file} could not be read or written. Check that the data folder belongs to the user running the server.`,
      { cause, ...coded('remote.tokenFileUnreadable', { file: this.file }) },
    );
  }
}
