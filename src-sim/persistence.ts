// Keeps the simulator's state in one JSON file (--state), written atomically in the background: the compaction of
// the journal (journal.ts), which is what makes each accepted request durable before it is answered.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import type { PlatformName, PlatformState } from './state';

const FORMAT_VERSION = 1;

export interface SavedState {
  version: number;
  /** Simulated time when saved (epoch ms): the clock resumes from here if that is later than the real time. */
  savedAt: number;
  /** The computer's time when it was saved (see JournalEntry.real). */
  savedReal?: number;
  platforms: Partial<Record<PlatformName, PlatformState>>;
  /** The last journal entry this state holds; replay starts after it (absent in files from before the journal). */
  journalSeq?: number;
}

export type LoadResult =
  | { kind: 'none' }
  | { kind: 'loaded'; saved: SavedState }
  | { kind: 'unreadable'; reason: string; movedTo: string };

/**
 * Reads the state file. A file that cannot be used is moved aside (never overwritten) so the
 * simulator can start fresh and the old content stays available.
 */
export function loadState(file: string): LoadResult {
  if (!existsSync(file)) return { kind: 'none' };
  let reason: string;
  try {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as SavedState;
    if (saved && saved.version === FORMAT_VERSION && typeof saved.savedAt === 'number' && saved.platforms) {
      return { kind: 'loaded', saved };
    }
    reason = `unknown format (version ${String((saved as { version?: unknown } | null)?.version)})`;
  } catch (err) {
    reason = (err as Error).message;
  }
  const movedTo = `${file}.unreadable-${Date.now()}`;
  renameSync(file, movedTo);
  return { kind: 'unreadable', reason, movedTo };
}

/** Debounced writer: `schedule()` after every change; `flush()` on close. */
export class StateWriter {
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;
  private dirty = false;
  /** How long the last write took; big states are written less often so saving stays a small share of the time. */
  private lastWriteMs = 0;

  constructor(
    private readonly file: string,
    private readonly snapshot: () => SavedState,
    private readonly onError: (err: Error) => void,
    private readonly delayMs = 1000,
    /** Told once a snapshot is in place (the journal's older segment can go). */
    private readonly onWritten: () => void = () => undefined,
  ) {}

  schedule(): void {
    this.dirty = true;
    if (this.timer || this.writing) return;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        void this.writeNow();
      },
      Math.max(this.delayMs, this.lastWriteMs * 20),
    );
    this.timer.unref();
  }

  private async writeNow(): Promise<void> {
    if (!this.dirty) return;
    this.dirty = false;
    const tmp = `${this.file}.tmp`;
    const started = performance.now();
    this.writing = (async () => {
      await writeFile(tmp, JSON.stringify(this.snapshot()));
      await rename(tmp, this.file);
      this.onWritten();
    })();
    try {
      await this.writing;
    } catch (err) {
      this.onError(err as Error);
    } finally {
      this.writing = null;
      this.lastWriteMs = performance.now() - started;
    }
    if (this.dirty) this.schedule();
  }

  /** Writes whatever is pending, synchronously, after any write in flight. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.writing) await this.writing.catch(() => undefined);
    const tmp = `${this.file}.tmp`;
    // Private to the user: in the built-in sandbox this file is in Besked's data folder.
    writeFileSync(tmp, JSON.stringify(this.snapshot()), { mode: 0o600 });
    renameSync(tmp, this.file);
    this.onWritten();
    this.dirty = false;
  }
}
