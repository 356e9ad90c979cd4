// The window state file and the debounced saver that writes it.
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debouncedSaver, loadWindowState, saveWindowState } from '../../../src-main/shell/window-state-file';

describe('the window state file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'besked-window-'));
  const state = { bounds: { x: 10, y: 20, width: 1000, height: 700 }, maximized: true };

  it('round-trips a state without leaving a temporary file', () => {
    const file = join(dir, 'a.json');
    saveWindowState(file, state);
    expect(loadWindowState(file)).toEqual(state);
    expect(existsSync(`${file}.tmp`)).toBe(false);
  });

  it.each([
    ['missing', null],
    ['not JSON', '{"bounds":'],
    ['JSON of the wrong shape', '{"bounds":{"x":"left"}}'],
  ])('opens at the default when the file is %s', (_what, content) => {
    const file = join(dir, `${_what}.json`);
    if (content !== null) writeFileSync(file, content);
    expect(loadWindowState(file)).toBeNull();
  });

  it('writes JSON a person can read', () => {
    const file = join(dir, 'b.json');
    saveWindowState(file, state);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(state);
  });
});

describe('debouncedSaver', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saves only the last value, once, after the user stops moving the window', () => {
    const save = vi.fn();
    const s = debouncedSaver(save, 500, () => {});
    for (let i = 0; i < 50; i++) {
      s.schedule(i);
      vi.advanceTimersByTime(100);
    }
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(400);
    expect(save.mock.calls).toEqual([[49]]);
    vi.advanceTimersByTime(5000);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('saves a pending value at once on flush (the window is closing), and nothing when none is pending', () => {
    const save = vi.fn();
    const s = debouncedSaver(save, 500, () => {});
    s.flush();
    expect(save).not.toHaveBeenCalled();
    s.schedule('a');
    s.flush();
    expect(save.mock.calls).toEqual([['a']]);
    vi.advanceTimersByTime(1000);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('reports a failing save instead of throwing into the event loop', () => {
    const onError = vi.fn();
    const s = debouncedSaver(() => {
      throw new Error('disk full');
    }, 10, onError);
    s.schedule(1);
    expect(() => vi.advanceTimersByTime(10)).not.toThrow();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'disk full' }));
  });
});
