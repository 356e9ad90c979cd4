// Where a Besked server keeps the gateway token: the OS keychain when it works, else the 0600 file in the data folder
// (a headless PC rarely has an unlocked keychain), never memory: a server that forgot its token at every restart
// would stop sending unattended.
import type { Logger } from '../core/log';
import { FileVault } from '../core/secrets/file-vault';
import { openVault, type TokenVault } from '../core/secrets/vault';

export interface ServerVaultOptions {
  dataDir: string;
  log: Logger;
  /** The keychain's service name (tests give each run its own); `false` skips the keychain. */
  keychain?: { service?: string } | false;
}

export async function openServerVault(o: ServerVaultOptions): Promise<TokenVault> {
  if (o.keychain !== false) {
    const vault = await openVault(o.keychain ?? {});
    if (vault.kind === 'keychain') return vault;
  }
  const vault = new FileVault(o.dataDir);
  o.log.warn('no keychain: the gateway token is kept in a file readable only by this user', { file: vault.file });
  return vault;
}

/** One line for the terminal: where the token is kept. */
export function describeVault(vault: TokenVault): string {
  if (vault instanceof FileVault) return `in ${vault.file} (no keychain on this computer; readable only by this user)`;
  return vault.kind === 'keychain' ? 'in the system keychain' : 'in memory until the server stops';
}
