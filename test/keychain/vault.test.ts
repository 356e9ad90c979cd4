// Runs under scripts/keychain-tests.mjs: a private D-Bus session with an unlocked gnome-keyring.
import { afterAll, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { openVault } from '../../src-main/core/secrets/vault';

const service = `Besked-test-${randomBytes(4).toString('hex')}`;

describe('the token vault on a real Secret Service', () => {
  afterAll(async () => {
    const v = await openVault({ service });
    await v.delete('default');
    await v.delete('eu');
  });

  it('opens the keychain, not the memory fallback', async () => {
    const v = await openVault({ service });
    expect(v.kind).toBe('keychain');
  });

  it('stores, reads and forgets a token per platform', async () => {
    const v = await openVault({ service });
    expect(await v.get('default')).toBeNull();
    await v.set('default', 'tok-default-123456');
    await v.set('eu', 'tok-eu-abcdef');
    const again = await openVault({ service });
    expect(await again.get('default')).toBe('tok-default-123456');
    expect(await again.get('eu')).toBe('tok-eu-abcdef');
    await again.delete('default');
    expect(await v.get('default')).toBeNull();
    expect(await v.get('eu')).toBe('tok-eu-abcdef');
  });

  it('writes to the Secret Service itself (not the kernel keyring that forgets at reboot)', async () => {
    const v = await openVault({ service });
    await v.set('default', 'visible-to-secret-tool-42');
    // secret-tool prints attributes on stderr and secrets on stdout.
    const r = spawnSync('secret-tool', ['search', '--all', 'service', service], { encoding: 'utf8' });
    expect(r.stdout + r.stderr).toContain('api-token:default');
    expect(execFileSync('secret-tool', ['lookup', 'service', service, 'username', 'api-token:default'], { encoding: 'utf8' })).toBe(
      'visible-to-secret-tool-42',
    );
    await v.delete('default');
  });

  it('falls back to this run only, with a reason, when no keychain answers', () => {
    const script = `import('./src-main/core/secrets/vault.ts').then(async (m) => { const v = await m.openVault({ service: '${service}' }); console.log(JSON.stringify({ kind: v.kind, message: v.message })); })`;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], {
      encoding: 'utf8',
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' },
    });
    const out = JSON.parse(r.stdout.trim().split('\n').pop()!) as { kind: string; message: string };
    expect(out.kind).toBe('memory');
    expect(out.message).toMatch(/until Besked quits/);
  });
});
