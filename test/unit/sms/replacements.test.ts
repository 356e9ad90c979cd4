// What suggestGsmReplacements may change (typography only) and what it must leave alone (letters, emoji).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countSegments, suggestGsmReplacements } from '../../../src-shared/sms/segments';
import { gsmSubstitutes } from '../../../src-shared/sms/replacements';
import { smsText } from './arbitraries';

describe('suggestGsmReplacements', () => {
  it.each([
    ['curly double quotes', '“Tilbud”', '"Tilbud"'],
    ['low and high-reversed double quotes', '„Hallo‟', '"Hallo"'],
    ['guillemets', '«Salut»', '"Salut"'],
    ['curly apostrophe and single quotes', 'Peter’s ‘tilbud’ ‚x‛', "Peter's 'tilbud' 'x'"],
    ['acute accent and backtick used as apostrophes', 'it´s `x`', "it's 'x'"],
    ['dashes and minus', 'a‐b‑c‒d–e—f―g−h', 'a-b-c-d-e-f-g-h'],
    ['bullet list marker', '• Æbler\n• Pærer', '- Æbler\n- Pærer'],
    ['ellipsis', 'Vent…', 'Vent...'],
    ['no-break and thin spaces', '10\u00a0kr\u2009og\u202f5\u3000x\u205fy\u2000z\u200az', '10 kr og 5 x y z z'],
    ['tab becomes a space', 'a\tb', 'a b'],
    ['zero-width characters vanish', 'Hej\u200b\ufeffdu\u00ad', 'Hejdu'],
    ['line separator becomes a newline', 'a\u2028b', 'a\nb'],
  ])('%s', (_name, text, expected) => {
    const s = suggestGsmReplacements(text);
    expect(s.text).toBe(expected);
    expect(s.remaining).toEqual([]);
    expect(s.fitsGsm7).toBe(true);
    expect(countSegments(s.text).encoding).toBe('GSM-7');
  });

  it('counts each replaced character once per kind, in order of first appearance', () => {
    expect(suggestGsmReplacements('“a” “b” – …').replacements).toEqual([
      { from: '“', to: '"', count: 2 },
      { from: '”', to: '"', count: 2 },
      { from: '–', to: '-', count: 1 },
      { from: '…', to: '...', count: 1 },
    ]);
  });

  it.each([
    ['Danish', 'Kære Åse, vi har æbler og øl på lager.'],
    ['GSM-7 accented letters and symbols', 'é è ù ì ò Ç Ø ø Å å Æ æ ß É Ä Ö Ñ Ü § ¿ à ä ö ñ ü ¡ £ ¥ ΔΦΓΛΩΠΨΣΘΞ'],
    ['extension characters', 'Pris {10€} [a|b] ~ ^ \\'],
  ])('leaves GSM-7 text untouched: %s', (_name, text) => {
    expect(suggestGsmReplacements(text)).toEqual({ text, replacements: [], remaining: [], fitsGsm7: true });
  });

  it.each([
    ['emoji', 'Tak 😀! “Hej”', 'Tak 😀! "Hej"', ['😀']],
    ['Chinese', '你好 – hej', '你好 - hej', ['你', '好']],
    ['letters outside GSM-7 are not transliterated', 'Ça coûte 5€, señorita á', 'Ça coûte 5€, señorita á', ['û', 'á']],
    ['lowercase ç stays (Ç is GSM-7, ç is not)', 'garçon', 'garçon', ['ç']],
    ['Cyrillic', 'Привет', 'Привет', ['П', 'р', 'и', 'в', 'е', 'т']],
  ])('keeps what has no faithful stand-in: %s', (_name, text, after, remaining) => {
    const s = suggestGsmReplacements(text);
    expect(s.text).toBe(after);
    expect(s.remaining).toEqual(remaining);
    expect(s.fitsGsm7).toBe(false);
  });

  it('every substitute is itself GSM-7 and replaces a non-GSM-7 character', () => {
    for (const [from, to] of gsmSubstitutes()) {
      expect(countSegments(from).encoding, from).toBe('UCS-2');
      expect(countSegments(to).encoding, to).toBe('GSM-7');
      expect(to.length).toBeLessThanOrEqual(3);
    }
  });

  it('what remains is exactly what still forces UCS-2', () => {
    fc.assert(
      fc.property(smsText, (text) => {
        const s = suggestGsmReplacements(text);
        const after = countSegments(s.text);
        expect(s.remaining).toEqual(after.nonGsmChars);
        expect(s.fitsGsm7).toBe(after.encoding === 'GSM-7');
        // Only characters from the table change; everything else is carried over in order.
        const table = gsmSubstitutes();
        let rebuilt = '';
        for (const ch of text) rebuilt += table.get(ch) ?? ch;
        expect(s.text).toBe(rebuilt);
      }),
      { numRuns: 500 },
    );
  });
});
