// When an automation's run is held instead of sent: a problem the preview calls an error, today's spending past the
// daily limit with this run, or too little credit. Held whole, so a run is never sent in part.
import { describe, expect, it } from 'vitest';
import { spendingRefusal } from '../../../src-main/core/automations/run-campaign';

type Preview = Parameters<typeof spendingRefusal>[0];

const preview = (o: { cost?: number | null; dailyCap?: number | null; spentToday?: number; enoughCredit?: boolean | null; error?: string }): Preview => ({
  cost: o.cost === null || o.cost === undefined ? null : { total: o.cost },
  limits: { dailyCap: o.dailyCap ?? null, spentToday: o.spentToday ?? 0 },
  enoughCredit: o.enoughCredit ?? null,
  problems: o.error ? [{ level: 'error', message: o.error }] : [{ level: 'warning', message: 'a warning holds nothing' }],
});

describe('a run is held', () => {
  it.each<[string, Preview, RegExp | null]>([
    ['nothing in the way', preview({ cost: 5, dailyCap: 100, spentToday: 10, enoughCredit: true }), null],
    ['no daily limit', preview({ cost: 5_000, spentToday: 10_000 }), null],
    ['exactly up to the daily limit', preview({ cost: 10, dailyCap: 30, spentToday: 20 }), null],
    ['past the daily limit with this run', preview({ cost: 10.01, dailyCap: 30, spentToday: 20 }), /10\.01 DKK.*daily limit of 30\.00 DKK/],
    ['past the daily limit on its own', preview({ cost: 31, dailyCap: 30 }), /daily limit/],
    ['too little credit', preview({ cost: 5, enoughCredit: false }), /enough credit/],
    ['credit unknown (no balance yet)', preview({ cost: 5, enoughCredit: null }), null],
    ['an error the preview found (campaign cap, sender)', preview({ cost: 5, error: 'This message costs more than your limit per campaign.' }), /limit per campaign/],
    ['no price list while a limit is set', preview({ cost: null, dailyCap: 10, error: 'Besked has no price list yet' }), /no price list/],
  ])('%s', (_name, p, expected) => {
    const r = spendingRefusal(p, 'DKK');
    if (expected === null) expect(r).toBeNull();
    else expect(r?.message).toMatch(expected);
  });
});
