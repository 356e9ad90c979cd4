// Which character separates the columns: the one that splits the first lines into the same number of
// columns (more than one) most consistently. Danish Excel writes ';' because ',' is the decimal mark.
import Papa from 'papaparse';
import type { ImportDelimiter } from '../../../../src-shared/contract';

const CANDIDATES: readonly ImportDelimiter[] = [';', ',', '\t', '|'];

export function detectDelimiter(sample: string): ImportDelimiter {
  let best: ImportDelimiter = ',';
  let bestScore = 0;
  for (const d of CANDIDATES) {
    const rows = Papa.parse<string[]>(sample, { delimiter: d, preview: 30, skipEmptyLines: 'greedy' }).data;
    // The last line of a sample may be cut off; judge by the complete ones when there are several.
    const judged = rows.length > 2 ? rows.slice(0, -1) : rows;
    if (judged.length === 0) continue;
    const counts = new Map<number, number>();
    for (const r of judged) counts.set(r.length, (counts.get(r.length) ?? 0) + 1);
    let mode = 1;
    let modeRows = 0;
    for (const [cols, n] of counts) {
      if (n > modeRows || (n === modeRows && cols > mode)) {
        mode = cols;
        modeRows = n;
      }
    }
    if (mode < 2) continue;
    const consistency = modeRows / judged.length;
    const score = consistency * 100 + Math.min(mode, 50) / 100;
    if (score > bestScore) {
      best = d;
      bestScore = score;
    }
  }
  return best;
}
