// Keyword auto-replies: first word, case and accents, æ ø å as letters, fallback, and opt-out words never answered.
import { describe, expect, it } from 'vitest';
import { firstWord, isKeywordAllowed, isOptOutText, matchRule, normaliseKeyword } from '../../../src-shared/automations/keyword-match';

describe('firstWord', () => {
  it.each([
    ['ÅBEN', 'ÅBEN'],
    ['  åben i dag?', 'åben'],
    ['Åben?', 'Åben'],
    ['«JA» tak', 'JA'],
    ['PIZZA-2 please', 'PIZZA-2'],
    ['... hej', 'hej'],
    ['\n\tJa\n', 'Ja'],
    ['', ''],
    ['  !!  ', ''],
    ['😀 hej', 'hej'],
  ])('%j → %j', (text, word) => {
    expect(firstWord(text)).toBe(word);
  });
});

describe('normaliseKeyword', () => {
  it.each([
    ['åben', 'ÅBEN'],
    ['Åben', 'ÅBEN'],
    ['a\u030Aben', 'ÅBEN'], // å written decomposed
    ['æble', 'ÆBLE'],
    ['Øl', 'ØL'],
    ['café', 'CAFE'],
    ['CAFÉ', 'CAFE'],
    ['müsli', 'MUSLI'],
    ['Ja!', 'JA'],
    ['ja', 'JA'],
  ])('%j → %j', (word, normal) => {
    expect(normaliseKeyword(word)).toBe(normal);
  });

  it('keeps å apart from a (ÅBEN is not ABEN)', () => {
    expect(normaliseKeyword('åben')).not.toBe(normaliseKeyword('aben'));
  });
});

describe('matchRule', () => {
  const rules = [
    { id: 1, keywords: ['ÅBEN', 'tider'], fallback: false },
    { id: 2, keywords: ['JA', 'start'], fallback: false },
    { id: 3, keywords: [], fallback: true },
  ];
  const noFallback = rules.filter((r) => !r.fallback);
  const settingsWords = ['STOP', 'STOPP', 'AFMELD', 'NEJ TAK', 'FRAMELD'];

  it.each([
    ['åben', rules, 1],
    ['Åben i morgen?', rules, 1],
    ['ÅBEN', rules, 1],
    ['Tider!', rules, 1],
    ['ja', rules, 2],
    ['Ja tak', rules, 2],
    ['START', rules, 2],
    ['aben', rules, 3], // not ÅBEN: the fallback answers
    ['hvad koster det?', rules, 3],
    ['', rules, 3],
    ['hvad koster det?', noFallback, null],
    ['jatak', noFallback, null], // a keyword inside a longer word does not count
    // Opt-out texts match nothing, not even the fallback.
    ['STOP', rules, null],
    ['stop', rules, null],
    ['Stopp!', rules, null],
    ['afmeld', rules, null],
    ['PIZZA STOP', rules, null], // after one leading word, as the inbox reads it
    ['nej tak', rules, null], // a Settings word of two words
    ['frameld mig', rules, null],
    ['stopper I kl. 5?', rules, 3], // STOPPER is not STOP
  ] as const)('%j → rule %s', (text, list, id) => {
    expect(matchRule(text, list, settingsWords)?.id ?? null).toBe(id);
  });

  it('refuses the built-in opt-out words even when Settings hold none', () => {
    expect(matchRule('STOP', rules, [])).toBeNull();
    expect(isOptOutText('Afmeld', [])).toBe(true);
  });

  it('takes the first rule in the order given when two share a keyword', () => {
    const twice = [
      { id: 7, keywords: ['ja'], fallback: false },
      { id: 8, keywords: ['JA'], fallback: false },
    ];
    expect(matchRule('Ja', twice, [])?.id).toBe(7);
  });
});

describe('isKeywordAllowed', () => {
  it.each([
    ['ÅBEN', true],
    ['ja', true],
    ['PIZZA-2', true],
    ['STOP', false],
    ['stop', false],
    ['Stopp', false],
    ['AFMELD', false],
    ['FRAMELD', false], // a Settings word
    ['', false],
    ['  ', false],
    ['!!', false],
    ['two words', false],
  ])('%j → %s', (word, allowed) => {
    expect(isKeywordAllowed(word, ['FRAMELD'])).toBe(allowed);
  });
});
