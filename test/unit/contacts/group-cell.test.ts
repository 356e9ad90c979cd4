// The group names one import cell holds: a table of cells as shops write them.
import { describe, expect, it } from 'vitest';
import { groupNamesOf } from '../../../src-shared/contacts/group-cell';

describe('groupNamesOf', () => {
  it.each([
    ['VIP', ['VIP']],
    ['VIP, Nyhedsbrev', ['VIP', 'Nyhedsbrev']],
    ['VIP;Nyhedsbrev; Kunder Aarhus ', ['VIP', 'Nyhedsbrev', 'Kunder Aarhus']],
    ['VIP,,; ;', ['VIP']],
    ['', []],
    ['   ', []],
    ['vip, VIP, Vip', ['vip']],
    ['Kunder   i  Odense', ['Kunder i Odense']],
    ['Æblegården; æblegården', ['Æblegården']],
  ])('%j → %j', (cell, names) => {
    expect(groupNamesOf(cell)).toEqual({ ok: true, names });
  });

  it('refuses a name longer than a group name may be', () => {
    const long = 'x'.repeat(81);
    expect(groupNamesOf(`VIP; ${long}`)).toEqual({ ok: false, tooLong: long });
    expect(groupNamesOf('y'.repeat(80))).toEqual({ ok: true, names: ['y'.repeat(80)] });
  });
});
