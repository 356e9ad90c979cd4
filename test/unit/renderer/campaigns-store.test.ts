// The campaigns store against a fake window.besked: the list and the open campaign kept live by campaign.progress
// and campaign.changed, actions that take the core's answer, and the open campaign's delivery timeline.
import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { flushPromises } from '@vue/test-utils';
import { useCampaignsStore } from '../../../src-renderer/stores/campaigns';
import { installFakeBesked, type FakeBesked } from './support/fake-besked';
import { detail, summary, timeline } from './support/campaign-fixtures';

let besked: FakeBesked;

beforeEach(() => {
  besked = installFakeBesked({
    'campaigns.list': () => ({ campaigns: [summary({ id: 1, state: 'sending' }), summary({ id: 2, state: 'sent' })] }),
    'campaigns.get': ({ id }) => detail({ id, state: 'sending' }),
  });
  setActivePinia(createPinia());
});

const progress = { id: 1, state: 'waiting' as const, waitingReason: 'offline' as const, cost: 0.3, etaSeconds: null, nextAttemptAt: '2026-03-01T10:10:00.000Z' };

describe('campaigns store', () => {
  it('loads the list', async () => {
    const store = useCampaignsStore();
    expect(store.loaded).toBe(false);
    await store.load();
    expect(store.list.map((c) => c.id)).toEqual([1, 2]);
    expect(store.loaded).toBe(true);
  });

  it('moves the listed and the open campaign on with campaign.progress', async () => {
    const store = useCampaignsStore();
    await store.load();
    await store.open(1);
    const counts = { ...summary().counts, accepted: 1, queued: 2 };
    besked.emit('campaign.progress', { ...progress, counts });
    expect(store.list[0]).toMatchObject({ state: 'waiting', waitingReason: 'offline', counts, cost: 0.3 });
    expect(store.detail).toMatchObject({ id: 1, state: 'waiting', counts, nextAttemptAt: progress.nextAttemptAt });
    expect(store.list[1]!.state).toBe('sent');
  });

  it.each([
    ['replaces a listed campaign', 2, summary({ id: 2, state: 'sent', pendingAtGateway: true }), [1, 2]],
    ['puts a new campaign first', 3, summary({ id: 3, state: 'scheduled' }), [3, 1, 2]],
    ['forgets a deleted campaign', 2, null, [1]],
  ] as const)('on campaign.changed %s', async (_, id, changed, ids) => {
    const store = useCampaignsStore();
    await store.load();
    besked.emit('campaign.changed', { id, summary: changed });
    expect(store.list.map((c) => c.id)).toEqual(ids);
    if (changed) expect(store.list.find((c) => c.id === id)).toEqual(changed);
  });

  it('reloads the open campaign when it changes, and says so for the recipients page', async () => {
    const store = useCampaignsStore();
    await store.open(1);
    besked.handlers['campaigns.get'] = ({ id }) => detail({ id, state: 'sent', pendingAtGateway: true });
    besked.emit('campaign.changed', { id: 1, summary: summary({ id: 1, state: 'sent', pendingAtGateway: true }) });
    await flushPromises();
    expect(store.detail).toMatchObject({ state: 'sent', pendingAtGateway: true });
    expect(store.detailVersion).toBe(1);
  });

  it('takes the core’s answer to a cancel into the list and the open campaign', async () => {
    besked.handlers['campaigns.cancel'] = ({ id }) => summary({ id, state: 'cancelled' });
    const store = useCampaignsStore();
    await store.load();
    await store.open(1);
    besked.handlers['campaigns.get'] = ({ id }) => detail({ id, state: 'cancelled' });
    await store.cancel(1);
    expect(besked.inputs('campaigns.cancel')).toEqual([{ id: 1 }]);
    expect(store.list[0]!.state).toBe('cancelled');
    expect(store.detail?.state).toBe('cancelled');
  });

  it('removes a deleted campaign from the list', async () => {
    besked.handlers['campaigns.delete'] = () => ({ deleted: true });
    const store = useCampaignsStore();
    await store.load();
    await store.remove(2);
    expect(besked.inputs('campaigns.delete')).toEqual([{ id: 2 }]);
    expect(store.list.map((c) => c.id)).toEqual([1]);
  });

  it('keeps the delivery timeline with the campaign it belongs to', async () => {
    besked.handlers['campaigns.statusTimeline'] = () => timeline();
    const store = useCampaignsStore();
    await store.loadTimeline(7);
    expect(besked.inputs('campaigns.statusTimeline')).toEqual([{ id: 7 }]);
    expect(store.timeline).toMatchObject({ id: 7, rollup: { sent: 3 } });
    expect(store.timeline?.buckets).toHaveLength(3);
  });
});
