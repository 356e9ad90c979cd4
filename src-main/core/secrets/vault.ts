// Where API tokens live: the OS keychain (pinned to the Secret Service on Linux), or this run's memory when
// no keychain is available. Tokens never reach SQLite, a file, a log or the renderer.
import type { Platform } from '../../../src-shared/contract';
import { BeskedError } from '../errors';
import { coded } from '../../../src-shared/error-codes';

/**
 * What the vault keeps: a platform's API token, a webhook's signing secret (issue 8's optional receiver), or the
 * desktop app's session on a Besked server, one per server address (issue 21, core/remote), or the key a backup
 * passphrase derives, by key id, so daily copies are encrypted without asking for it (issue 28, core/backup).
 */
export type SecretKey = Platform | 'webhook:messaging' | 'webhook:legacy' | `team-session:${string}` | `backup-key:${string}`;

export interface TokenVault {
  /** 'file': a Besked server without a keychain keeps them in a file only its user may read (file-vault.ts). */
  readonly kind: 'keychain' | 'memory' | 'file';
  /** Why there is no keychain, for the settings page. */
  readonly message?: string;
  get(key: SecretKey): Promise<string | null>;
  set(key: SecretKey, secret: string): Promise<void>;
  delete(key: SecretKey): Promise<void>;
}

export const KEYCHAIN_SERVICE = 'Besked';
const account = (key: SecretKey) =>
  key.startsWith('webhook:') ? `webhook-secret:${key.slice(8)}` : key.startsWith('team-session:') || key.startsWith('backup-key:') ? key : `api-token:${key}`;

/** The part of @napi-rs/keyring's AsyncEntry the vault uses, so tests can see exactly what is called. */
export interface KeyringEntry {
  getPassword(): Promise<string | null | undefined>;
  setPassword(password: string): Promise<void>;
  deletePassword(): Promise<boolean>;
}
export type KeyringFactory = (service: string, account: string) => KeyringEntry;

export class KeychainVault implements TokenVault {
  readonly kind = 'keychain' as const;
  constructor(
    private readonly entry: KeyringFactory,
    private readonly service = KEYCHAIN_SERVICE,
  ) {}

  async get(platform: SecretKey): Promise<string | null> {
    try {
      return (await this.entry(this.service, account(platform)).getPassword()) ?? null;
    } catch (cause) {
      throw new BeskedError('unavailable', 'The keychain could not be read. Unlock it and try again.', { cause, ...coded('keychain.readFailed') });
    }
  }

  async set(platform: SecretKey, token: string): Promise<void> {
    try {
      await this.entry(this.service, account(platform)).setPassword(token);
    } catch (cause) {
      throw new BeskedError('unavailable', 'The token could not be saved in the keychain. Unlock it and try again.', { cause, ...coded('keychain.saveFailed') });
    }
  }

  async delete(platform: SecretKey): Promise<void> {
    try {
      await this.entry(this.service, account(platform)).deletePassword();
    } catch (cause) {
      throw new BeskedError('unavailable', 'The token could not be removed from the keychain. Unlock it and try again.', { cause, ...coded('keychain.removeFailed') });
    }
  }
}

export class MemoryVault implements TokenVault {
  readonly kind = 'memory' as const;
  private readonly tokens = new Map<SecretKey, string>();
  constructor(readonly message = 'No keychain is available on this computer, so the token is kept only until Besked quits.') {}
  async get(platform: SecretKey) {
    return this.tokens.get(platform) ?? null;
  }
  async set(platform: SecretKey, token: string) {
    this.tokens.set(platform, token);
  }
  async delete(platform: SecretKey) {
    this.tokens.delete(platform);
  }
}

/**
 * Opens the OS keychain and proves it works with a harmless probe; falls back to memory with a reason.
 * On Linux the entry is pinned to the Secret Service: the library would otherwise fall back silently to
 * the kernel keyring, which forgets everything at reboot.
 */
export async function openVault(opts: { service?: string; disabled?: boolean } = {}): Promise<TokenVault> {
  if (opts.disabled) return new MemoryVault('The keychain is switched off for this run, so the token is kept only until Besked quits.');
  const service = opts.service ?? KEYCHAIN_SERVICE;
  try {
    const { AsyncEntry } = await import('@napi-rs/keyring');
    const factory: KeyringFactory = (svc, acct) => {
      const e = new AsyncEntry(svc, acct, { linux: { store: 'secret-service' } });
      return {
        getPassword: () => e.getPassword(),
        setPassword: (p) => e.setPassword(p),
        deletePassword: () => e.deletePassword(),
      };
    };
    await factory(service, 'probe').getPassword();
    return new KeychainVault(factory, service);
  } catch {
    return new MemoryVault();
  }
}
