// The contacts store against a fake window.besked: the list as a window over the core (one slot per contact, pages
// fetched once, a new filter starts from the top), the selection as the contract takes it, and a burst of
// contacts.changed events refreshing once, 150 ms after the last.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import type { CallInput, ContactRow } from '../../../src-shared/contract';
import { PAGE_SIZE, useContactsStore } from '../../../src-renderer/stores/contacts';
import { installFakeBesked, type FakeBesked } from './support/fake-besked';

const TOTAL = 250;
const contact = (id: number): ContactRow => ({
  id,
  firstName: `Ann ${id}`,
  lastName: '',
  e164: `+45${20000000 + id}`,
  msisdn: 4520000000 + id,
  email: '',
  company: '',
  groupIds: [],
  optedOut: false,
  updatedAt: '2026-03-01T10:00:00.000Z',
  revision: 1,
});
function page({ offset = 0, limit = PAGE_SIZE, filter }: CallInput<'contacts.list'>) {
  const total = filter?.search ? 3 : TOTAL;
  const rows = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => contact(offset + i + 1));
  return { total, totalIsAtLeast: false, offset, rows };
}

let besked: FakeBesked;

beforeEach(() => {
  vi.useFakeTimers();
  besked = installFakeBesked({
    'contacts.list': page,
    'contacts.overview': () => ({ total: TOTAL, optedOut: 0, groups: [], fields: [], defaultCountry: 'DK' }),
  });
  setActivePinia(createPinia());
});
afterEach(() => vi.useRealTimers());

describe('contacts store', () => {
  it('holds one slot per contact and fills the first page', async () => {
    const store = useContactsStore();
    await store.refresh();
    expect(store.total).toBe(TOTAL);
    expect(store.rows).toHaveLength(TOTAL);
    expect(store.rows[PAGE_SIZE - 1]!.row?.id).toBe(PAGE_SIZE);
    expect(store.rows[PAGE_SIZE]!.row).toBeNull();
  });

  it('fetches each further page once, however often the table asks', async () => {
    const store = useContactsStore();
    await store.reload();
    store.ensureRange(150, 260);
    store.ensureRange(180, 240);
    await vi.runAllTimersAsync();
    expect(besked.inputs('contacts.list').map((i) => i.offset)).toEqual([0, 100, 200]);
    expect(store.rows[TOTAL - 1]!.row?.id).toBe(TOTAL);
  });

  it('starts again from the top when the filter changes, with nothing selected', async () => {
    const store = useContactsStore();
    await store.reload();
    store.toggle(4, true);
    await store.setFilter({ search: ' ann ' });
    expect(besked.inputs('contacts.list').at(-1)).toEqual({ filter: { search: 'ann' }, sort: 'name', offset: 0, limit: PAGE_SIZE });
    expect(store.rows.map((r) => r.row?.id)).toEqual([1, 2, 3]);
    expect(store.selectedCount).toBe(0);
  });

  it.each<[string, (s: ReturnType<typeof useContactsStore>) => void, unknown, number]>([
    ['ticked contacts', (s) => (s.toggle(3, true), s.toggle(5, true), s.toggle(3, false)), { ids: [5] }, 1],
    ['everything but some', (s) => (s.selectAll(), s.toggle(7, false)), { filter: {}, exceptIds: [7] }, TOTAL - 1],
    ['nothing after clearing', (s) => (s.selectAll(), s.clearSelection()), { ids: [] }, 0],
  ])('gives the core the selection of %s', async (_, act, input, count) => {
    const store = useContactsStore();
    await store.reload();
    act(store);
    expect(store.selectionInput()).toEqual(input);
    expect(store.selectedCount).toBe(count);
  });

  it('refreshes once after a burst of changes, 150 ms after the last', async () => {
    const store = useContactsStore();
    await store.refresh();
    besked.calls.length = 0;
    for (let i = 0; i < 5; i++) {
      besked.emit('contacts.changed', { reason: 'imported' });
      await vi.advanceTimersByTimeAsync(100);
    }
    await vi.advanceTimersByTimeAsync(49);
    expect(besked.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(besked.calls.map((c) => c.name).sort()).toEqual(['contacts.list', 'contacts.overview']);
  });
});
