// The composer's preview of a long list lets other calls through while it composes and prices the texts (issue 30.3):
// the event loop turns every few thousand texts, instead of being held for the whole list.
import { afterEach, expect, it } from 'vitest';
import { draft, numbers, startTestCore, type TestCore } from './helpers';

let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

it('turns the event loop while it composes 20,000 texts', async () => {
  t = await startTestCore();
  const recipients = { contactIds: [], groupIds: [], searches: [], numbers: numbers(1, 20_000) };
  // The first preview resolves the list (and waits for the price list); the second, with another text, only composes.
  await t.ok('compose.preview', { draft: draft({ recipients, text: 'Hej' }) });
  let turns = 0;
  let composing = true;
  const turn = () => {
    turns++;
    if (composing) setImmediate(turn);
  };
  setImmediate(turn);
  const p = await t.ok('compose.preview', { draft: draft({ recipients, text: 'Hej igen, vi ses i butikken' }) });
  composing = false;
  expect(p.recipients).toBe(20_000);
  expect(turns).toBeGreaterThanOrEqual(9);
});
