// Automations as the core reports them: the list, the one being edited, its next sends and its history, kept
// fresh by automations.changed. The core decides everything (validation, what is due, what it costs); this store
// only calls the contract and holds the answers. automations.attention is kept as the latest notice to show.
import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { Automation, AutomationAttention, AutomationDraft, CampaignDraft, ComposePreview, HistoryItem, NextSends } from '../../src-shared/contract';
import type { z } from 'zod';
import { appErrorOf, call, on } from '../api';
import type { AppError } from '../../src-shared/errors';

export type AttentionNotice = z.infer<typeof AutomationAttention>;

const HISTORY_PAGE = 50;

export const useAutomationsStore = defineStore('automations', () => {
  const list = ref<Automation[]>([]);
  const loaded = ref(false);
  /** The automation open in the editor (null for a new one not yet saved). */
  const current = shallowRef<Automation | null>(null);
  const nextSends = shallowRef<NextSends | null>(null);
  const previewError = ref<AppError | null>(null);
  const previewLoading = ref(false);
  /** The composer's preview of the editor's recipients and message as of now (today's count, who is left out). */
  const recipientPreview = shallowRef<ComposePreview | null>(null);
  const history = shallowRef<{ id: number; items: HistoryItem[]; more: boolean } | null>(null);
  /** Notices from automations.attention, newest last; a view or the navigation shows and clears them. */
  const attention = ref<AttentionNotice[]>([]);
  let previewSeq = 0;
  let recipientSeq = 0;

  async function load() {
    list.value = (await call('automations.list', {})).automations;
    loaded.value = true;
  }

  function upsert(a: Automation) {
    const i = list.value.findIndex((x) => x.id === a.id);
    if (i >= 0) list.value.splice(i, 1, a);
    else list.value.unshift(a);
    if (current.value?.id === a.id) current.value = a;
  }

  async function open(id: number) {
    const a = await call('automations.get', { id });
    current.value = a;
    return a;
  }

  function close() {
    current.value = null;
    nextSends.value = null;
    previewError.value = null;
    recipientPreview.value = null;
    history.value = null;
  }

  async function create(draft: AutomationDraft) {
    const a = await call('automations.create', { draft });
    upsert(a);
    current.value = a;
    return a;
  }

  /** Saves changes from now on; notWithdrawn: handed-over sends that could not be taken back. */
  async function update(id: number, draft: AutomationDraft) {
    const r = await call('automations.update', { id, draft });
    upsert(r.automation);
    return r;
  }

  /** Switches on; skippedWhilePaused: the runs due during a pause that the history now lists as skipped. */
  async function activate(id: number, liveAcknowledged = false) {
    const { skippedWhilePaused = 0, ...a } = await call('automations.activate', { id, ...(liveAcknowledged ? { liveAcknowledged } : {}) });
    upsert(a);
    return { automation: a, skippedWhilePaused };
  }

  async function pause(id: number) {
    const r = await call('automations.pause', { id });
    upsert(r.automation);
    return r;
  }

  async function duplicate(id: number) {
    const a = await call('automations.duplicate', { id });
    upsert(a);
    return a;
  }

  async function remove(id: number) {
    const r = await call('automations.delete', { id });
    list.value = list.value.filter((a) => a.id !== id);
    if (current.value?.id === id) close();
    return r;
  }

  /** The next sends of a draft as it stands (id: the saved automation it edits); an answer to an older draft than the latest asked is dropped. */
  async function preview(draft: AutomationDraft, id?: number) {
    const seq = ++previewSeq;
    previewLoading.value = true;
    try {
      const p = await call('automations.preview', { draft: JSON.parse(JSON.stringify(draft)) as AutomationDraft, ...(id !== undefined ? { id } : {}) });
      if (seq !== previewSeq) return;
      nextSends.value = p;
      previewError.value = null;
    } catch (err) {
      if (seq === previewSeq) previewError.value = appErrorOf(err);
    } finally {
      if (seq === previewSeq) previewLoading.value = false;
    }
  }

  /** Today's recipients of the message as a campaign would have them; a failure leaves the last answer. */
  async function previewRecipients(draft: CampaignDraft | null) {
    const seq = ++recipientSeq;
    if (draft === null) {
      recipientPreview.value = null;
      return;
    }
    try {
      const p = await call('compose.preview', { draft: JSON.parse(JSON.stringify(draft)) as CampaignDraft });
      if (seq === recipientSeq) recipientPreview.value = p;
    } catch {
      // The next-sends panel reports what is wrong with the draft; the count simply stays as it was.
    }
  }

  /** The first page of an automation's history, or the next one (more). */
  async function loadHistory(id: number, more = false) {
    const before = more && history.value?.id === id ? history.value.items.at(-1)?.id : undefined;
    const page = await call('automations.history', { id, limit: HISTORY_PAGE, ...(before !== undefined ? { beforeId: before } : {}) });
    const items = before !== undefined && history.value ? [...history.value.items, ...page.items] : page.items;
    history.value = { id, items, more: page.more };
  }

  on('automations.changed', ({ ids }) => {
    if (loaded.value) void load().catch(() => undefined);
    const id = current.value?.id;
    if (id !== undefined && ids.includes(id)) {
      void open(id).catch(() => undefined);
      if (history.value?.id === id) void loadHistory(id).catch(() => undefined);
    }
  });
  on('automations.attention', (notice) => {
    attention.value = [...attention.value, notice];
  });

  /** Takes the waiting notices (the one showing them calls this). */
  function takeAttention(): AttentionNotice[] {
    const out = attention.value;
    attention.value = [];
    return out;
  }

  return {
    list,
    loaded,
    current,
    nextSends,
    previewError,
    previewLoading,
    recipientPreview,
    history,
    attention,
    load,
    open,
    close,
    create,
    update,
    activate,
    pause,
    duplicate,
    remove,
    preview,
    previewRecipients,
    loadHistory,
    takeAttention,
  };
});
