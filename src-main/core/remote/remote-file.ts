// remote.json in the data folder: the Besked server this app is a client of, with the certificate fingerprint it
// pinned. Its presence alone makes the app start as a client (host.ts); the session token is never in it (vault).
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Fingerprint } from '../../../src-shared/contract';

export const REMOTE_FILE = 'remote.json';

export interface PinnedServer {
  url: string;
  fingerprint: string;
}

/** The pinned server, or null for This PC (no file, or one that cannot be read: the local data is always safe). */
export function readRemoteFile(dataDir: string): PinnedServer | null {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(join(dataDir, REMOTE_FILE), 'utf8'));
  } catch {
    return null;
  }
  const v = raw as Partial<PinnedServer> | null;
  if (!v || typeof v.url !== 'string' || !v.url.startsWith('https://') || !Fingerprint.safeParse(v.fingerprint).success) return null;
  return { url: v.url, fingerprint: v.fingerprint as string };
}

/** Written whole through a temporary file, so a crash mid-write leaves either the old choice or the new one. */
export function writeRemoteFile(dataDir: string, server: PinnedServer): void {
  const file = join(dataDir, REMOTE_FILE);
  writeFileSync(`${file}.tmp`, `${JSON.stringify({ url: server.url, fingerprint: server.fingerprint }, null, 2)}\n`, { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
}

export function removeRemoteFile(dataDir: string): void {
  rmSync(join(dataDir, REMOTE_FILE), { force: true });
}
