// The spellings the editor offers for a keyword with æ, ø or å (issue 27.8): aa for å, oe for ø, ae for æ.
import { describe, expect, it } from 'vitest';
import { commonSpelling, missingSpellings } from '../../../src-shared/automations/keyword-spellings';
import { matchRule } from '../../../src-shared/automations/keyword-match';

describe('common spellings of a keyword', () => {
  it.each([
    ['ÅBEN', 'AABEN'],
    ['åben', 'AABEN'],
    ['A\u030Aben', 'AABEN'],
    ['ØL', 'OEL'],
    ['æble', 'AEBLE'],
    ['Grøn-Æble', 'GROEN-AEBLE'],
    ['blåbær', 'BLAABAER'],
    ['JA', null],
    ['café', null],
    ['', null],
  ] as const)('%s → %s', (keyword, spelled) => {
    expect(commonSpelling(keyword)).toBe(spelled);
  });

  it.each([
    [['ÅBEN'], ['AABEN']],
    [['ÅBEN', 'aaben'], []],
    [['ÅBEN', 'åben', 'ØL'], ['AABEN', 'OEL']],
    [['JA', 'START'], []],
  ] as const)('a rule with %j is offered %j', (keywords, offered) => {
    expect(missingSpellings(keywords)).toEqual(offered);
  });

  it('once added, the spelling is answered by the rule ("Aaben" to ÅBEN + AABEN)', () => {
    const rule = { id: 1, keywords: ['ÅBEN', ...missingSpellings(['ÅBEN'])], fallback: false };
    expect(matchRule('Aaben?', [rule], [])).toBe(rule);
    expect(matchRule('Aaben?', [{ ...rule, keywords: ['ÅBEN'] }], [])).toBeNull();
  });
});
