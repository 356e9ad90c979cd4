// The flood: 1,000 texts from 100 numbers against a keyword rule answer each number within the rule's limit
// (once per 24 hours), and our own number texting us is never answered, so Besked cannot talk to itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCore, type TestCore } from '../inbox/core-fixture';
import { activate, draftOf, keyword, ledgerOf, texts } from './replies-fixture';

let t: TestCore;
beforeAll(async () => {
  t = await startTestCore();
});
afterAll(async () => {
  await t.close();
});

const OWN = 4570100100;
const NUMBERS = Array.from({ length: 100 }, (_, i) => 4521000000 + i);

describe('an inbound flood', () => {
  it('answers 1,000 texts from 100 numbers once per number and never its own number', async () => {
    const rule = activate(t, draftOf('Info', keyword({ keywords: ['INFO'], frequency: { kind: 'period', hours: 24 } }), 'Info: se butikken.dk', String(OWN)));
    const flood: [number, string][] = [];
    for (let round = 0; round < 10; round++) for (const n of NUMBERS) flood.push([n, `info ${round}`]);
    for (let i = 0; i < 10; i++) flood.push([OWN, 'Info: se butikken.dk']);

    const got = await texts(t, flood, OWN);
    expect(got).toHaveLength(1010);
    const byOutcome = got.reduce<Record<string, number>>((m, d) => ({ ...m, [d.outcome]: (m[d.outcome] ?? 0) + 1 }), {});
    expect(byOutcome).toEqual({ replied: 100, limited: 900, not_a_phone: 10 });
    expect(new Set(got.filter((d) => d.outcome === 'replied').map((d) => d.msisdn))).toEqual(new Set(NUMBERS));
    expect(got.every((d) => d.automation_id === rule)).toBe(true);

    const sent = await ledgerOf(t, 100);
    expect(sent).toHaveLength(100);
    expect(sent.map((m) => m.recipient).sort()).toEqual([...NUMBERS].sort());
    expect(sent.some((m) => m.recipient === OWN)).toBe(false);
  }, 120_000);
});
