// A restore upload replaced while one of its chunks is being written (a second tab picks a file, or the window
// starts over): the replaced upload's file must not come back when that write lands, since nothing would remove
// it before the next start.
import { afterEach, describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { RestoreUpload } from '../../../src-main/core/backup/restore-upload';
import { removeTempDirs, tempDir } from './helpers';

afterEach(() => removeTempDirs());

describe('a restore upload replaced mid-chunk', () => {
  it('leaves only the new upload’s file, however the write and the removal interleave', async () => {
    const dir = tempDir('besked-upload-race-');
    const upload = new RestoreUpload(dir, () => 0);
    const chunk = Buffer.alloc(1024 * 1024, 7).toString('base64');
    for (let i = 0; i < 30; i++) {
      const first = await upload.begin(4 * 1024 * 1024);
      // The chunk's write and the replacing begin's removal race on libuv's thread pool.
      const [written, second] = await Promise.allSettled([upload.append(first.uploadId, 0, chunk), upload.begin(2 * 1024 * 1024)]);
      expect(second.status).toBe('fulfilled');
      if (written.status === 'rejected') expect(written.reason).toMatchObject({ code: 'backup.uploadGone' });
      const id = (second as PromiseFulfilledResult<{ uploadId: string }>).value.uploadId;
      expect(readdirSync(dir)).toEqual([`upload-${id}.partial`]);
    }
  });
});
