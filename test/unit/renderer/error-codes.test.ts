// Every error code in the shared registry has an English and a Danish text with exactly its {parameters},
// both compile in vue-i18n, and no text exists for a code the registry does not have.
import { describe, expect, it } from 'vitest';
import { compile } from '@intlify/core-base';
import { ERROR_CODES, coded, isErrorCode } from '../../../src-shared/error-codes';
import { en } from '../../../src-renderer/i18n/en';
import { da } from '../../../src-renderer/i18n/da';

type Tree = { readonly [k: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(path, v);
    else for (const [p, m] of leaves(v, path)) out.set(p, m);
  }
  return out;
}

const placeholders = (message: string) => [...new Set([...message.matchAll(/\{\s*([A-Za-z_]\w*)\s*\}/g)].map((m) => m[1]!))].sort();

const registry = Object.entries(ERROR_CODES).map(([code, params]) => [code, [...params].sort()] as const);

describe.each([
  ['en', leaves(en.errors as unknown as Tree)],
  ['da', leaves(da.errors as unknown as Tree)],
] as const)('%s error texts', (locale, texts) => {
  it('have a text for every registry code', () => {
    expect(registry.filter(([code]) => !texts.get(code)?.trim()).map(([code]) => code)).toEqual([]);
  });

  it('have no text for a code the registry does not have', () => {
    expect([...texts.keys()].filter((k) => !isErrorCode(k))).toEqual([]);
  });

  it('use exactly the parameters the registry names', () => {
    const differ = registry
      .filter(([code]) => texts.has(code))
      .filter(([code, params]) => placeholders(texts.get(code)!).join() !== params.join())
      .map(([code, params]) => `${code}: registry ${params.join(',')} / text ${placeholders(texts.get(code)!).join(',')}`);
    expect(differ).toEqual([]);
  });

  it('compile', () => {
    const broken: string[] = [];
    for (const [k, m] of texts) compile(m, { key: k, locale, onError: (e) => broken.push(`${k}: ${e.message}`), warnHtmlMessage: false });
    expect(broken).toEqual([]);
  });
});

describe('coded', () => {
  it('gives a code without parameters no params, and copies the parameters of one with them', () => {
    expect(coded('campaign.alreadySent')).toEqual({ code: 'campaign.alreadySent' });
    expect(coded('gateway.unreachable', { host: '127.0.0.1:9', reason: 'ECONNREFUSED' })).toEqual({
      code: 'gateway.unreachable',
      params: { host: '127.0.0.1:9', reason: 'ECONNREFUSED' },
    });
  });

  it('knows only registry codes', () => {
    expect([isErrorCode('gateway.noToken'), isErrorCode('gateway'), isErrorCode('toString'), isErrorCode(undefined)]).toEqual([true, false, false, false]);
  });
});
