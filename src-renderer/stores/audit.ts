// The audit trail as the core answers it (issue 21): pages of entries newest first under one filter (user, action,
// time), the next page on request, the filtered trail as a CSV file, and whether the trail's hash chain holds.
// Read-only: the contract has no call that changes an entry.
import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { AuditAction, AuditEntry, AuditVerification, FileDownload } from '../../src-shared/contract';
import type { AppError } from '../../src-shared/errors';
import { appErrorOf, call } from '../api';

export const AUDIT_PAGE = 100;

export interface AuditFilterChoice {
  userId?: number;
  action?: AuditAction;
  /** UTC ISO bounds. */
  from?: string;
  to?: string;
}

/** Only the bounds that are set, so the core's strict input never sees an undefined key. */
function filterInput(f: AuditFilterChoice) {
  return {
    ...(f.userId !== undefined ? { userId: f.userId } : {}),
    ...(f.action ? { action: f.action } : {}),
    ...(f.from ? { from: f.from } : {}),
    ...(f.to ? { to: f.to } : {}),
  };
}

export const useAuditStore = defineStore('audit', () => {
  const entries = ref<AuditEntry[]>([]);
  const more = ref(false);
  const loading = ref(false);
  const error = shallowRef<AppError | null>(null);
  const filter = ref<AuditFilterChoice>({});
  // A page asked for under an older filter is dropped when it answers after a newer one.
  let asked = 0;

  async function page(before?: number) {
    const mine = ++asked;
    loading.value = true;
    try {
      const answer = await call('audit.list', { ...filterInput(filter.value), limit: AUDIT_PAGE, ...(before ? { before } : {}) });
      if (mine !== asked) return;
      entries.value = before ? [...entries.value, ...answer.entries] : answer.entries;
      more.value = answer.more;
      error.value = null;
    } catch (err) {
      if (mine === asked) error.value = appErrorOf(err);
    } finally {
      if (mine === asked) loading.value = false;
    }
  }

  /** The first page under `next` (or the current filter again). */
  async function load(next?: AuditFilterChoice) {
    if (next) filter.value = { ...next };
    await page();
  }
  /** The page older than the last entry shown. */
  async function loadMore() {
    const last = entries.value.at(-1);
    if (last && more.value) await page(last.id);
  }
  const exportCsv = (): Promise<FileDownload> => call('audit.export', { ...filterInput(filter.value), format: 'csv' });

  /** The chain over the whole trail as the core checked it last asked (null before the first answer). */
  const chain = shallowRef<AuditVerification | null>(null);
  const chainError = shallowRef<AppError | null>(null);
  const verifying = ref(false);
  async function verify() {
    verifying.value = true;
    try {
      chain.value = await call('audit.verify', {});
      chainError.value = null;
    } catch (err) {
      chainError.value = appErrorOf(err);
    } finally {
      verifying.value = false;
    }
  }

  return { entries, more, loading, error, filter, load, loadMore, exportCsv, chain, chainError, verifying, verify };
});
