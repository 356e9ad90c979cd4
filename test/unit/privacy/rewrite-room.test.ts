// Whether the disk has room to rewrite the database after an erasure: VACUUM copies the live pages to a temporary
// file and back through the log, so about twice their size, plus a margin that keeps the disk from ending up full.
import { describe, expect, it } from 'vitest';
import { rewriteFits } from '../../../src-main/core/privacy/erasure-finish';

const MB = 1024 * 1024;

describe('rewriteFits', () => {
  it.each([
    // live bytes, free bytes, fits
    [0, 64 * MB, true],
    [0, 64 * MB - 1, false],
    [10 * MB, 84 * MB, true],
    [10 * MB, 84 * MB - 1, false],
    [500 * MB, 1064 * MB, true],
    [500 * MB, 1000 * MB, false],
    // A shop with 2 GB of data on a disk with 3 GB free: not enough (4 GB and the margin needed).
    [2048 * MB, 3072 * MB, false],
    [2048 * MB, 8192 * MB, true],
  ])('%d live bytes with %d free: %s', (live, free, fits) => {
    expect(rewriteFits(live, free)).toBe(fits);
  });
});
