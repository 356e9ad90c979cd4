// Backups as the core answers them (issue 28): the list with counts, the second place, the passphrase, "Back up now",
// and a restore with its progress. The rules (when, what is kept, what a restore pauses) are the core's.
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { BackupKeep, BackupStatus, CallInput, NewPassphrase, NotSentRun, RestoreResult, RestoreStep, SentAnyway } from '../../src-shared/contract';
import { call, on } from '../api';
import { sliceBase64 } from '../components/file-slices';
import { latestView } from './latest-view';

/** How far the upload of a picked backup file has come, in bytes. */
export interface UploadProgress {
  sent: number;
  total: number;
}

export const useBackupStore = defineStore('backup', () => {
  // A status asked for before a change (a backup made, a setting changed) is older than it: latestView drops it.
  const { value: status, changed, load: ask } = latestView<BackupStatus>();
  /** The passphrase shown once, until it is confirmed or the dialog closes. */
  const shown = ref<NewPassphrase | null>(null);
  const progress = ref<{ step: RestoreStep; fraction: number } | null>(null);
  /** Set while a picked file is being sent to the core, before the restore's own steps. */
  const uploading = ref<UploadProgress | null>(null);
  /** Automation runs a restore did not send, for the owner to send anyway or leave. */
  const notSent = ref<NotSentRun[]>([]);
  let listening = false;

  function listen() {
    if (listening) return;
    listening = true;
    on('backup.changed', changed);
    on('backup.restoreProgress', (p) => (progress.value = p));
  }

  async function load() {
    listen();
    await ask(() => call('backup.status', {}));
  }

  async function backUpNow() {
    const entry = await call('backup.now', {});
    await load();
    return entry;
  }

  async function configure(change: { secondPlace?: string | null; keep?: BackupKeep }) {
    changed(await call('backup.configure', change));
  }

  async function newPassphrase() {
    shown.value = await call('backup.newPassphrase', {});
    return shown.value;
  }

  async function confirmPassphrase(words: [string, string]) {
    changed(await call('backup.confirmPassphrase', { words }));
    shown.value = null;
  }

  async function loadNotSent() {
    notSent.value = (await call('backup.notSent', {})).runs;
  }

  /** Sends one run anyway (the core sends it once); the list is read again either way. */
  async function sendNotSent(id: number): Promise<SentAnyway> {
    try {
      return await call('backup.sendNotSent', { id });
    } finally {
      await loadNotSent();
    }
  }

  /** Restores, then waits for the core to start again over the restored data (the next call waits for it). */
  async function restore(input: CallInput<'backup.restore'>): Promise<RestoreResult> {
    listen();
    progress.value = { step: 'read', fraction: 0 };
    try {
      const result = await call('backup.restore', input);
      progress.value = { step: 'restart', fraction: 0.9 };
      await load();
      await loadNotSent();
      progress.value = { step: 'done', fraction: 1 };
      return result;
    } catch (err) {
      progress.value = null;
      throw err;
    }
  }

  /**
   * Restores a file picked in the window: sent to the core in the chunks it asks for (one call could carry only
   * 32 MiB; a shop's backup is often larger), then restored from where the core staged it. A second try sends it again.
   */
  async function restoreFile(file: File, passphrase?: string): Promise<RestoreResult> {
    listen();
    uploading.value = { sent: 0, total: file.size };
    let uploadId: string;
    try {
      const begun = await call('backup.uploadBegin', { fileName: file.name || 'besked.db', bytes: file.size });
      uploadId = begun.uploadId;
      for (let offset = 0; offset < file.size; offset += begun.chunkBytes) {
        const base64 = await sliceBase64(file.slice(offset, offset + begun.chunkBytes));
        const { received } = await call('backup.uploadChunk', { uploadId, offset, base64 });
        uploading.value = { sent: received, total: file.size };
      }
    } finally {
      uploading.value = null;
    }
    return restore({ upload: uploadId, ...(passphrase ? { passphrase } : {}) });
  }

  return { status, shown, progress, uploading, notSent, load, backUpNow, configure, newPassphrase, confirmPassphrase, restore, restoreFile, loadNotSent, sendNotSent };
});
