// The automations store against a fake window.besked: it calls the contract and keeps the core's answers (the
// list, the open automation, next sends, history pages), follows automations.changed, keeps automations.attention
// as notices, and drops a next-sends answer that an edit made since has overtaken.
import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { flushPromises } from '@vue/test-utils';
import { useAutomationsStore } from '../../../src-renderer/stores/automations';
import { installFakeBesked, type FakeBesked } from './support/fake-besked';
import { automation, historyRun, nextSends, recurringDraft } from './support/automation-fixtures';

let besked: FakeBesked;

beforeEach(() => {
  besked = installFakeBesked({
    'automations.list': () => ({ automations: [automation({ id: 2, state: 'active' }), automation({ id: 1 })] }),
    'automations.get': ({ id }) => automation({ id, state: 'active' }),
  });
  setActivePinia(createPinia());
});

describe('automations store', () => {
  it('loads the list', async () => {
    const store = useAutomationsStore();
    await store.load();
    expect(store.list.map((a) => a.id)).toEqual([2, 1]);
    expect(store.loaded).toBe(true);
  });

  it('puts a new automation first and makes it the open one', async () => {
    besked.handlers['automations.create'] = ({ draft }) => automation({ id: 9, draft });
    const store = useAutomationsStore();
    await store.load();
    const a = await store.create(recurringDraft({ name: 'New' }));
    expect(store.list.map((x) => x.id)).toEqual([9, 2, 1]);
    expect(store.current).toEqual(a);
  });

  it.each([
    ['switched on in sandbox', false, [{ id: 1 }]],
    ['switched on live, after the warning', true, [{ id: 1, liveAcknowledged: true }]],
  ] as const)('%s: sends liveAcknowledged only when the user saw the warning', async (_, ack, expected) => {
    besked.handlers['automations.activate'] = ({ id }) => automation({ id, state: 'active' });
    const store = useAutomationsStore();
    await store.load();
    await store.activate(1, ack);
    expect(besked.inputs('automations.activate')).toEqual(expected);
    expect(store.list.find((a) => a.id === 1)!.state).toBe('active');
  });

  it('pauses and deletes with the core’s count of what could not be withdrawn', async () => {
    besked.handlers['automations.pause'] = ({ id }) => ({ automation: automation({ id, state: 'paused' }), notWithdrawn: 2, withdrawn: 0 });
    besked.handlers['automations.delete'] = () => ({ notWithdrawn: 1 });
    const store = useAutomationsStore();
    await store.load();
    expect((await store.pause(2)).notWithdrawn).toBe(2);
    expect(store.list.find((a) => a.id === 2)!.state).toBe('paused');
    expect(await store.remove(2)).toEqual({ notWithdrawn: 1 });
    expect(store.list.map((a) => a.id)).toEqual([1]);
  });

  it('keeps the next sends of the latest draft asked, not of a slower earlier one', async () => {
    const answers: ((v: ReturnType<typeof nextSends>) => void)[] = [];
    besked.handlers['automations.preview'] = () => new Promise((resolve) => answers.push(resolve));
    const store = useAutomationsStore();
    const first = store.preview(recurringDraft({ name: 'A' }));
    const second = store.preview(recurringDraft({ name: 'B' }));
    await flushPromises();
    answers[1]!(nextSends({ occurrences: [] }));
    await second;
    answers[0]!(nextSends());
    await first;
    expect(store.nextSends!.occurrences).toEqual([]);
    expect(store.previewLoading).toBe(false);
  });

  it('pages the history with the last item’s id', async () => {
    besked.handlers['automations.history'] = ({ beforeId }) => (beforeId === undefined ? { items: [historyRun(5), historyRun(4)], more: true } : { items: [historyRun(3)], more: false });
    const store = useAutomationsStore();
    await store.loadHistory(1);
    await store.loadHistory(1, true);
    expect(besked.inputs('automations.history')).toEqual([
      { id: 1, limit: 50 },
      { id: 1, limit: 50, beforeId: 4 },
    ]);
    expect(store.history).toEqual({ id: 1, items: [historyRun(5), historyRun(4), historyRun(3)], more: false });
  });

  it('reads the list, the open automation and its history again on automations.changed', async () => {
    besked.handlers['automations.history'] = () => ({ items: [historyRun(1)], more: false });
    const store = useAutomationsStore();
    await store.load();
    await store.open(1);
    await store.loadHistory(1);
    besked.calls.length = 0;
    besked.emit('automations.changed', { ids: [1] });
    await flushPromises();
    expect(besked.calls.map((c) => c.name).sort()).toEqual(['automations.get', 'automations.history', 'automations.list']);
    besked.calls.length = 0;
    besked.emit('automations.changed', { ids: [7] });
    await flushPromises();
    expect(besked.calls.map((c) => c.name)).toEqual(['automations.list']);
  });

  it('keeps automations.attention as notices until taken', () => {
    const store = useAutomationsStore();
    const notice = { id: 1, name: 'Weekly news', message: 'The run was held: the daily cap.', code: null };
    besked.emit('automations.attention', notice);
    expect(store.attention).toEqual([notice]);
    expect(store.takeAttention()).toEqual([notice]);
    expect(store.attention).toEqual([]);
  });
});
