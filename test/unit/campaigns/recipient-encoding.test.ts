// The outbox's shortcut for a recipient's encoding must agree with counting the rendered text, for any values.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { recipientNeedsUcs2 } from '../../../src-main/core/campaigns/outbox/recipient-encoding';
import { TemplateComposer } from '../../../src-main/core/campaigns/recipients/composition';
import { countSegments } from '../../../src-shared/sms/segments';

const ucs2 = (text: string) => countSegments(text).encoding === 'UCS-2';

/** The shortcut against the truth: the composer's rendered text, counted. */
function agree(template: string, values: Record<string, string>, fallbacks: Record<string, string> = {}) {
  const composed = new TemplateComposer(template, fallbacks).compose(values);
  const json = composed.tagvalues === null ? null : JSON.stringify(composed.tagvalues);
  return { shortcut: recipientNeedsUcs2(ucs2(template), json), counted: composed.ucs2 };
}

describe('recipientNeedsUcs2', () => {
  it.each([
    ['plain GSM template, plain values', 'Hej {first_name}!', { first_name: 'Anna' }, false],
    ['emoji in the template', 'Hej {first_name} 🎉', { first_name: 'Anna' }, true],
    ['emoji in a value', 'Hej {first_name}!', { first_name: 'Anna 🎉' }, true],
    ['Danish letters are GSM-7', 'Hej {first_name}!', { first_name: 'Søren Ærø Åse' }, false],
    ['a backtick is not GSM-7', 'Hej {first_name}!', { first_name: 'O`Brien' }, true],
    ['quotes and backslashes are GSM-7 though escaped in JSON', 'Hej {first_name}!', { first_name: 'A "B" \\ C' }, false],
    ['a tab is not GSM-7', 'Hej {first_name}!', { first_name: 'A\tB' }, true],
    ['a newline is GSM-7', 'Hej {first_name}!', { first_name: 'A\nB' }, false],
    ['Cyrillic', 'Hej {first_name}!', { first_name: 'Иван' }, true],
    ['the euro sign is in the extension table', 'Pris {price}', { price: '10 €' }, false],
    ['no merge fields', 'Tilbud i dag', {}, false],
  ])('%s', (_name, template, values, expected) => {
    const { shortcut, counted } = agree(template, values);
    expect(counted).toBe(expected);
    expect(shortcut).toBe(expected);
  });

  it('uses the fallback as the value when a contact lacks the field', () => {
    expect(agree('Hej {first_name}!', {}, { first_name: 'kunde 🙂' })).toEqual({ shortcut: true, counted: true });
  });

  it('agrees with counting the rendered text for any values', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-composite' }), fc.string(), fc.boolean(), (a, b, emoji) => {
        const { shortcut, counted } = agree(`Hej {a}, {b}${emoji ? ' 😀' : ''}`, { a, b });
        expect(shortcut).toBe(counted);
      }),
      { numRuns: 2000 },
    );
  });
});
