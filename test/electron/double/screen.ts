// The double of Electron's screen: one 1920×1080 display with a 30 px panel, as a plain laptop has.
export interface Display {
  id: number;
  bounds: { x: number; y: number; width: number; height: number };
  workArea: { x: number; y: number; width: number; height: number };
  scaleFactor: number;
}

const primary: Display = { id: 1, bounds: { x: 0, y: 0, width: 1920, height: 1080 }, workArea: { x: 0, y: 0, width: 1920, height: 1050 }, scaleFactor: 1 };

export const screen = {
  getPrimaryDisplay: (): Display => structuredClone(primary),
  getAllDisplays: (): Display[] => [structuredClone(primary)],
};
