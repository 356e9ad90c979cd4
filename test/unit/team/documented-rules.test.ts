// docs/team.md and the contract's rules table say the same (issue 26.7): the page's list of owner-only calls is
// exactly the calls callRules gives to owners, every call the page lists as what staff may read is one staff may
// make, and no call that exports is open to staff (the page says staff export nothing).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { callRules, type CallName } from '../../../src-shared/contract';
import { allows } from '../../../src-shared/team/access';

const page = readFileSync(join(__dirname, '../../../docs/team.md'), 'utf8');

/** The `domain.call` names written between a list's begin and end markers on the page. */
function listed(name: string): string[] {
  const begin = page.indexOf(`<!-- ${name}:begin -->`);
  const end = page.indexOf(`<!-- ${name}:end -->`);
  if (begin < 0 || end < begin) throw new Error(`docs/team.md has no ${name} list`);
  return [...page.slice(begin, end).matchAll(/`([a-z]+\.[A-Za-z]+)`/g)].map((m) => m[1]!);
}
const names = Object.keys(callRules) as CallName[];
const sorted = (xs: readonly string[]) => [...xs].sort();

describe('docs/team.md against callRules', () => {
  it('lists exactly the owner-only calls, each once', () => {
    const documented = listed('owner-only');
    expect(documented.length).toBe(new Set(documented).size);
    expect(sorted(documented)).toEqual(sorted(names.filter((n) => callRules[n].who === 'owner')));
  });

  it('lists as staff reads only calls staff may make, and only calls that exist', () => {
    const reads = listed('staff-reads');
    expect(reads.filter((n) => !(n in callRules))).toEqual([]);
    expect(reads.filter((n) => !allows(callRules[n as CallName].who, 'staff'))).toEqual([]);
  });

  it('leaves staff no export, as the page says', () => {
    expect(names.filter((n) => callRules[n].audit === 'export' && allows(callRules[n].who, 'staff'))).toEqual([]);
  });

  it('gives the decision on uncertain recipients to the owner, as the page and the guarantees say', () => {
    expect(callRules['campaigns.resolveUncertain'].who).toBe('owner');
  });
});
