// Campaigns as the core reports them: the list, one campaign's detail and recipients, kept live by the
// campaign.progress and campaign.changed events. Actions go through the contract.
import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { CampaignDetail, CampaignProgress, CampaignRecipientRow, CampaignSummary, FileDownload, RecipientFilter, StatusTimeline } from '../../src-shared/contract';
import { call, on } from '../api';

export const useCampaignsStore = defineStore('campaigns', () => {
  const list = ref<CampaignSummary[]>([]);
  const loaded = ref(false);
  const detail = shallowRef<CampaignDetail | null>(null);
  const recipients = shallowRef<{ total: number; offset: number; rows: CampaignRecipientRow[] }>({ total: 0, offset: 0, rows: [] });
  /** The open campaign's delivery mix over time, for its page's chart. */
  const timeline = shallowRef<(StatusTimeline & { id: number }) | null>(null);
  /** Bumped when the open campaign changed, so the detail view reloads its recipients page. */
  const detailVersion = ref(0);

  async function load() {
    list.value = (await call('campaigns.list', {})).campaigns;
    loaded.value = true;
  }

  async function open(id: number) {
    detail.value = await call('campaigns.get', { id });
  }

  async function loadRecipients(id: number, filter: RecipientFilter, search: string, offset: number, limit: number) {
    recipients.value = await call('campaigns.recipients', { id, filter, offset, limit, ...(search.trim() ? { search: search.trim() } : {}) });
  }

  async function loadTimeline(id: number) {
    timeline.value = { id, ...(await call('campaigns.statusTimeline', { id })) };
  }

  function upsert(s: CampaignSummary) {
    const i = list.value.findIndex((c) => c.id === s.id);
    if (i >= 0) list.value.splice(i, 1, s);
    else list.value.unshift(s);
  }

  function applyProgress(p: CampaignProgress) {
    const c = list.value.find((x) => x.id === p.id);
    if (c) Object.assign(c, { state: p.state, waitingReason: p.waitingReason, counts: p.counts, cost: p.cost, etaSeconds: p.etaSeconds, nextAttemptAt: p.nextAttemptAt });
    if (detail.value?.id === p.id) {
      detail.value = { ...detail.value, state: p.state, waitingReason: p.waitingReason, counts: p.counts, cost: p.cost, etaSeconds: p.etaSeconds, nextAttemptAt: p.nextAttemptAt };
    }
  }

  on('campaign.progress', applyProgress);
  on('campaign.changed', ({ id, summary }) => {
    if (summary === null) {
      list.value = list.value.filter((c) => c.id !== id);
      return;
    }
    if (summary.kind === 'campaign') upsert(summary);
    if (detail.value?.id === id) {
      void open(id).then(() => detailVersion.value++);
    }
  });

  const act = async (name: 'campaigns.pause' | 'campaigns.resume' | 'campaigns.cancel', id: number) => {
    const s = await call(name, { id });
    upsert(s);
    if (detail.value?.id === id) await open(id);
    return s;
  };

  async function resolveUncertain(id: number, action: 'resend' | 'dismiss') {
    const s = await call('campaigns.resolveUncertain', { id, action });
    upsert(s);
    await open(id);
    detailVersion.value++;
  }

  async function remove(id: number) {
    await call('campaigns.delete', { id });
    list.value = list.value.filter((c) => c.id !== id);
  }

  const duplicate = (id: number) => call('campaigns.duplicate', { id });
  const resendFailed = (id: number) => call('campaigns.resendFailed', { id });
  const exportCsv = (id: number): Promise<FileDownload> => call('campaigns.export', { id });

  return {
    list,
    loaded,
    detail,
    recipients,
    detailVersion,
    timeline,
    load,
    open,
    loadRecipients,
    loadTimeline,
    pause: (id: number) => act('campaigns.pause', id),
    resume: (id: number) => act('campaigns.resume', id),
    cancel: (id: number) => act('campaigns.cancel', id),
    resolveUncertain,
    remove,
    duplicate,
    resendFailed,
    exportCsv,
  };
});
