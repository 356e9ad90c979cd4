// The compose store against a fake window.besked: it opens the draft the core has, saves edits once typing pauses
// (400 ms) and refreshes the preview sooner (250 ms), and saves what is waiting before it sends at the cost shown.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import type { ComposePreview, RecipientPreview } from '../../../src-shared/contract';
import { useComposeStore } from '../../../src-renderer/stores/compose';
import { installFakeBesked, Refused, type FakeBesked } from './support/fake-besked';
import { detail, summary } from './support/campaign-fixtures';

// The store reads only these of a preview; the rest is the views' business.
const preview = (total: number) => ({ recipients: 1, canSend: true, cost: { currency: 'DKK', total, unpriced: 0, byCountry: [] } }) as unknown as ComposePreview;
const recipient: RecipientPreview = { index: 0, total: 1, msisdn: 4512345678, name: null, text: 'Hi', parts: 1, encoding: 'GSM-7', characters: 2, usedFallback: [] };

let besked: FakeBesked;

beforeEach(() => {
  vi.useFakeTimers();
  besked = installFakeBesked({
    'campaigns.list': () => ({ campaigns: [summary({ id: 4, state: 'sent' }), summary({ id: 9, state: 'draft' })] }),
    'campaigns.get': ({ id }) => detail({ id, state: 'draft' }),
    'campaigns.saveDraft': ({ id }) => ({ id, updatedAt: '2026-03-01T11:00:00.000Z' }),
    'compose.preview': () => preview(1.5),
    'compose.recipient': () => recipient,
  });
  setActivePinia(createPinia());
});
afterEach(() => vi.useRealTimers());

async function openDraft() {
  const store = useComposeStore();
  await store.open();
  await vi.runAllTimersAsync();
  besked.calls.length = 0;
  return store;
}

describe('compose store', () => {
  it('opens the newest draft the core has and previews it at once', async () => {
    const store = useComposeStore();
    await store.open();
    expect(store.id).toBe(9);
    expect(besked.inputs('campaigns.get')).toEqual([{ id: 9 }]);
    await vi.advanceTimersByTimeAsync(0);
    expect(besked.inputs('compose.preview')).toHaveLength(1);
    expect(store.preview?.cost?.total).toBe(1.5);
  });

  it('saves a burst of edits once, 400 ms after the last, and previews it after 250 ms', async () => {
    const store = await openDraft();
    for (const text of ['H', 'He', 'Hey']) {
      store.draft!.text = text;
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(besked.inputs('compose.preview')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(150);
    expect(besked.inputs('compose.preview').map((i) => i.draft.text)).toEqual(['Hey']);
    expect(besked.inputs('campaigns.saveDraft')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(149);
    expect(besked.inputs('campaigns.saveDraft')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(besked.inputs('campaigns.saveDraft').map((i) => i.draft.text)).toEqual(['Hey']);
    expect(store.savedAt).toBe('2026-03-01T11:00:00.000Z');
  });

  it('saves a waiting edit before sending, at the cost the user saw, and not again afterwards', async () => {
    besked.handlers['campaigns.send'] = ({ id }) => summary({ id, state: 'sending' });
    const store = await openDraft();
    store.draft!.text = 'Last words';
    await vi.advanceTimersByTimeAsync(0);
    await store.send();
    expect(besked.calls.filter((c) => c.name === 'campaigns.saveDraft' || c.name === 'campaigns.send').map((c) => c.name)).toEqual(['campaigns.saveDraft', 'campaigns.send']);
    expect(besked.inputs('campaigns.send')).toEqual([{ id: 9, expectedCost: 1.5 }]);
    expect(store.draft).toBeNull();
    await vi.advanceTimersByTimeAsync(1000);
    expect(besked.inputs('campaigns.saveDraft')).toHaveLength(1);
  });

  it('keeps a refused save as its error and tries again on the next flush', async () => {
    const store = await openDraft();
    besked.handlers['campaigns.saveDraft'] = () => {
      throw new Refused({ kind: 'validation', message: 'A label holds at most 128 characters' });
    };
    store.draft!.name = 'x';
    await vi.advanceTimersByTimeAsync(400);
    expect(store.saveError?.message).toBe('A label holds at most 128 characters');
    besked.handlers['campaigns.saveDraft'] = ({ id }) => ({ id, updatedAt: '2026-03-01T12:00:00.000Z' });
    await store.flush();
    expect(store.saveError).toBeNull();
    expect(besked.inputs('campaigns.saveDraft')).toHaveLength(2);
  });
});

describe('whose draft it is', () => {
  it.each([
    ['one PC: nothing to choose', {}, null],
    ['its author on a server', { author: { id: 2, name: 'Bo' }, shared: false, mayShare: true }, { author: 'Bo', shared: false, mayEdit: true, mayShare: true }],
    ['an owner on a colleague\'s private draft', { author: { id: 2, name: 'Bo' }, shared: false, mayEdit: false }, { author: 'Bo', shared: false, mayEdit: false, mayShare: false }],
  ])('%s', async (_what, patch, sharing) => {
    besked.handlers['campaigns.get'] = ({ id }) => ({ ...detail({ id, state: 'draft' }), ...patch });
    const store = await openDraft();
    expect(store.sharing).toEqual(sharing);
  });

  it('shares the draft and makes it private again at the core', async () => {
    besked.handlers['campaigns.get'] = ({ id }) => ({ ...detail({ id, state: 'draft', author: { id: 2, name: 'Bo' }, shared: false }), mayShare: true });
    besked.handlers['campaigns.share'] = ({ id, shared }) => summary({ id, state: 'draft', author: { id: 2, name: 'Bo' }, shared });
    const store = await openDraft();
    await store.setShared(true);
    expect(store.sharing?.shared).toBe(true);
    await store.setShared(false);
    expect(besked.inputs('campaigns.share')).toEqual([
      { id: 9, shared: true },
      { id: 9, shared: false },
    ]);
    expect(store.sharing?.shared).toBe(false);
  });
});
