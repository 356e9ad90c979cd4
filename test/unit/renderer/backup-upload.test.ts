// A backup file picked in the window is sent to the core in the chunks it asks for, each at the offset reached, with
// "Uploading 34 of 92 MB" under the bar in English and Danish, and then restored by its upload id (issue 28.6).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import type { RestoreResult } from '../../../src-shared/contract';
import { useBackupStore } from '../../../src-renderer/stores/backup';
import { uploadPercent, uploadProgressText } from '../../../src-renderer/components/settings/upload-progress';
import { formatterFor } from '../../../src-renderer/composables/useFormat';
import { applyLocale, i18n } from '../../../src-renderer/i18n';
import { installFakeBesked, Refused, type FakeBesked } from './support/fake-besked';

const MB = 1024 * 1024;
const t = (key: string, params: Record<string, string>) => i18n.global.t(key, params);

/** The browser's FileReader, as far as a data: URL of a slice goes (Node has Blob and File, not FileReader). */
class NodeFileReader {
  result: string | null = null;
  error: Error | null = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  readAsDataURL(blob: Blob) {
    void blob.arrayBuffer().then((b) => {
      this.result = `data:application/octet-stream;base64,${Buffer.from(b).toString('base64')}`;
      this.onload?.();
    });
  }
}

describe('the upload’s words', () => {
  afterEach(() => applyLocale('en', 'en-GB'));

  it('say how many MB of how many have gone, in English and Danish', async () => {
    const p = { sent: 34 * MB + 512 * 1024, total: 92 * MB };
    await applyLocale('en', 'en-GB');
    expect(uploadProgressText(p, t, formatterFor('en-GB'))).toBe('Uploading 34 of 92 MB');
    expect(uploadProgressText({ sent: 1200 * MB, total: 1900 * MB }, t, formatterFor('en-GB'))).toBe('Uploading 1,200 of 1,900 MB');
    await applyLocale('da', 'da-DK');
    expect(uploadProgressText(p, t, formatterFor('da-DK'))).toBe('Overfører 34 af 92 MB');
    expect(uploadProgressText({ sent: 1200 * MB, total: 1900 * MB }, t, formatterFor('da-DK'))).toBe('Overfører 1.200 af 1.900 MB');
    expect(uploadProgressText({ sent: 100 * 1024, total: 300 * 1024 }, t, formatterFor('da-DK'))).toBe('Overfører 100 af 300 KB');
    expect(uploadPercent(p)).toBe(37);
  });
});

describe('restoring a picked file', () => {
  let besked: FakeBesked;
  let staged: Buffer[];
  const seen: (number | null)[] = [];
  const done: RestoreResult = { takenAt: '2026-11-01T08:00:00.000Z', pausedCampaigns: 0, heldOccurrences: 0, safetyCopy: 'safety.db' };
  const ID = '01JCK8ZQ9R1X2Y3Z4A5B6C7D8E';

  beforeEach(() => {
    (globalThis as { FileReader?: unknown }).FileReader = NodeFileReader;
    staged = [];
    seen.length = 0;
    setActivePinia(createPinia());
    const store = useBackupStore();
    besked = installFakeBesked({
      'backup.uploadBegin': () => ({ uploadId: ID, chunkBytes: MB, maxBytes: 2048 * MB }),
      'backup.uploadChunk': ({ offset, base64 }) => {
        seen.push(store.uploading?.sent ?? null);
        const chunk = Buffer.from(base64, 'base64');
        if (offset !== staged.reduce((n, c) => n + c.length, 0)) throw new Refused({ kind: 'validation', code: 'backup.uploadOutOfOrder', message: 'out of order' });
        staged.push(chunk);
        return { received: offset + chunk.length };
      },
      'backup.restore': () => done,
      'backup.status': () => ({}) as never,
      'backup.notSent': () => ({ runs: [] }),
    });
  });
  afterEach(() => delete (globalThis as { FileReader?: unknown }).FileReader);

  it('sends it in order, chunk by chunk, shows how far it is, and restores it by the upload id', async () => {
    const bytes = Buffer.from(Array.from({ length: 2 * MB + 1000 }, (_, i) => (i * 7) & 0xff));
    const store = useBackupStore();
    const result = await store.restoreFile(new File([bytes], 'besked.besked-backup'), 'anker bølge');
    expect(result).toEqual(done);
    expect(Buffer.concat(staged).equals(bytes)).toBe(true);
    expect(besked.inputs('backup.uploadBegin')).toEqual([{ fileName: 'besked.besked-backup', bytes: bytes.length }]);
    expect(besked.inputs('backup.uploadChunk').map((c) => c.offset)).toEqual([0, MB, 2 * MB]);
    expect(seen).toEqual([0, MB, 2 * MB]);
    expect(besked.inputs('backup.restore')).toEqual([{ upload: ID, passphrase: 'anker bølge' }]);
    expect(store.uploading).toBeNull();
  });

  it('stops at a refused chunk, restores nothing and clears the bar', async () => {
    besked.handlers['backup.uploadChunk'] = () => {
      throw new Refused({ kind: 'not_found', code: 'backup.uploadGone', message: 'gone' });
    };
    const store = useBackupStore();
    await expect(store.restoreFile(new File([Buffer.alloc(10)], 'b.db'))).rejects.toMatchObject({ error: { code: 'backup.uploadGone' } });
    expect(besked.inputs('backup.restore')).toEqual([]);
    expect(store.uploading).toBeNull();
  });
});
