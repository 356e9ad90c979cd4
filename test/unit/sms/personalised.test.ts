// Personalised templates: merge fields, fallbacks, and per-recipient parts that match the rendered texts exactly.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  countPersonalised,
  countSegments,
  mergeFieldsIn,
  renderTemplate,
  type RecipientValues,
} from '../../../src-shared/sms/segments';
import { gsmText, smsText } from './arbitraries';

describe('mergeFieldsIn', () => {
  it.each([
    ['', []],
    ['Hej {name}', ['name']],
    ['{a}{b_2}{a} {C}', ['a', 'b_2', 'C']],
    ['{ spaced } {not-a-field} {} {æ} {{x}}', ['x']],
  ])('%j', (template, fields) => {
    expect(mergeFieldsIn(template)).toEqual(fields);
  });
});

describe('renderTemplate', () => {
  it.each<[string, string, RecipientValues, Record<string, string> | undefined, string]>([
    ['plain value', 'Hej {name}!', { name: 'Søren' }, undefined, 'Hej Søren!'],
    ['missing value uses the fallback', 'Hej {name}!', {}, { name: 'kunde' }, 'Hej kunde!'],
    ['empty value uses the fallback', 'Hej {name}!', { name: '' }, { name: 'kunde' }, 'Hej kunde!'],
    ['undefined value uses the fallback', 'Hej {name}!', { name: undefined }, { name: 'kunde' }, 'Hej kunde!'],
    ['no value and no fallback renders empty', 'Hej {name}!', {}, undefined, 'Hej !'],
    ['whitespace is a value, kept verbatim', 'Hej {name}!', { name: ' ' }, { name: 'kunde' }, 'Hej  !'],
    ['same field twice', '{a}-{a}', { a: 'x' }, undefined, 'x-x'],
    ['a value is not scanned for fields', '{a} {b}', { a: '{b}', b: 'B' }, undefined, '{b} B'],
    ['non-field braces stay', '{ a } {a-b} {a}', { a: 'x' }, undefined, '{ a } {a-b} x'],
    ['prototype names are not values', '{constructor}{toString}', {}, undefined, ''],
  ])('%s', (_name, template, values, fallbacks, expected) => {
    expect(renderTemplate(template, values, fallbacks)).toBe(expected);
  });
});

describe('countPersonalised', () => {
  const tpl = 'Hej {name}, din tid er {time}.'; // 18 GSM-7 characters besides the fields

  it.each<[string, string, RecipientValues[], Record<string, string> | undefined, object]>([
    [
      'no recipients',
      tpl,
      [],
      undefined,
      { minSegments: 0, maxSegments: 0, totalSegments: 0, recipients: 0, encodings: { gsm: 0, ucs2: 0 } },
    ],
    [
      'all one part',
      tpl,
      [
        { name: 'Bo', time: '10:00' },
        { name: 'Åse', time: '11:30' },
      ],
      undefined,
      { minSegments: 1, maxSegments: 1, totalSegments: 2, recipients: 2, encodings: { gsm: 2, ucs2: 0 } },
    ],
    [
      'a long name crosses 160 septets',
      tpl,
      [
        { name: 'a'.repeat(137), time: '10:00' }, // 18 + 137 + 5 = 160
        { name: 'a'.repeat(138), time: '10:00' }, // 161
      ],
      undefined,
      { minSegments: 1, maxSegments: 2, totalSegments: 3, encodings: { gsm: 2, ucs2: 0 } },
    ],
    [
      'an extension char in a value costs 2 septets',
      tpl,
      [{ name: 'a'.repeat(136) + '€', time: '10:00' }], // 18 + 138 + 5 = 161
      undefined,
      { minSegments: 2, maxSegments: 2, totalSegments: 2 },
    ],
    [
      'one emoji in one name makes that text UCS-2',
      tpl,
      [
        { name: 'a'.repeat(44), time: '10:00' }, // 67 GSM-7: 1 part
        { name: 'a'.repeat(43) + '😀', time: '10:00' }, // 68 UCS-2 units: 1 part
        { name: 'a'.repeat(46) + '😀', time: '10:00' }, // 71 UCS-2 units: 2 parts
      ],
      undefined,
      { minSegments: 1, maxSegments: 2, totalSegments: 4, encodings: { gsm: 1, ucs2: 2 } },
    ],
    [
      'fallbacks fill missing and empty values',
      tpl,
      [{ time: '10:00' }, { name: '', time: '10:00' }, { name: 'Bo', time: '10:00' }],
      { name: 'a'.repeat(138) },
      { minSegments: 1, maxSegments: 2, totalSegments: 5, encodings: { gsm: 3, ucs2: 0 } },
    ],
    [
      'a UCS-2 fallback',
      'Hej {name}',
      [{}, { name: 'Bo' }],
      { name: 'kære kunde ❤' },
      { minSegments: 1, maxSegments: 1, totalSegments: 2, encodings: { gsm: 1, ucs2: 1 } },
    ],
    [
      'empty template renders nothing',
      '{x}',
      [{}, { x: 'a' }],
      undefined,
      { minSegments: 0, maxSegments: 1, totalSegments: 1 },
    ],
    [
      'over the limit is counted, and flagged',
      '{body}',
      [{ body: 'a'.repeat(39015) }, { body: 'a'.repeat(39016) }],
      undefined,
      { minSegments: 255, maxSegments: 256, totalSegments: 511, overLimit: 1 },
    ],
  ])('%s', (_name, template, recipients, fallbacks, expected) => {
    expect(countPersonalised(template, recipients, { fallbacks })).toMatchObject(expected);
  });

  it('takes any iterable, read once', () => {
    function* recipients() {
      for (let i = 0; i < 1000; i++) yield { name: i % 10 === 0 ? 'Zoë 😀' : 'Bo' };
    }
    expect(countPersonalised('Hej {name}', recipients())).toMatchObject({
      recipients: 1000,
      totalSegments: 1000,
      encodings: { gsm: 900, ucs2: 100 },
    });
  });

  it('pieces joining into a surrogate pair are counted as the joined text', () => {
    // '\ud83d' + '\ude00' is 😀 once rendered: one unsplittable pair (3 parts), not two loose units (2 parts).
    const template = 'ж'.repeat(66) + '\ud83d{x}' + 'ж'.repeat(66);
    const text = renderTemplate(template, { x: '\ude00' });
    expect(countPersonalised(template, [{ x: '\ude00' }]).totalSegments).toBe(countSegments(text).segments);
    expect(countSegments(text).segments).toBe(3);
  });

  const field = fc.constantFrom('name', 'a', 'b_1');
  const template = fc
    .array(fc.oneof(fc.oneof(smsText, gsmText).map((t) => ({ literal: t })), field.map((f) => ({ field: f }))), {
      maxLength: 6,
    })
    .map((pieces) => pieces.map((p) => ('field' in p ? `{${p.field}}` : p.literal)).join(''));
  const value = fc.option(fc.oneof(smsText, gsmText, fc.constant('')), { nil: undefined });
  const recipient = fc.record({ name: value, a: value, b_1: value }, { requiredKeys: [] });
  const fallbacks = fc.option(fc.record({ name: smsText, a: gsmText }, { requiredKeys: [] }), { nil: undefined });

  it('equals counting every rendered text one by one', () => {
    fc.assert(
      fc.property(template, fc.array(recipient, { maxLength: 8 }), fallbacks, (tpl, recipients, fb) => {
        const rendered = recipients.map((r) => countSegments(renderTemplate(tpl, r, fb)));
        const segments = rendered.map((c) => c.segments);
        expect(countPersonalised(tpl, recipients, { fallbacks: fb })).toEqual({
          minSegments: segments.length === 0 ? 0 : Math.min(...segments),
          maxSegments: segments.length === 0 ? 0 : Math.max(...segments),
          totalSegments: segments.reduce((s, n) => s + n, 0),
          recipients: recipients.length,
          encodings: {
            gsm: rendered.filter((c) => c.encoding === 'GSM-7').length,
            ucs2: rendered.filter((c) => c.encoding === 'UCS-2').length,
          },
          overLimit: rendered.filter((c) => c.overLimit).length,
        });
      }),
      { numRuns: 500 },
    );
  });
});
