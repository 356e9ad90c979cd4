// The composer's one-click GSM-7 fix: what it swaps, what it takes out, and that the result is GSM-7.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { markUcs2, toGsm7 } from '../../../src-renderer/composables/useSegmentCounter';
import { countSegments } from '../../../src-shared/sms/segments';

describe('toGsm7', () => {
  it.each([
    ['Hi {first_name} 😀, it’s 20% off!', 'Hi {first_name}, it\'s 20% off!', [{ from: '’', to: "'", count: 1 }], [{ char: '😀', count: 1 }]],
    ['Sale 😀 today', 'Sale today', [], [{ char: '😀', count: 1 }]],
    ['Sale today 😀😀', 'Sale today', [], [{ char: '😀', count: 2 }]],
    ['“Quoted” – dash…', '"Quoted" - dash...', [{ from: '“', to: '"', count: 1 }, { from: '”', to: '"', count: 1 }, { from: '–', to: '-', count: 1 }, { from: '…', to: '...', count: 1 }], []],
    ['Plain GSM: æøå ÆØÅ {x}', 'Plain GSM: æøå ÆØÅ {x}', [], []],
  ])('%j → %j', (input, text, replaced, removed) => {
    const fix = toGsm7(input);
    expect(fix.text).toBe(text);
    expect(fix.replaced).toEqual(replaced);
    expect(fix.removed).toEqual(removed);
    expect(fix.changes).toBe(replaced.length + removed.length > 0);
  });

  it('always yields GSM-7 and never touches merge fields', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), (s) => {
        const fixed = toGsm7(`${s} {first_name}`).text;
        expect(countSegments(fixed).encoding).toBe('GSM-7');
        expect(fixed).toContain('{first_name}');
      }),
    );
  });
});

describe('markUcs2', () => {
  it('marks only the characters that force UCS-2, keeping the text whole', () => {
    const runs = markUcs2('Hi 😀 Zoë', ['😀', 'ë']);
    expect(runs).toEqual([
      { text: 'Hi ', ucs2: false },
      { text: '😀', ucs2: true },
      { text: ' Zo', ucs2: false },
      { text: 'ë', ucs2: true },
    ]);
    expect(runs.map((r) => r.text).join('')).toBe('Hi 😀 Zoë');
  });
});
