// Where the main window opens: the size and position it had last time, but only where a display still
// shows it (a laptop undocked from its second screen must not open Besked off-screen).

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState {
  bounds: Rect;
  maximized: boolean;
}

/** What the window is given at creation: a position only when it is safe to use. */
export interface InitialBounds {
  x?: number;
  y?: number;
  width: number;
  height: number;
}

export const DEFAULT_SIZE = { width: 1200, height: 800 } as const;
export const MIN_SIZE = { width: 880, height: 560 } as const;

/** How much of the title bar must lie on one display for the user to be able to grab and move the window. */
const GRAB = { width: 120, height: 32 } as const;

const isInt = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && Math.abs(n) < 1e6;

/** Reads a saved state from anything (the file may be damaged or from an older Besked); null if unusable. */
export function parseWindowState(raw: unknown): WindowState | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as { bounds?: Partial<Record<keyof Rect, unknown>>; maximized?: unknown };
  const b = r.bounds;
  if (!b || !isInt(b.x) || !isInt(b.y) || !isInt(b.width) || !isInt(b.height)) return null;
  if (b.width <= 0 || b.height <= 0) return null;
  return {
    bounds: { x: Math.round(b.x), y: Math.round(b.y), width: Math.round(b.width), height: Math.round(b.height) },
    maximized: r.maximized === true,
  };
}

function overlap(a: Rect, b: Rect): { width: number; height: number } {
  return {
    width: Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)),
    height: Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)),
  };
}

function clampSize(size: { width: number; height: number }, area: { width: number; height: number }) {
  return {
    width: Math.max(Math.min(size.width, area.width), Math.min(MIN_SIZE.width, area.width)),
    height: Math.max(Math.min(size.height, area.height), Math.min(MIN_SIZE.height, area.height)),
  };
}

/**
 * The bounds to open with, given the saved state and the work areas of the displays now attached.
 * Saved bounds whose title bar is on a display are kept (shrunk to fit that display if it got smaller);
 * otherwise only the size is kept, so the OS centres the window on the primary display.
 */
export function restoreBounds(saved: WindowState | null, displays: readonly { workArea: Rect }[]): InitialBounds {
  const primary = displays[0]?.workArea;
  const fallback = primary ? clampSize(DEFAULT_SIZE, primary) : { ...DEFAULT_SIZE };
  if (!saved) return fallback;
  const b = saved.bounds;
  const titleBar: Rect = { x: b.x, y: b.y, width: b.width, height: Math.min(GRAB.height, b.height) };
  const home = displays.find((d) => {
    const o = overlap(titleBar, d.workArea);
    return o.width >= Math.min(GRAB.width, b.width) && o.height >= Math.min(GRAB.height, b.height);
  });
  if (!home) return primary ? clampSize(b, primary) : clampSize(b, { width: Infinity, height: Infinity });
  const area = home.workArea;
  const size = clampSize(b, area);
  // Pull the window inside the display it is on, so a shrunk window does not hang over the edge.
  const x = Math.min(Math.max(b.x, area.x), area.x + area.width - size.width);
  const y = Math.min(Math.max(b.y, area.y), area.y + area.height - size.height);
  return { x, y, ...size };
}
