// What strangers (connections not signed in) may cost: connections and sign-ins per address and in all, known
// addresses and clients not held back by the totals, and one flood record per window with its counts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FloodRecord } from '../../../src-main/core/team';
import { StrangerLimits, type StrangerLimitSettings } from '../../../src-main/bridge/stranger-limits';

const SMALL: StrangerLimitSettings = {
  connectionsPerAddress: 2,
  connectionsTotal: 3,
  signInsPerAddress: { perSecond: 1, burst: 2 },
  signInsTotal: { perSecond: 1, burst: 3 },
  floodWindowMs: 1_000,
};

afterEach(() => {
  vi.useRealTimers();
});

function limits() {
  const clock = { now: 0 };
  const reports: FloodRecord[] = [];
  const l = new StrangerLimits(SMALL, (r) => reports.push(r), () => clock.now);
  return { l, clock, reports };
}

describe('connections of strangers', () => {
  it.each([
    // addresses connecting in turn → which were let in
    [['a', 'a', 'a'], [true, true, false]],
    [['a', 'b', 'c', 'd'], [true, true, true, false]],
    [['a', 'a', 'b', 'b'], [true, true, true, false]],
  ])('%j → %j', (addresses, expected) => {
    const { l } = limits();
    expect(addresses.map((a) => l.connect(a))).toEqual(expected);
  });

  it('frees a place when a stranger signs in or goes; a known address passes the total', () => {
    const { l } = limits();
    expect([l.connect('a'), l.connect('b'), l.connect('c'), l.connect('d')]).toEqual([true, true, true, false]);
    l.release('a');
    expect(l.connect('d')).toBe(true);
    l.signedInFrom('e');
    expect(l.connect('e')).toBe(true);
    expect(l.strangers).toBe(4);
  });
});

describe('sign-ins of strangers', () => {
  it.each([
    // attempts as [address, known client] → let through
    [[['a', false], ['a', false], ['a', false]], [true, true, false]],
    [[['a', false], ['a', false], ['a', true]], [true, true, true]],
    [[['a', false], ['b', false], ['c', false], ['d', false]], [true, true, true, false]],
  ] as [[string, boolean][], boolean[]][])('%j → %j', (attempts, expected) => {
    const { l } = limits();
    expect(attempts.map(([a, known]) => l.signIn(a, known))).toEqual(expected);
  });

  it('lets a known address past the total, not past its own limit', () => {
    const { l } = limits();
    l.signedInFrom('home');
    expect([l.signIn('a', false), l.signIn('b', false), l.signIn('c', false)]).toEqual([true, true, true]);
    expect([l.signIn('home', false), l.signIn('home', false), l.signIn('home', false)]).toEqual([true, true, false]);
  });

  it('refills with time', () => {
    const { l, clock } = limits();
    expect([l.signIn('a', false), l.signIn('a', false), l.signIn('a', false)]).toEqual([true, true, false]);
    clock.now += 1_000;
    expect(l.signIn('a', false)).toBe(true);
  });
});

describe('the flood record', () => {
  it('gathers a window’s refusals into one report with counts', () => {
    vi.useFakeTimers();
    const { l, clock, reports } = limits();
    for (let i = 0; i < 5; i++) l.connect('a');
    for (let i = 0; i < 6; i++) l.signIn('a', false);
    l.connect('y');
    l.connect('z'); // the total is full
    l.signIn('b', false);
    expect(reports).toEqual([]);
    clock.now = 1_000;
    vi.advanceTimersByTime(1_000);
    expect(reports).toEqual([
      { from: new Date(0).toISOString(), to: new Date(1_000).toISOString(), refusedConnections: 4, refusedSignIns: 4, addresses: [{ address: 'a', refused: 7 }, { address: 'z', refused: 1 }], addressCount: 2 },
    ]);
    l.flush();
    expect(reports).toHaveLength(1);
  });
});
