// The simulator's append-only journal: every change a client was told about (messages accepted and their ids,
// credit, deletions, inbound texts, keywords, webhooks) is written before the answer goes out, so a kill loses
// nothing a real gateway would have kept and no id is ever handed out twice. The state file is the journal's
// compaction: written in the background, it records the last entry it holds, and replay starts after it.
import { closeSync, existsSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import type { LegacyMessage, MessagingRecord, PlatformName, PlatformState } from './state';

/** The journal lives in Besked's data folder in the built-in sandbox: private to the user, like the rest of it. */
const PRIVATE = 0o600;

/** One change, applied the same way when it happens and when it is replayed. */
export type JournalOp =
  | { t: 'legacy'; items: LegacyMessage[] }
  | { t: 'messaging'; items: MessagingRecord[] }
  | { t: 'push'; key: 'inbox' | 'emails' | 'refunds' | 'lookups'; items: unknown[] }
  | { t: 'set'; key: 'account' | 'webhooks' | 'counters' | 'keywords' | 'outcomes'; value: unknown }
  | { t: 'legacyDeleted'; id: number; at: number }
  | { t: 'legacyRefunded'; id: number; msisdn: number; at: number }
  | { t: 'reset'; state: PlatformState }
  /** The clock was moved: nothing changes in the state, but the entry's time is where the clock resumes after a kill. */
  | { t: 'clock' };

export interface JournalEntry {
  seq: number;
  /** Simulated time of the change: the clock resumes no earlier than the last one. */
  at: number;
  /**
   * The computer's time when it was written: the clock resumes at `at` plus the real time since, so a moved clock
   * keeps its lead across a kill instead of losing the moments between its last entry and the kill.
   */
  real?: number;
  p: PlatformName;
  ops: JournalOp[];
}

/** Applies a change to a platform's state (used live by PlatformStore and on replay). */
export function applyOp(state: PlatformState, op: JournalOp): void {
  switch (op.t) {
    case 'legacy':
      state.legacy.push(...op.items);
      break;
    case 'messaging':
      state.messaging.push(...op.items);
      break;
    case 'push':
      (state[op.key] as unknown[]).push(...op.items);
      break;
    case 'set':
      (state as unknown as Record<string, unknown>)[op.key] = structuredClone(op.value);
      break;
    case 'legacyDeleted': {
      const m = state.legacy.find((x) => x.id === op.id);
      if (m) m.deletedAt = op.at;
      break;
    }
    case 'legacyRefunded': {
      const r = state.legacy.find((x) => x.id === op.id)?.recipients.find((x) => x.msisdn === op.msisdn);
      if (r) r.refundedAt = op.at;
      break;
    }
    case 'reset':
      Object.assign(state, structuredClone(op.state));
      break;
    case 'clock':
      break;
  }
}

/**
 * Reads the journal files in order and returns the entries after `afterSeq`. A torn last line (the process was
 * killed while writing it) ends the replay there: its answer never went out.
 */
export function readJournal(files: readonly string[], afterSeq: number): JournalEntry[] {
  const out: JournalEntry[] = [];
  for (const file of files) {
    if (!existsSync(file)) continue;
    const lines = readFileSync(file, 'utf8').split('\n');
    for (const line of lines) {
      if (line === '') continue;
      let e: JournalEntry;
      try {
        e = JSON.parse(line) as JournalEntry;
      } catch {
        break;
      }
      if (typeof e.seq === 'number' && e.seq > afterSeq) out.push(e);
    }
  }
  return out;
}

/** Appends entries synchronously; rotates to a fresh file when a snapshot begins. */
export class Journal {
  private fd: number;
  private seq: number;

  constructor(
    private readonly file: string,
    lastSeq: number,
  ) {
    this.seq = lastSeq;
    this.fd = openSync(file, 'a', PRIVATE);
  }

  /** The previous segment while a snapshot is being written (replayed first; deleted once the snapshot is in place). */
  get oldFile(): string {
    return `${this.file}.old`;
  }

  get lastSeq(): number {
    return this.seq;
  }

  /**
   * Writes one entry before the caller answers. writeSync puts it in the operating system's hands, which keeps it
   * across a kill of this process; a simulator needs no more (fsync would guard against power loss, at a cost per
   * request that the campaign bench would feel).
   */
  append(p: PlatformName, ops: JournalOp[], at: number): void {
    this.seq++;
    writeSync(this.fd, JSON.stringify({ seq: this.seq, at, real: Date.now(), p, ops } satisfies JournalEntry) + '\n');
  }

  /** Starts a new segment: entries up to lastSeq are what the snapshot about to be taken holds. */
  rotate(): number {
    closeSync(this.fd);
    // An old segment still here means the last snapshot never landed: keep its entries by appending them.
    if (existsSync(this.oldFile)) {
      const pending = readFileSync(this.file, 'utf8');
      const fd = openSync(this.oldFile, 'a', PRIVATE);
      writeSync(fd, pending);
      closeSync(fd);
      rmSync(this.file, { force: true });
    } else if (existsSync(this.file)) {
      renameSync(this.file, this.oldFile);
    }
    this.fd = openSync(this.file, 'a', PRIVATE);
    return this.seq;
  }

  /** The snapshot landed: the old segment is no longer needed. */
  compacted(): void {
    rmSync(this.oldFile, { force: true });
  }

  close(): void {
    closeSync(this.fd);
  }
}
