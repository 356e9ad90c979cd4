// Restoring the window where it was, only where a display still shows it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SIZE, MIN_SIZE, parseWindowState, restoreBounds, type Rect } from '../../../src-main/shell/window-bounds';

const laptop = { workArea: { x: 0, y: 25, width: 1440, height: 875 } };
const rightMonitor = { workArea: { x: 1440, y: 0, width: 2560, height: 1400 } };
const leftMonitor = { workArea: { x: -1920, y: 0, width: 1920, height: 1040 } };
const small = { workArea: { x: 0, y: 0, width: 800, height: 600 } };
const state = (x: number, y: number, width = 1000, height = 700, maximized = false) => ({ bounds: { x, y, width, height }, maximized });

describe('restoreBounds', () => {
  it.each([
    ['on the laptop', state(100, 100), [laptop], { x: 100, y: 100, width: 1000, height: 700 }],
    ['on the right monitor, still attached', state(2000, 200), [laptop, rightMonitor], { x: 2000, y: 200, width: 1000, height: 700 }],
    ['on a monitor left of the primary (negative x)', state(-1500, 100), [laptop, leftMonitor], { x: -1500, y: 100, width: 1000, height: 700 }],
    ['half off the right edge: pulled back in', state(1000, 100), [laptop], { x: 440, y: 100, width: 1000, height: 700 }],
  ])('keeps a window %s', (_what, saved, displays, expected) => {
    expect(restoreBounds(saved, displays)).toEqual(expected);
  });

  it.each([
    ['on a monitor that is gone', state(2000, 200), [laptop]],
    ['on the left monitor that is gone', state(-1500, 100), [laptop]],
    ['with its title bar above the screen', state(100, -690), [laptop]],
    ['with only a sliver on screen', state(1420, 100), [laptop]],
    ['far away', state(90000, 90000), [laptop, rightMonitor]],
  ])('keeps only the size of a window %s, so the OS centres it', (_what, saved, displays) => {
    const b = restoreBounds(saved, displays);
    expect(b).toEqual({ width: 1000, height: 700 });
  });

  it('shrinks a window saved on a bigger screen to the display it opens on', () => {
    expect(restoreBounds(state(0, 0, 2400, 1300), [small])).toEqual({ x: 0, y: 0, width: 800, height: 600 });
    expect(restoreBounds(state(5000, 0, 2400, 1300), [laptop])).toEqual({ width: 1440, height: 875 });
  });

  it('opens at the default size when nothing was saved', () => {
    expect(restoreBounds(null, [laptop])).toEqual(DEFAULT_SIZE);
    expect(restoreBounds(null, [small])).toEqual({ width: 800, height: 600 });
    expect(restoreBounds(null, [])).toEqual(DEFAULT_SIZE);
  });

  it('never goes below the minimum size where the display is big enough', () => {
    expect(restoreBounds(state(10, 40, 300, 200), [laptop])).toEqual({ x: 10, y: 40, ...MIN_SIZE });
  });

  it('always returns a window whose title bar can be grabbed, or no position at all', () => {
    const rect = fc.record({
      x: fc.integer({ min: -5000, max: 5000 }),
      y: fc.integer({ min: -3000, max: 3000 }),
      width: fc.integer({ min: 200, max: 4000 }),
      height: fc.integer({ min: 200, max: 3000 }),
    });
    fc.assert(
      fc.property(rect, fc.array(rect, { minLength: 1, maxLength: 3 }), (saved: Rect, areas: Rect[]) => {
        const displays = areas.map((workArea) => ({ workArea }));
        const b = restoreBounds({ bounds: saved, maximized: false }, displays);
        expect(b.width).toBeGreaterThan(0);
        expect(b.height).toBeGreaterThan(0);
        if (b.x === undefined || b.y === undefined) return;
        const { x, y } = b;
        // The top-left corner of the window lies inside some display's work area, and the window fits it.
        const home = areas.find((a) => x >= a.x && y >= a.y && x + b.width <= a.x + a.width && y + b.height <= a.y + a.height);
        expect(home).toBeDefined();
      }),
    );
  });
});

describe('parseWindowState', () => {
  it.each([
    [null],
    ['text'],
    [{}],
    [{ bounds: { x: 1, y: 2, width: 3 } }],
    [{ bounds: { x: '1', y: 2, width: 3, height: 4 } }],
    [{ bounds: { x: 1, y: 2, width: 0, height: 4 } }],
    [{ bounds: { x: 1, y: 2, width: 3, height: -4 } }],
    [{ bounds: { x: Number.NaN, y: 2, width: 3, height: 4 } }],
    [{ bounds: { x: 1e12, y: 2, width: 3, height: 4 } }],
  ])('refuses %j', (raw) => {
    expect(parseWindowState(raw)).toBeNull();
  });

  it('reads a saved state, rounding fractional pixels and treating anything but true as not maximized', () => {
    expect(parseWindowState({ bounds: { x: 1.4, y: 2, width: 1000.6, height: 700 }, maximized: 'yes' })).toEqual({
      bounds: { x: 1, y: 2, width: 1001, height: 700 },
      maximized: false,
    });
    expect(parseWindowState({ bounds: { x: 0, y: 0, width: 900, height: 600 }, maximized: true })?.maximized).toBe(true);
  });
});
