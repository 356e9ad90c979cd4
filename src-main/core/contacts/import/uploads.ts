// Files the renderer uploads for import, chunk by chunk (the renderer is untrusted and may be a browser,
// so it cannot hand the core a path). Refuses a file above the cap before any byte arrives, keeps the
// bytes on disk under the data folder, and forgets everything at the next start.
import { mkdirSync, rmSync } from 'node:fs';
import { appendFile, rm } from 'node:fs/promises';
import { PRIVATE_DIR, PRIVATE_FILE } from '../../private-folder';
import { join } from 'node:path';
import { ulid } from 'ulid';
import { BeskedError } from '../../errors';
import { IMPORT_CHUNK_BYTES, IMPORT_MAX_BYTES } from '../../../../src-shared/contract';
import { coded } from '../../../../src-shared/error-codes';

export interface Upload {
  id: string;
  fileName: string;
  bytes: number;
  received: number;
  dir: string;
  file: string;
  startedAt: number;
  /** Set while a chunk is being written, so a second one cannot interleave. */
  writing: boolean;
}

/**
 * The chunk size the core asks the renderer for. Each chunk is checked as base64 and decoded in one synchronous
 * stretch: a 4 MB chunk held the core for 30–50 ms (more under load), 1 MB keeps it near 10 ms. IMPORT_CHUNK_BYTES
 * stays the most a chunk may hold.
 */
export const UPLOAD_CHUNK_BYTES = 1024 * 1024;

/** At most this many uploads are kept at once; the oldest idle one goes first. */
const MAX_UPLOADS = 4;

export function humanBytes(n: number): string {
  if (n >= 1024 * 1024) return `${Math.round(n / (1024 * 1024))} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KB`;
  return `${n} bytes`;
}

export class Uploads {
  private readonly uploads = new Map<string, Upload>();

  constructor(
    private readonly root: string,
    private readonly busy: (id: string) => boolean,
    /** Told of every upload discarded (by its owner, or to make room), so what waits for it can end. */
    private readonly discarded: (id: string) => void = () => undefined,
  ) {
    // Uploads do not outlive the process: whatever a previous run left is removed.
    rmSync(root, { recursive: true, force: true });
  }

  begin(fileName: string, bytes: number): Upload {
    if (bytes === 0) throw new BeskedError('validation', 'The file is empty. Choose the file with your contacts in it.', coded('import.fileEmpty'));
    if (bytes > IMPORT_MAX_BYTES) {
      throw new BeskedError(
        'limit',
        `The file is ${humanBytes(bytes)}; Besked imports files up to ${humanBytes(IMPORT_MAX_BYTES)}. Split it into smaller files, or remove columns you do not need.`,
        coded('import.fileTooLarge', { size: humanBytes(bytes), max: humanBytes(IMPORT_MAX_BYTES) }),
      );
    }
    const idle = [...this.uploads.values()].filter((u) => !this.busy(u.id)).sort((a, b) => a.startedAt - b.startedAt);
    while (this.uploads.size >= MAX_UPLOADS && idle.length) void this.discard(idle.shift()!.id);
    if (this.uploads.size >= MAX_UPLOADS) throw new BeskedError('conflict', 'Other imports are still running. Wait for them to finish.', coded('import.busy'));
    const id = ulid();
    const dir = join(this.root, id);
    mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
    const u: Upload = { id, fileName, bytes, received: 0, dir, file: join(dir, 'upload.csv'), startedAt: performance.now(), writing: false };
    this.uploads.set(id, u);
    return u;
  }

  get(id: string): Upload {
    const u = this.uploads.get(id);
    if (!u) throw new BeskedError('not_found', 'This import is no longer available. Choose the file again.', coded('import.gone'));
    return u;
  }

  async append(id: string, offset: number, base64: string): Promise<number> {
    const u = this.get(id);
    const data = Buffer.from(base64, 'base64');
    if (u.writing) throw new BeskedError('conflict', 'Send the file one chunk at a time.');
    if (offset !== u.received) throw new BeskedError('validation', `The upload is out of order: expected the bytes from ${u.received}, got ${offset}.`);
    if (data.length > IMPORT_CHUNK_BYTES) throw new BeskedError('validation', 'An upload chunk is too large.');
    if (u.received + data.length > u.bytes) throw new BeskedError('validation', 'The file is larger than announced. Choose it again.');
    u.writing = true;
    try {
      await appendFile(u.file, data, { mode: PRIVATE_FILE });
      u.received += data.length;
    } finally {
      u.writing = false;
    }
    return u.received;
  }

  /** The upload, once every byte has arrived. */
  complete(id: string): Upload {
    const u = this.get(id);
    if (u.received !== u.bytes) throw new BeskedError('validation', 'The file has not been uploaded completely. Choose it again.');
    return u;
  }

  async discard(id: string): Promise<boolean> {
    const u = this.uploads.get(id);
    if (!u) return false;
    this.uploads.delete(id);
    this.discarded(id);
    await rm(u.dir, { recursive: true, force: true });
    return true;
  }
}
