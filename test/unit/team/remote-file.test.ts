// remote.json: a pinned server is read back as written; anything unreadable means This PC, so the local data is what opens.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readRemoteFile, removeRemoteFile, REMOTE_FILE, writeRemoteFile } from '../../../src-main/core/remote/remote-file';

const FP = Array.from({ length: 32 }, () => 'A1').join(':');
const dirs: string[] = [];
const dir = () => {
  const d = mkdtempSync(join(tmpdir(), 'besked-remote-file-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('remote.json', () => {
  it('reads back what was written, readable by this user only, and is gone once removed', () => {
    const d = dir();
    writeRemoteFile(d, { url: 'https://192.168.1.20:8443', fingerprint: FP });
    expect(readRemoteFile(d)).toEqual({ url: 'https://192.168.1.20:8443', fingerprint: FP });
    if (process.platform !== 'win32') expect(statSync(join(d, REMOTE_FILE)).mode & 0o077).toBe(0);
    removeRemoteFile(d);
    expect(readRemoteFile(d)).toBeNull();
  });

  it.each([
    ['no file', null],
    ['not JSON', '{url:'],
    ['no fingerprint', JSON.stringify({ url: 'https://shop:8443' })],
    ['a SHA-1 fingerprint', JSON.stringify({ url: 'https://shop:8443', fingerprint: FP.slice(0, 59) })],
    ['plain http', JSON.stringify({ url: 'http://shop:8443', fingerprint: FP })],
    ['null', 'null'],
  ])('%s means This PC', (_what, text) => {
    const d = dir();
    if (text !== null) writeFileSync(join(d, REMOTE_FILE), text);
    expect(readRemoteFile(d)).toBeNull();
  });
});
