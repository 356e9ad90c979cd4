// Keeps the main window's last bounds in a small JSON file in the data folder, written a moment after the
// user stops moving or resizing (not on every pixel) and once more when the window closes.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { parseWindowState, type WindowState } from './window-bounds';

export const WINDOW_STATE_FILE = 'window-state.json';

/** The saved state, or null when there is none or it cannot be read (then the window opens at its default). */
export function loadWindowState(file: string): WindowState | null {
  try {
    return parseWindowState(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return null;
  }
}

/** Writes via a temporary file, so a crash mid-write leaves the previous state rather than half a file. */
export function saveWindowState(file: string, state: WindowState): void {
  const tmp = `${file}.tmp`;
  writeFileSync(tmp, JSON.stringify(state));
  renameSync(tmp, file);
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * Calls `save` with the latest value once `delayMs` have passed without a newer one; `flush` saves a
 * pending value at once (on close). A failing save is reported, never thrown into Electron's event loop.
 */
export function debouncedSaver<T>(
  save: (value: T) => void,
  delayMs: number,
  onError: (err: unknown) => void,
  timers: Timers = { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout) },
): { schedule(value: T): void; flush(): void } {
  let pending: { value: T } | null = null;
  let handle: unknown = null;
  const flush = () => {
    if (handle !== null) timers.clearTimeout(handle);
    handle = null;
    if (!pending) return;
    const { value } = pending;
    pending = null;
    try {
      save(value);
    } catch (err) {
      onError(err);
    }
  };
  return {
    schedule(value) {
      pending = { value };
      if (handle !== null) timers.clearTimeout(handle);
      handle = timers.setTimeout(flush, delayMs);
    },
    flush,
  };
}
