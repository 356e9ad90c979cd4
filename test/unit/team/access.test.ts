// The access rule, as a table: who may make a call declared for anyone, staff or owners.
import { describe, expect, it } from 'vitest';
import { allows, type Standing } from '../../../src-shared/team/access';
import type { Access } from '../../../src-shared/contract';

const table: [Access, Standing, boolean][] = [
  ['anyone', null, true],
  ['anyone', 'staff', true],
  ['anyone', 'owner', true],
  ['anyone', 'local', true],
  ['staff', null, false],
  ['staff', 'staff', true],
  ['staff', 'owner', true],
  ['staff', 'local', true],
  ['owner', null, false],
  ['owner', 'staff', false],
  ['owner', 'owner', true],
  ['owner', 'local', true],
];

describe('allows', () => {
  it.each(table)('a call for %s, made by %s → %s', (who, standing, expected) => {
    expect(allows(who, standing)).toBe(expected);
  });
});
