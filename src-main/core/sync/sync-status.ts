// What the UI shows about background refreshing: when statuses and the inbox were last refreshed, and whether offline.
import type { Db } from '../db/database';

export type SyncChannel = 'statuses' | 'inbox';

export interface ChannelState {
  lastSuccessAt: string | null;
  lastAttemptAt: string | null;
  /** The gateway could not be reached (or refused the token) on the last attempt. */
  offline: boolean;
  /** What went wrong, in words for the shop owner. */
  error: string | null;
  nextAt: string | null;
}

const KEY = (c: SyncChannel) => `sync.${c}.lastSuccessAt`;

export class SyncStatus {
  private readonly channels: Record<SyncChannel, ChannelState>;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {
    const load = (c: SyncChannel): ChannelState => {
      const row = db.prepare('SELECT value FROM sync_state WHERE key = ?').get(KEY(c)) as { value: string } | undefined;
      return { lastSuccessAt: row?.value ?? null, lastAttemptAt: null, offline: false, error: null, nextAt: null };
    };
    this.channels = { statuses: load('statuses'), inbox: load('inbox') };
  }

  get(c: SyncChannel): ChannelState {
    return { ...this.channels[c] };
  }

  onChange(l: () => void): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  succeeded(c: SyncChannel): void {
    const at = new Date(this.now()).toISOString();
    const s = this.channels[c];
    s.lastSuccessAt = at;
    s.lastAttemptAt = at;
    s.offline = false;
    s.error = null;
    this.db.prepare('INSERT INTO sync_state (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(KEY(c), at);
    this.changed();
  }

  failed(c: SyncChannel, error: string, offline: boolean): void {
    const s = this.channels[c];
    s.lastAttemptAt = new Date(this.now()).toISOString();
    s.offline = offline;
    s.error = error;
    this.changed();
  }

  planned(c: SyncChannel, at: number | null): void {
    const next = at === null ? null : new Date(at).toISOString();
    if (this.channels[c].nextAt === next) return;
    this.channels[c].nextAt = next;
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }
}
