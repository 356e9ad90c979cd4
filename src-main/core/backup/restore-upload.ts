// A backup file picked in the window, staged on disk chunk by chunk for a restore: the window may be a browser (it
// cannot hand the core a path) and one call carries at most 32 MiB. One upload at a time, in order, size-capped, in a
// private file in backups/ that the sweep at start removes (a `.partial`), and that is dropped after an hour untouched.
import { appendFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ulid } from 'ulid';
import { RESTORE_CHUNK_BYTES, RESTORE_UPLOAD_MAX_BYTES } from '../../../src-shared/contract';
import { coded } from '../../../src-shared/error-codes';
import { humanBytes } from '../contacts/import/uploads';
import { BeskedError } from '../errors';
import { makePrivateDir, PRIVATE_FILE } from '../private-folder';

/** An upload nobody has added to for this long was left (a tab closed, a window gone): its file is removed. */
export const RESTORE_UPLOAD_IDLE_MS = 3600_000;

interface Staged {
  id: string;
  bytes: number;
  received: number;
  file: string;
  /** Core clock: when it began or last took a chunk. */
  touchedAt: number;
  /** Set while a chunk is written, so a second one cannot interleave with it. */
  writing: boolean;
}

/** The file name of a staged upload: `.partial`, so nothing can take it for a backup and the sweep at start removes it. */
export const stagedUploadFile = (dir: string, id: string) => join(dir, `upload-${id}.partial`);

export class RestoreUpload {
  private staged: Staged | null = null;

  constructor(
    private readonly dir: string,
    private readonly now: () => number,
  ) {}

  /** Starts an upload; an unfinished one is replaced (its file removed), so at most one file is ever staged. */
  async begin(bytes: number): Promise<{ uploadId: string; chunkBytes: number; maxBytes: number }> {
    if (bytes === 0) throw new BeskedError('validation', 'The file is empty: it is not a Besked backup.', coded('backup.uploadEmpty'));
    if (bytes > RESTORE_UPLOAD_MAX_BYTES) {
      const size = humanBytes(bytes);
      const max = humanBytes(RESTORE_UPLOAD_MAX_BYTES);
      throw new BeskedError('limit', `The file is ${size}; Besked restores backup files up to ${max}. Nothing was changed.`, coded('backup.uploadTooLarge', { size, max }));
    }
    await this.discard();
    makePrivateDir(this.dir);
    const id = ulid();
    const file = stagedUploadFile(this.dir, id);
    await writeFile(file, new Uint8Array(0), { mode: PRIVATE_FILE });
    this.staged = { id, bytes, received: 0, file, touchedAt: this.now(), writing: false };
    return { uploadId: id, chunkBytes: RESTORE_CHUNK_BYTES, maxBytes: RESTORE_UPLOAD_MAX_BYTES };
  }

  /** Appends one chunk at `offset`, which must be the bytes received so far; returns them after it. */
  async append(id: string, offset: number, base64: string): Promise<number> {
    const u = this.get(id);
    if (u.writing || offset !== u.received) {
      throw new BeskedError('validation', `The upload is out of order: expected the bytes from ${u.received}, got ${offset}. Choose the file again.`, coded('backup.uploadOutOfOrder', { expected: u.received, got: offset }));
    }
    const data = Buffer.from(base64, 'base64');
    if (data.length > RESTORE_CHUNK_BYTES) {
      const max = humanBytes(RESTORE_CHUNK_BYTES);
      throw new BeskedError('validation', `An upload chunk is larger than ${max}.`, coded('backup.uploadChunkTooLarge', { max }));
    }
    if (u.received + data.length > u.bytes) {
      const size = humanBytes(u.bytes);
      throw new BeskedError('validation', `The file is larger than the ${size} announced. Choose it again.`, coded('backup.uploadOverrun', { size }));
    }
    u.writing = true;
    try {
      await appendFile(u.file, data, { mode: PRIVATE_FILE });
      u.received += data.length;
      u.touchedAt = this.now();
    } finally {
      u.writing = false;
    }
    if (this.staged !== u) {
      // Replaced while the chunk was written: should the write have opened the file after the removal, it made the
      // file again, and nothing else would remove it before the next start.
      await rm(u.file, { force: true });
      return this.get(id).received;
    }
    return u.received;
  }

  /** The staged file, once every byte has arrived. */
  complete(id: string): string {
    const u = this.get(id);
    if (u.writing || u.received !== u.bytes) {
      const received = humanBytes(u.received);
      const size = humanBytes(u.bytes);
      throw new BeskedError('validation', `Only ${received} of the ${size} file arrived. Choose it again.`, coded('backup.uploadIncomplete', { received, size }));
    }
    return u.file;
  }

  /** Removes the staged file (after a restore used it, or when it is replaced). */
  async discard(id?: string): Promise<void> {
    const u = this.staged;
    if (!u || (id !== undefined && u.id !== id)) return;
    this.staged = null;
    await rm(u.file, { force: true });
  }

  /** Drops an upload left untouched for an hour (the hourly look calls this). */
  async sweep(): Promise<boolean> {
    const u = this.staged;
    if (!u || u.writing || this.now() - u.touchedAt < RESTORE_UPLOAD_IDLE_MS) return false;
    await this.discard(u.id);
    return true;
  }

  private get(id: string): Staged {
    const u = this.staged;
    if (!u || u.id !== id) {
      throw new BeskedError('not_found', 'This upload is no longer here: another one replaced it, or it was left for an hour. Choose the file again.', coded('backup.uploadGone'));
    }
    return u;
  }
}
