// The simulator's pure rules, table-driven: expiration formats, form-key expansion, tags, senders, lookups, faults, clock.
import { describe, expect, it } from 'vitest';
import { SimClock } from '../../../src-sim/clock';
import { timeline } from '../../../src-sim/delivery';
import { parseExpiration } from '../../../src-sim/expiration';
import { FaultSet, pathMatches } from '../../../src-sim/faults';
import { danishNumber, lookup } from '../../../src-sim/hlr';
import { expandKeys, parseMsisdn } from '../../../src-sim/legacy-input';
import { countryOf } from '../../../src-sim/prices';
import { senderProblem } from '../../../src-sim/sender-rules';
import { tagFiller } from '../../../src-sim/tags';
import { retryDelayS } from '../../../src-sim/webhooks';

const NOW = Date.UTC(2026, 0, 10, 12, 0, 0);

describe('parseExpiration', () => {
  it.each<[unknown, number | null]>([
    [undefined, 432_000],
    ['PT1H', 3600],
    ['PT10M', 600],
    ['P1D', 86_400],
    ['P5D', 432_000],
    ['PT1.5S', 1.5],
    ['P1W', null],
    ['P1DT2H', 93_600],
    ['P', null],
    ['PT', null],
    ['P1DT', null],
    ['P6D', null],
    ['PT0S', null],
    [60, 60],
    ['60', 60],
    [432_000, 432_000],
    [432_001, null], // a timestamp in 1970
    [0, null],
    [-5, null],
    [NOW / 1000 + 100, 100],
    [NOW / 1000 - 100, null],
    ['2026-01-11T12:00:00Z', 86_400],
    ['2026-01-11 12:00:00Z', 86_400],
    ['2026-01-11T12:00:00', 86_400],
    ['2026-01-11T12:00:00.5Z', 86_400.5],
    ['2026-01-11T12:00:00.123456Z', 86_400.123],
    ['2026-01-11T14:00:00+02:00', 86_400],
    ['2026-01-11T14:00:00+0200', 86_400],
    ['2026-01-11T07:00:00-05:00', 86_400],
    ['2026-01-15T12:00:00Z', 432_000],
    ['2026-01-15T12:02:00Z', null],
    ['2026-02-30T12:00:00Z', null],
    ['2026-01-11T25:00:00Z', null],
    ['2026-01-11', null],
    ['tomorrow', null],
    [true, null],
    [null, null],
    [{}, null],
  ])('%j → %s seconds', (input, seconds) => {
    const r = parseExpiration(input, NOW);
    if (seconds === null) expect(r.ok).toBe(false);
    else {
      expect(r.ok).toBe(true);
      if (r.ok) expect(r.expiresAt - NOW).toBeCloseTo(seconds * 1000, 0);
    }
  });
});

describe('expandKeys (form data and query strings)', () => {
  it.each<[[string, string][], unknown]>([
    [[['message', 'hi']], { message: 'hi' }],
    [
      [
        ['recipients.0.msisdn', '45'],
        ['recipients.1.msisdn', '46'],
      ],
      { recipients: [{ msisdn: '45' }, { msisdn: '46' }] },
    ],
    [[['recipients[0][msisdn]', '45']], { recipients: [{ msisdn: '45' }] }],
    [
      [
        ['tags', 'a'],
        ['tags', 'b'],
      ],
      { tags: ['a', 'b'] },
    ],
    [[['tags[]', 'a']], { tags: ['a'] }],
    [
      [
        ['tags.1', 'b'],
        ['tags.0', 'a'],
      ],
      { tags: ['a', 'b'] },
    ],
    [
      [
        ['recipients.0.tagvalues.0', 'x'],
        ['recipients.0.msisdn', '45'],
      ],
      { recipients: [{ tagvalues: ['x'], msisdn: '45' }] },
    ],
    [
      [
        ['0.message', 'a'],
        ['1.message', 'b'],
      ],
      [{ message: 'a' }, { message: 'b' }],
    ],
    [
      [
        ['token', 'secret'],
        ['message', 'm'],
      ],
      { message: 'm' },
    ],
    // An appended group: the key goes on after an empty segment (found by the robustness fuzz as '.').
    [[['.', 'x']], [['x']]],
    [[['a[][b]', 'x']], { a: [{ b: 'x' }] }],
  ])('%j', (pairs, expected) => {
    expect(expandKeys(pairs)).toEqual(expected);
  });

  it('refuses prototype keys and keys used both as a value and a group', () => {
    expect(() => expandKeys([['__proto__.x', '1']])).toThrow();
    expect(() =>
      expandKeys([
        ['a', '1'],
        ['a.b', '2'],
      ]),
    ).toThrow();
  });
});

describe('parseMsisdn', () => {
  it.each<[unknown, number | null]>([
    [4512345678, 4512345678],
    ['4512345678', 4512345678],
    ['+4512345678', 4512345678],
    ['004512345678', 4512345678],
    [' 4512345678 ', 4512345678],
    ['45 12 34 56 78', null],
    [1000, null],
    ['1001', 1001],
    [4512345678.5, null],
    ['1234567890123456', null],
    [null, null],
  ])('%j → %s', (input, out) => {
    expect(parseMsisdn(input)).toBe(out);
  });
});

describe('tagFiller', () => {
  it.each<[string[], string, string[], string]>([
    [['%n%'], 'Hi %n%!', ['Anna'], 'Hi Anna!'],
    [['%n%'], '%n% %n%', ['A'], 'A A'],
    [['%a%', '%b%'], '%a%-%b%', ['%b%', 'x'], '%b%-x'],
    [['$1', '.*'], '$1 .*', ['a', 'b'], 'a b'],
    [['name', 'name2'], 'name2 name', ['X', 'Y'], 'Y X'],
    [[], 'plain', [], 'plain'],
  ])('%j in %j', (tags, text, values, out) => {
    expect(tagFiller(tags)(text, values)).toBe(out);
  });
});

describe('sender rule', () => {
  const dk = countryOf(4512345678);
  const us = countryOf(12025550123);
  it.each<[string, boolean, boolean]>([
    ['Shop', true, false],
    ['ElevenChars', true, false],
    ['TwelveChars1', false, false],
    ['4512345678', true, true],
    ['+451234567890123', true, true],
    ['1234567890123456', false, false],
  ])('%s: Denmark %s, United States %s', (sender, okDk, okUs) => {
    expect(senderProblem(sender, dk) === null).toBe(okDk);
    expect(senderProblem(sender, us) === null).toBe(okUs);
  });
});

describe('country by calling code', () => {
  it.each<[number, string | undefined]>([
    [4512345678, 'DK'],
    [4612345678, 'SE'],
    [4712345678, 'NO'],
    [4912345678, 'DE'],
    [4412345678, 'GB'],
    [12025550123, 'US'],
    [358401234567, 'FI'],
    [31612345678, 'NL'],
    [33612345678, 'FR'],
    [48512345678, 'PL'],
    [2991234, 'GL'],
    [99912345678, undefined],
  ])('%d → %s', (n, iso) => {
    expect(countryOf(n)?.country).toBe(iso);
  });
});

describe('number lookup', () => {
  it.each<[unknown, string | null]>([
    ['+4512345678', '12345678'],
    ['004512345678', '12345678'],
    ['4512345678', '12345678'],
    ['12345678', '12345678'],
    [4512345678, '12345678'],
    ['4612345678', null],
    ['451234567', null],
    [null, null],
  ])('danishNumber(%j) = %s', (input, out) => {
    expect(danishNumber(input)).toBe(out);
  });

  it('leaves numbers ending 00 out, marks 0 landline and 3/6/9 ported', () => {
    expect(lookup('12345600')).toBeNull();
    expect(lookup('12345670')!.type).toBe('landline');
    expect(lookup('12345673')!.ported).toBe(true);
    expect(lookup('12345671')!.ported).toBe(false);
  });
});

describe('legacy timeline', () => {
  it('reports SCHEDULED at submit for a later sendtime, then the outcome relative to sending', () => {
    const r = timeline({ outcome: 'delivered', iface: 'legacy', createdAt: 0, sendAt: 100_000, expiresAt: 1e9 });
    expect(r.map((x) => [x.status, x.at])).toEqual([
      ['SCHEDULED', 0],
      ['ENROUTE', 101_000],
      ['DELIVERED', 103_000],
    ]);
  });

  it('reports only DELETED after SCHEDULED for a deleted message', () => {
    const r = timeline({ outcome: 'delivered', iface: 'legacy', createdAt: 0, sendAt: 100_000, expiresAt: 1e9, deletedAt: 50_000 });
    expect(r.map((x) => x.status)).toEqual(['SCHEDULED', 'DELETED']);
  });
});

describe('faults and retries', () => {
  it('matches exact paths and * prefixes', () => {
    expect(pathMatches('/rest/me', '/rest/me')).toBe(true);
    expect(pathMatches('/rest/me', '/rest/mea')).toBe(false);
    expect(pathMatches('/rest/*', '/rest/mtsms/5')).toBe(true);
    expect(pathMatches('*', '/mobile/single')).toBe(true);
  });

  it('spends a counted rule', () => {
    const f = new FaultSet();
    f.set([{ path: '/x', count: 1, status: 500 }]);
    expect(f.decide('GET', '/x')?.status).toBe(500);
    expect(f.decide('GET', '/x')).toBeNull();
    expect(f.list()).toEqual([]);
  });

  it('backs off exponentially up to an hour', () => {
    expect([1, 2, 3, 4, 9, 10, 30].map(retryDelayS)).toEqual([10, 20, 40, 80, 2560, 3600, 3600]);
  });
});

describe('SimClock', () => {
  it('runs at speed, advances, and fires due work in time order, including work scheduled by work', () => {
    let real = 1_000_000;
    const clock = new SimClock(10, 0, () => real);
    const fired: string[] = [];
    clock.schedule(5_000, () => fired.push('b'));
    clock.schedule(1_000, () => {
      fired.push('a');
      clock.schedule(1_500, () => fired.push('a2'));
    });
    clock.schedule(60_000, () => fired.push('c'));
    real += 200; // 2 simulated seconds
    expect(clock.now()).toBe(2_000);
    clock.runDue();
    expect(fired).toEqual(['a', 'a2']);
    clock.advance(10);
    expect(fired).toEqual(['a', 'a2', 'b']);
    expect(clock.pending()).toBe(1);
    clock.close();
  });

  it('refuses a negative advance and a non-positive speed', () => {
    expect(() => new SimClock(0)).toThrow();
    const c = new SimClock();
    expect(() => c.advance(-1)).toThrow();
    c.close();
  });
});
