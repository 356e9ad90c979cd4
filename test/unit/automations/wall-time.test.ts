// Wall time ↔ instants in several zones: the spring gap moves forward, the repeated autumn hour takes the first instant.
import { describe, expect, it } from 'vitest';
import { instantToWallTime, isKnownTimeZone, wallTimeOf, wallTimeToInstant } from '../../../src-shared/automations/wall-time';

describe('wallTimeToInstant', () => {
  it.each([
    ['Europe/Copenhagen', '2026-01-15', '09:00', '2026-01-15T08:00:00.000Z'],
    ['Europe/Copenhagen', '2026-07-15', '09:00', '2026-07-15T07:00:00.000Z'],
    ['Europe/Copenhagen', '2026-03-29', '02:30', '2026-03-29T01:30:00.000Z'], // gap → 03:30 summer time
    ['Europe/Copenhagen', '2026-10-25', '02:30', '2026-10-25T00:30:00.000Z'], // twice → the first
    ['America/New_York', '2026-03-08', '02:30', '2026-03-08T07:30:00.000Z'], // gap → 03:30 EDT
    ['America/New_York', '2026-11-01', '01:30', '2026-11-01T05:30:00.000Z'], // twice → EDT
    ['Australia/Sydney', '2026-04-05', '02:30', '2026-04-04T15:30:00.000Z'], // twice → AEDT (+11)
    ['Australia/Sydney', '2026-10-04', '02:30', '2026-10-03T16:30:00.000Z'], // gap → 03:30 AEDT
    ['Asia/Kolkata', '2026-06-01', '09:00', '2026-06-01T03:30:00.000Z'],
    ['UTC', '2028-02-29', '23:59', '2028-02-29T23:59:00.000Z'],
  ])('%s %s %s → %s', (zone, date, time, instant) => {
    expect(new Date(wallTimeToInstant(zone, wallTimeOf(date, time))).toISOString()).toBe(instant);
  });

  it('every minute of the days around both Copenhagen changes reads back to itself, except the skipped hour', () => {
    for (const day of ['2026-03-29', '2026-10-25']) {
      for (let m = 0; m < 24 * 60; m++) {
        const w = { ...wallTimeOf(day, '00:00'), hour: Math.floor(m / 60), minute: m % 60 };
        const back = instantToWallTime('Europe/Copenhagen', wallTimeToInstant('Europe/Copenhagen', w));
        if (day === '2026-03-29' && w.hour === 2) expect(back).toEqual({ ...w, hour: 3 });
        else expect(back).toEqual(w);
      }
    }
  });
});

describe('isKnownTimeZone', () => {
  it.each([
    ['Europe/Copenhagen', true],
    ['America/New_York', true],
    ['UTC', true],
    ['Europe/Nowhere', false],
    ['', false],
    ['CET+1', false],
  ])('%j → %s', (zone, known) => {
    expect(isKnownTimeZone(zone)).toBe(known);
  });
});
