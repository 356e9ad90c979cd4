// What the core asks of the backup's thread, and what the thread answers (plain data: it crosses the thread's port).
import type { CopyPace } from './backup-copy';
import type { BackupCheck } from './backup-verify';

export type ThreadJob =
  | { kind: 'copy'; source: string; dir: string; name: string; takenAt: string; pace: CopyPace | null }
  | { kind: 'check'; file: string };

export type ThreadAnswer = { kind: 'step' } | { kind: 'done'; check: BackupCheck } | { kind: 'failed'; message: string; code: string | null };
