// Every audited call of the contract (callRules with an `audit` action), and the sign-in the team's accounts write
// to the trail, is named in words in English and in Danish, so the Audit view never shows a bare call name.
import { describe, expect, it } from 'vitest';
import { callRules } from '../../../src-shared/contract';
import { callLabel, callLabelKey } from '../../../src-renderer/components/audit/call-label';
import { en } from '../../../src-renderer/i18n/en';
import { da } from '../../../src-renderer/i18n/da';

const audited = [...Object.entries(callRules).flatMap(([name, r]) => ('audit' in r && r.audit ? [name] : [])), 'team.signIn'];

/** The message at a dotted key path, or undefined. */
function at(tree: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), tree);
}

describe('audit call labels', () => {
  it('there are audited calls to name', () => {
    expect(audited.length).toBeGreaterThan(30);
  });

  it.each([
    ['en', en],
    ['da', da],
  ] as const)('%s names every audited call', (_, messages) => {
    const missing = audited.filter((name) => typeof at(messages, callLabelKey(name)) !== 'string');
    expect(missing).toEqual([]);
  });

  it('shows a call it has no words for by its name', () => {
    const words = { t: (k: string) => String(at(en, k)), te: (k: string) => typeof at(en, k) === 'string' };
    expect([callLabel('campaigns.send', words), callLabel('something.new', words)]).toEqual(['Sent a campaign', 'something.new']);
  });
});
