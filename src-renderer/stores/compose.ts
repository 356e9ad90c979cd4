// The draft being composed: loaded from and saved to the core on every change (debounced), with the core's preview
// (recipients, parts, cost, problems) refreshed as it changes. No business rules here: the core decides.
import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import { useDebounceFn } from '@vueuse/core';
import type {
  CampaignDraft,
  CampaignSummary,
  ComposePreview,
  PriceBookState,
  RecipientPreview,
  RecipientSpec,
  Template,
} from '../../src-shared/contract';
import { appErrorOf, call } from '../api';
import type { AppError } from '../../src-shared/errors';
import { isEmptyDraft } from '../../src-shared/campaigns/empty-draft';

const SAVE_DELAY_MS = 400;
const PREVIEW_DELAY_MS = 250;

export const useComposeStore = defineStore('compose', () => {
  const id = ref<number | null>(null);
  const draft = ref<CampaignDraft | null>(null);
  const saving = ref(false);
  const savedAt = ref<string | null>(null);
  const saveError = ref<AppError | null>(null);
  const preview = shallowRef<ComposePreview | null>(null);
  const previewError = ref<AppError | null>(null);
  const previewLoading = ref(false);
  const recipientIndex = ref(0);
  const recipient = shallowRef<RecipientPreview | null>(null);
  const templates = ref<Template[]>([]);
  const recentSenders = ref<string[]>([]);
  const sending = ref(false);
  /** Whose draft it is on a server (null on one PC: every draft is everyone's). */
  const sharing = ref<{ author: string | null; shared: boolean; mayEdit: boolean; mayShare: boolean } | null>(null);

  // Edits come in bursts (typing): save and preview once the burst pauses. save() itself cancels a waiting save.
  const saveSoon = useDebounceFn(() => save(), SAVE_DELAY_MS);
  let previewDelay = PREVIEW_DELAY_MS;
  const previewSoon = useDebounceFn(() => refreshPreview(), () => previewDelay);
  let dirty = false;
  let previewSeq = 0;
  // Changes made by load() itself must not count as edits.
  let loading = false;

  /** Opens a draft by id, or the most recent draft, or a new one (with recipients, e.g. from the contacts view). */
  async function open(opts: { id?: number; recipients?: Partial<RecipientSpec>; fresh?: boolean } = {}) {
    await flush();
    let targetId = opts.id ?? null;
    if (targetId === null && !opts.recipients && !opts.fresh) {
      if (id.value !== null && draft.value) return;
      const list = await call('campaigns.list', {});
      targetId = list.campaigns.find((c) => c.state === 'draft')?.id ?? null;
    }
    const detail =
      targetId !== null ? await call('campaigns.get', { id: targetId }) : await call('campaigns.create', opts.recipients ? { recipients: opts.recipients } : {});
    if (detail.state !== 'draft') throw new Error('not a draft');
    loading = true;
    id.value = detail.id;
    draft.value = detail.draft;
    savedAt.value = detail.updatedAt;
    sharing.value = detail.author ? { author: detail.author.name, shared: detail.shared, mayEdit: detail.mayEdit, mayShare: detail.mayShare } : null;
    saveError.value = null;
    recipientIndex.value = 0;
    loading = false;
    dirty = false;
    schedulePreview(0);
  }

  /** A new, empty draft; the current one stays in Campaigns (an empty one is reused). */
  async function startNew() {
    await flush();
    if (draft.value && isEmptyDraft(draft.value)) return;
    await open({ fresh: true });
  }

  watch(
    draft,
    () => {
      if (loading || !draft.value) return;
      dirty = true;
      void saveSoon();
      schedulePreview(PREVIEW_DELAY_MS);
    },
    { deep: true },
  );

  async function save() {
    saveSoon.cancel();
    if (!dirty || id.value === null || !draft.value) return;
    dirty = false;
    saving.value = true;
    try {
      const r = await call('campaigns.saveDraft', { id: id.value, draft: draft.value });
      savedAt.value = r.updatedAt;
      saveError.value = null;
    } catch (err) {
      dirty = true;
      saveError.value = appErrorOf(err);
    } finally {
      saving.value = false;
    }
  }

  /** Saves now if a change is waiting (before sending or leaving). */
  async function flush() {
    if (dirty) await save();
  }

  /** Refreshes the preview after `delay` ms unless asked again before; 0 refreshes now. */
  function schedulePreview(delay: number) {
    previewDelay = delay;
    void previewSoon();
  }

  async function refreshPreview() {
    if (!draft.value) return;
    const seq = ++previewSeq;
    const d = JSON.parse(JSON.stringify(draft.value)) as CampaignDraft;
    previewLoading.value = true;
    try {
      const [p, r] = await Promise.all([call('compose.preview', { draft: d }), call('compose.recipient', { draft: d, index: recipientIndex.value })]);
      if (seq !== previewSeq) return;
      preview.value = p;
      recipient.value = r;
      if (r) recipientIndex.value = r.index;
      previewError.value = null;
    } catch (err) {
      if (seq === previewSeq) previewError.value = appErrorOf(err);
    } finally {
      if (seq === previewSeq) previewLoading.value = false;
    }
  }

  async function step(delta: number) {
    if (!draft.value || !preview.value || preview.value.recipients === 0) return;
    const n = preview.value.recipients;
    recipientIndex.value = (recipientIndex.value + delta + n) % n;
    recipient.value = await call('compose.recipient', { draft: draft.value, index: recipientIndex.value });
  }

  async function refreshPrices() {
    const state: PriceBookState = await call('pricing.status', { refresh: true });
    schedulePreview(0);
    return state;
  }

  async function loadTemplates() {
    templates.value = (await call('templates.list', {})).templates;
  }
  async function saveTemplate(name: string, text: string, templateId?: number) {
    const tpl = await call('templates.save', templateId === undefined ? { name, text } : { id: templateId, name, text });
    await loadTemplates();
    return tpl;
  }
  async function deleteTemplate(templateId: number) {
    await call('templates.delete', { id: templateId });
    await loadTemplates();
  }
  async function loadSenders() {
    recentSenders.value = (await call('senders.recent', {})).senders;
  }

  /**
   * Saves, then sends (or schedules) the draft at the cost the user saw. Returns the campaign. `liveAcknowledged`:
   * the confirmation showed the first-live-send warning.
   */
  async function send(liveAcknowledged = false): Promise<CampaignSummary> {
    if (id.value === null) throw new Error('no draft');
    sending.value = true;
    try {
      await flush();
      const expectedCost = preview.value?.cost?.total ?? null;
      const summary = await call('campaigns.send', { id: id.value, expectedCost, ...(liveAcknowledged ? { liveAcknowledged } : {}) });
      id.value = null;
      draft.value = null;
      preview.value = null;
      recipient.value = null;
      return summary;
    } finally {
      sending.value = false;
    }
  }

  const canSend = computed(() => !!preview.value?.canSend && !previewLoading.value && !sending.value);

  /** Shares the draft with the team, or makes it the author's alone again. */
  async function setShared(shared: boolean) {
    if (id.value === null || !sharing.value) return;
    const s = await call('campaigns.share', { id: id.value, shared });
    sharing.value = { ...sharing.value, shared: s.shared };
  }

  return {
    id,
    draft,
    sharing,
    setShared,
    saving,
    savedAt,
    saveError,
    preview,
    previewError,
    previewLoading,
    recipientIndex,
    recipient,
    templates,
    recentSenders,
    sending,
    canSend,
    open,
    startNew,
    save,
    flush,
    refreshPreview,
    step,
    refreshPrices,
    loadTemplates,
    saveTemplate,
    deleteTemplate,
    loadSenders,
    send,
  };
});
