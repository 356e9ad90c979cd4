// The server's token file when there is no keychain: created 0600, kept across opens, refused once anyone else may read it.
import { afterEach, describe, expect, it } from 'vitest';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileVault, TOKEN_FILE } from '../../../src-main/core/secrets/file-vault';

const dirs: string[] = [];
const dir = () => {
  const d = mkdtempSync(join(tmpdir(), 'besked-file-vault-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe.skipIf(process.platform === 'win32')('the server\'s token file', () => {
  it('is created readable by its user only, and keeps tokens across opens', async () => {
    const d = dir();
    const vault = new FileVault(d);
    expect(vault.kind).toBe('file');
    expect(statSync(join(d, TOKEN_FILE)).mode & 0o777).toBe(0o600);
    await vault.set('eu', 'tok_file_0123456789');
    expect(statSync(join(d, TOKEN_FILE)).mode & 0o777).toBe(0o600);
    expect(await new FileVault(d).get('eu')).toBe('tok_file_0123456789');
    await vault.delete('eu');
    expect(await new FileVault(d).get('eu')).toBeNull();
    expect(readFileSync(join(d, TOKEN_FILE), 'utf8')).not.toContain('tok_file');
  });

  it.each([0o640, 0o604, 0o644, 0o660, 0o666, 0o700 | 0o007])('is refused with mode %s, on opening and on every read', async (mode) => {
    const d = dir();
    const vault = new FileVault(d);
    await vault.set('default', 'tok_x_0123456789');
    chmodSync(join(d, TOKEN_FILE), mode);
    expect(() => new FileVault(d)).toThrow(expect.objectContaining({ kind: 'unavailable', code: 'remote.tokenFileOpen' }));
    await expect(vault.get('default')).rejects.toMatchObject({ code: 'remote.tokenFileOpen', params: { file: join(d, TOKEN_FILE) } });
    await expect(vault.set('default', 'tok_y_0123456789')).rejects.toMatchObject({ code: 'remote.tokenFileOpen' });
  });

  it('is accepted with mode 0400 (read-only to its user)', async () => {
    const d = dir();
    await new FileVault(d).set('eu', 'tok_ro_0123456789');
    chmodSync(join(d, TOKEN_FILE), 0o400);
    expect(await new FileVault(d).get('eu')).toBe('tok_ro_0123456789');
  });

  it('says it cannot read a file that is not JSON', () => {
    const d = dir();
    new FileVault(d);
    chmodSync(join(d, TOKEN_FILE), 0o600);
    writeFileSync(join(d, TOKEN_FILE), '{broken');
    expect(() => new FileVault(d)).toThrow(expect.objectContaining({ code: 'remote.tokenFileUnreadable' }));
  });
});
