// The contacts view's state: the filter, the list as a window cache over the core (a 100,000-row table
// fetches only the pages it shows), the selection (listed ids, or "everything the filter matches except…"),
// groups and counts. Every rule lives in the core; this store only calls the contract and remembers.
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import { useDebounceFn } from '@vueuse/core';
import type {
  CallInput,
  Contact,
  ContactFilter,
  ContactRow,
  ContactSelection,
  ContactSort,
  ContactsOverview,
  FileDownload,
} from '../../src-shared/contract';
import { call, on } from '../api';

/** Rows per fetch; the table asks for the pages around what is on screen. */
export const PAGE_SIZE = 100;

/**
 * One line of the table. The table gets one slot per matching contact, created once per filter; a fetched
 * page fills its slots in place and bumps `version`, so only the visible rows render again (handing the
 * table a new 100,000-item array for every page would make it rebuild its whole row index each time).
 */
export interface TableSlot {
  index: number;
  row: ContactRow | null;
}

export type Selection = { mode: 'ids'; ids: Set<number> } | { mode: 'all'; except: Set<number> };

export const useContactsStore = defineStore('contacts', () => {
  const overview = ref<ContactsOverview | null>(null);
  const search = ref('');
  const groupId = ref<number | null>(null);
  const consent = ref<'any' | 'optedOut' | 'reachable'>('any');
  const sort = ref<ContactSort>('name');
  const total = ref(0);
  /** True when the search matches more than `total` (the core counts up to 10,000). */
  const totalIsAtLeast = ref(false);
  const loaded = ref(false);
  /** The search the list on screen answers (what was typed may be newer, its answer still on its way). */
  const shownSearch = ref('');
  const error = ref<string | null>(null);
  /** One slot per matching contact; fetched pages fill theirs. */
  const rows = shallowRef<TableSlot[]>([]);
  /** Bumped whenever slots are filled: what the table's cells depend on. */
  const version = ref(0);
  const selection = ref<Selection>({ mode: 'ids', ids: new Set() });

  // Each filter change starts a new generation; answers for an older one are dropped.
  let generation = 0;
  const pages = new Map<number, Promise<void>>();

  const filter = computed<ContactFilter>(() => ({
    ...(search.value.trim() ? { search: search.value.trim() } : {}),
    ...(groupId.value !== null ? { groupId: groupId.value } : {}),
    ...(consent.value !== 'any' ? { consent: consent.value } : {}),
  }));
  const filtered = computed(() => Object.keys(filter.value).length > 0);

  async function loadOverview() {
    overview.value = await call('contacts.overview', {});
  }

  /** Starts the list again from the top for the current filter: the total and the first page. */
  async function reload() {
    const gen = ++generation;
    pages.clear();
    const asked = filter.value;
    const page = await call('contacts.list', { filter: asked, sort: sort.value, offset: 0, limit: PAGE_SIZE });
    if (gen !== generation) return;
    total.value = page.total;
    totalIsAtLeast.value = page.totalIsAtLeast;
    const next: TableSlot[] = new Array(page.total);
    for (let i = 0; i < page.total; i++) next[i] = { index: i, row: page.rows[i] ?? null };
    rows.value = next;
    version.value++;
    pages.set(0, Promise.resolve());
    loaded.value = true;
    shownSearch.value = asked.search ?? '';
    error.value = null;
  }

  /** Makes sure rows [from, to) are fetched (or being fetched). */
  function ensureRange(from: number, to: number) {
    const first = Math.max(0, Math.floor(from / PAGE_SIZE));
    const last = Math.min(Math.ceil(total.value / PAGE_SIZE) - 1, Math.floor(Math.max(from, to - 1) / PAGE_SIZE));
    for (let p = first; p <= last; p++) if (!pages.has(p)) pages.set(p, fetchPage(p));
  }

  async function fetchPage(p: number) {
    const gen = generation;
    try {
      const page = await call('contacts.list', { filter: filter.value, sort: sort.value, offset: p * PAGE_SIZE, limit: PAGE_SIZE });
      if (gen !== generation) return;
      const list = rows.value;
      page.rows.forEach((r, i) => {
        const slot = list[p * PAGE_SIZE + i];
        if (slot) slot.row = r;
      });
      version.value++;
    } catch {
      // Let the next scroll try this page again.
      if (gen === generation) pages.delete(p);
    }
  }

  async function refresh() {
    await Promise.all([loadOverview(), reload()]);
  }

  function setFilter(f: { search?: string; groupId?: number | null; consent?: 'any' | 'optedOut' | 'reachable'; sort?: ContactSort }) {
    if (f.search !== undefined) search.value = f.search;
    if (f.groupId !== undefined) groupId.value = f.groupId;
    if (f.consent !== undefined) consent.value = f.consent;
    if (f.sort !== undefined) sort.value = f.sort;
    clearSelection();
    return reload();
  }

  // ─── Selection ───
  const selectedCount = computed(() =>
    selection.value.mode === 'ids' ? selection.value.ids.size : Math.max(0, total.value - selection.value.except.size),
  );
  /** True when "select all" stands for more contacts than selectedCount (a search beyond the count). */
  const selectedIsAtLeast = computed(() => selection.value.mode === 'all' && totalIsAtLeast.value);
  const allSelected = computed(() => selection.value.mode === 'all' && selection.value.except.size === 0 && total.value > 0);

  function isSelected(id: number): boolean {
    const s = selection.value;
    return s.mode === 'ids' ? s.ids.has(id) : !s.except.has(id);
  }
  function toggle(id: number, on: boolean) {
    const s = selection.value;
    const set = s.mode === 'ids' ? s.ids : s.except;
    const add = s.mode === 'ids' ? on : !on;
    const next = new Set(set);
    if (add) next.add(id);
    else next.delete(id);
    selection.value = s.mode === 'ids' ? { mode: 'ids', ids: next } : { mode: 'all', except: next };
  }
  function selectAll() {
    selection.value = { mode: 'all', except: new Set() };
  }
  function clearSelection() {
    selection.value = { mode: 'ids', ids: new Set() };
  }
  /** The selection as the contract takes it. */
  function selectionInput(): ContactSelection {
    const s = selection.value;
    return s.mode === 'ids' ? { ids: [...s.ids] } : { filter: filter.value, exceptIds: [...s.except] };
  }

  // ─── Contacts ───
  const get = (id: number): Promise<Contact> => call('contacts.get', { id });
  const create = (draft: CallInput<'contacts.create'>) => call('contacts.create', draft);
  const update = (patch: CallInput<'contacts.update'>) => call('contacts.update', patch);

  const deleteSelected = (): Promise<{ deleted: number; undoToken: string }> => call('contacts.delete', { selection: selectionInput() });
  const deleteOne = (id: number) => call('contacts.deleteOne', { id });
  const undoDelete = (undoToken: string) => call('contacts.undoDelete', { undoToken });

  async function optOutSelected(note?: string) {
    const r = await call('contacts.optOut', { selection: selectionInput(), ...(note ? { note } : {}) });
    clearSelection();
    return r;
  }
  const optOutOne = (id: number, note?: string) => call('contacts.optOut', { selection: { ids: [id] }, ...(note ? { note } : {}) });
  const optIn = (id: number, note: string) => call('contacts.optIn', { id, note });
  const selectedIds = async () => (await call('contacts.selectionIds', { selection: selectionInput() })).ids;
  const setDefaultCountry = (country: string) => call('contacts.setDefaultCountry', { country });

  // ─── Groups ───
  const groups = computed(() => overview.value?.groups ?? []);
  const createGroup = (name: string) => call('groups.create', { name });
  const renameGroup = (id: number, name: string) => call('groups.rename', { id, name });
  async function deleteGroup(id: number) {
    const r = await call('groups.delete', { id });
    if (groupId.value === id) await setFilter({ groupId: null });
    return r;
  }
  const addSelectedToGroup = (id: number) => call('groups.addContacts', { groupId: id, selection: selectionInput() });
  const removeSelectedFromGroup = (id: number) => call('groups.removeContacts', { groupId: id, selection: selectionInput() });

  // ─── Files ───
  const exportSelection = (format: 'csv' | 'xlsx', delimiter?: ',' | ';'): Promise<FileDownload> =>
    call('contacts.export', { selection: selectionInput(), format, ...(delimiter ? { delimiter } : {}) });
  const exportAll = (format: 'csv' | 'xlsx', delimiter?: ',' | ';'): Promise<FileDownload> =>
    call('contacts.export', { selection: { filter: filter.value }, format, ...(delimiter ? { delimiter } : {}) });
  const consentLog = () => call('contacts.consentExport', {});

  // Another window, the inbox (STOP keywords) or an import changed contacts: show it.
  // Changes arrive in bursts (an import, a bulk opt-out): refresh once the burst pauses.
  const refreshSoon = useDebounceFn(() => refresh().catch(() => undefined), 150);
  on('contacts.changed', () => void refreshSoon());

  return {
    overview,
    search,
    shownSearch,
    groupId,
    consent,
    sort,
    total,
    totalIsAtLeast,
    selectedIsAtLeast,
    loaded,
    error,
    rows,
    version,
    selection,
    filter,
    filtered,
    selectedCount,
    allSelected,
    groups,
    loadOverview,
    reload,
    refresh,
    ensureRange,
    setFilter,
    isSelected,
    toggle,
    selectAll,
    clearSelection,
    selectionInput,
    get,
    create,
    update,
    deleteSelected,
    deleteOne,
    undoDelete,
    optOutSelected,
    optOutOne,
    optIn,
    selectedIds,
    setDefaultCountry,
    createGroup,
    renameGroup,
    deleteGroup,
    addSelectedToGroup,
    removeSelectedFromGroup,
    exportSelection,
    exportAll,
    consentLog,
  };
});

