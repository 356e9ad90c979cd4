// The shape every benchmark file shares: named figures, reported one JSON object per line by run.ts.
export interface BenchFigure {
  name: string;
  value: number;
  unit: string;
  [extra: string]: unknown;
}

export interface Bench {
  /** The figure names this bench reports, so `--filter` can pick benches without running them. */
  names: string[];
  run(report: (figure: BenchFigure) => void): Promise<void>;
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}
