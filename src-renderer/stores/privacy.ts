// A customer's data on request (issue 28): calls privacy.* and holds the retention setting as the core answers it.
// The file is saved by the view (save-file.ts); the rules of what an erasure removes are the core's.
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { ErasureResult, FileDownload, PrivacyPerson, Retention } from '../../src-shared/contract';
import { call } from '../api';

export const usePrivacyStore = defineStore('privacy', () => {
  const retention = ref<Retention | null>(null);

  async function dataExport(person: PrivacyPerson, language: 'en' | 'da'): Promise<FileDownload> {
    return call('privacy.dataExport', { person, language });
  }
  async function erase(person: PrivacyPerson): Promise<ErasureResult> {
    return call('privacy.erase', { person });
  }
  async function loadRetention(): Promise<Retention> {
    retention.value = await call('privacy.retention', {});
    return retention.value;
  }
  async function setRetention(months: number | null): Promise<Retention> {
    retention.value = await call('privacy.setRetention', { months });
    return retention.value;
  }

  return { retention, dataExport, erase, loadRetention, setRetention };
});
