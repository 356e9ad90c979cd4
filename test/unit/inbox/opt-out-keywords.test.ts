import { describe, expect, it } from 'vitest';
import { DEFAULT_OPT_OUT_KEYWORDS, normaliseKeyword, optOutKeyword } from '../../../src-main/core/inbox/opt-out-keywords';

describe('optOutKeyword', () => {
  const rows: [string, string, readonly string[], string | null][] = [
    ['STOP', 'STOP', DEFAULT_OPT_OUT_KEYWORDS, 'STOP'],
    ['lower case', 'stop', DEFAULT_OPT_OUT_KEYWORDS, 'STOP'],
    ['punctuation and spaces', '  Stop!! ', DEFAULT_OPT_OUT_KEYWORDS, 'STOP'],
    ['Norwegian/Swedish STOPP', 'Stopp', DEFAULT_OPT_OUT_KEYWORDS, 'STOPP'],
    ['Danish AFMELD', 'afmeld', DEFAULT_OPT_OUT_KEYWORDS, 'AFMELD'],
    ['keyword then more words', 'STOP sending me this', DEFAULT_OPT_OUT_KEYWORDS, 'STOP'],
    ['after the short-code keyword', 'PIZZA STOP', DEFAULT_OPT_OUT_KEYWORDS, 'STOP'],
    ['after one polite word', 'Please stop', DEFAULT_OPT_OUT_KEYWORDS, 'STOP'],
    ['inside a longer word', 'STOPPED', DEFAULT_OPT_OUT_KEYWORDS, null],
    ['a normal reply with a similar word', 'Stopper I kl. 5?', DEFAULT_OPT_OUT_KEYWORDS, null],
    ['far into the text', 'Thanks, I will come by, but stop', DEFAULT_OPT_OUT_KEYWORDS, null],
    ['an ordinary reply', 'Ja tak, jeg kommer', DEFAULT_OPT_OUT_KEYWORDS, null],
    ['empty text', '', DEFAULT_OPT_OUT_KEYWORDS, null],
    ['only punctuation', '?!', DEFAULT_OPT_OUT_KEYWORDS, null],
    ['a user keyword with Danish letters', 'frameld mig', ['FRAMELD'], 'FRAMELD'],
    ['a user keyword with Æ Ø Å, lower case', 'nej tø', ['TØ'], 'TØ'],
    ['a two-word keyword', 'afmeld alle', ['AFMELD ALLE'], 'AFMELD ALLE'],
    ['a two-word keyword needs both words', 'afmeld', ['AFMELD ALLE'], null],
    ['no keywords configured', 'STOP', [], null],
    ['an empty keyword is ignored', 'hello', ['', '  '], null],
  ];
  it.each(rows)('%s: %j', (_name, text, keywords, expected) => {
    expect(optOutKeyword(text, keywords)).toBe(expected);
  });
});

describe('normaliseKeyword', () => {
  it.each([
    [' stop ', 'STOP'],
    ['Afmeld  alle', 'AFMELD ALLE'],
    ['stop!', 'STOP'],
  ])('%j → %j', (k, out) => expect(normaliseKeyword(k)).toBe(out));
});
