// A reply's sender follows the same rule as a campaign's on the interface replies go out on (src-shared/senders.ts:
// 3–18 characters; the legacy interface refuses more than 11 letters and digits or 15 digits).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCore, type TestCore } from './core-fixture';

let t: TestCore;
beforeAll(async () => {
  t = await startTestCore();
});
afterAll(async () => {
  await t.close();
});

const CUSTOMER = 4520304051;

const cases: [sender: string, accepted: boolean][] = [
  ['AB', false],
  ['12', false],
  ['ABCDEFGHIJKL', false],
  ['1234567890123456', false],
  ['Shop', true],
  ['1919', true],
  ['ABCDEFGHIJK', true],
  ['Café', true],
];

describe('a reply’s sender', () => {
  it.each(cases)('%s → accepted: %s', async (sender, accepted) => {
    const r = await t.core.dispatch('inbox.reply', { msisdn: CUSTOMER, text: 'Hej', sender });
    expect(r.ok).toBe(accepted);
    if (!r.ok) expect(r.error).toMatchObject({ kind: 'validation', code: 'reply.badSender' });
  });
});
