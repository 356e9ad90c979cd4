// The server's certificate across restarts: the self-signed one is made once and kept (a pinned client connects
// again), the user's own pair replaces it, and a client pinned to the old one refuses the new one before sending
// anything. Plain HTTP is for loopback only.
import { afterEach, describe, expect, it } from 'vitest';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { selfSignedCertificate } from '../../../../src-main/server/certificate';
import { startTeamServer } from '../../../../src-main/server/start-server';
import { MemoryVault } from '../../../../src-main/core/secrets/vault';
import { createLogger } from '../../../../src-main/core/log';
import { client, staticFolder, startTestServer, type TestServer } from './helpers';

const open: TestServer[] = [];
const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'besked-cert-'));
  dirs.push(d);
  return d;
};
afterEach(async () => {
  for (const s of open.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function serve(o: Parameters<typeof startTestServer>[0]) {
  const s = await startTestServer(o);
  open.push(s);
  return s;
}

describe('the self-signed certificate', () => {
  it('is made on first start for this computer\'s names, with its key readable by this user only, and kept after', async () => {
    const dir = tmp();
    const first = await serve({ dir });
    expect(first.server.certificate?.source).toBe('created');
    const x509 = new X509Certificate(readFileSync(join(first.dataDir, 'tls', 'server.crt')));
    expect(x509.fingerprint256).toBe(first.fingerprint);
    expect(x509.subjectAltName).toContain('DNS:localhost');
    expect(x509.subjectAltName).toContain('IP Address:127.0.0.1');
    if (process.platform !== 'win32') expect(statSync(join(first.dataDir, 'tls', 'server.key')).mode & 0o777).toBe(0o600);
    const port = first.server.port;
    const pin = first.fingerprint;
    await first.close({ keepData: true });
    open.splice(open.indexOf(first), 1);

    const again = await serve({ dir, port });
    expect(again.server.certificate?.source).toBe('kept');
    expect(again.fingerprint).toBe(pin);
    const c = client(port, { origin: again.origin, pin });
    await c.opened;
    expect((await c.ok('team.status', {})).kind).toBe('server');
    c.close();
  });
});

describe('a changed certificate', () => {
  it('is refused by a client pinned to the old one, which sends nothing; the new pin connects', async () => {
    const first = await serve({});
    const port = first.server.port;
    const oldPin = first.fingerprint;
    await first.close();
    open.splice(open.indexOf(first), 1);

    // The same address, now with a certificate the user gave (--cert, --key).
    const other = await selfSignedCertificate(tmp(), { dns: ['localhost'], ips: ['127.0.0.1'] });
    const changed = await serve({ port, certificate: { certFile: other.certFile, keyFile: join(other.certFile, '..', 'server.key') } });
    expect(changed.server.certificate?.source).toBe('given');
    expect(changed.fingerprint).toBe(other.fingerprint256);
    expect(changed.fingerprint).not.toBe(oldPin);

    const received: string[] = [];
    const pinned = client(port, { origin: changed.origin, pin: oldPin });
    pinned.ws.on('message', (d) => received.push(d.toString()));
    await expect(pinned.opened).rejects.toThrow(/certificate changed/);
    // Nothing crossed: no call was made, so no answer came back, and the server holds no open window for it.
    expect(received).toEqual([]);
    await new Promise((r) => setTimeout(r, 100));
    expect(changed.server.bridge.connections()).toBe(0);

    const repinned = client(port, { origin: changed.origin, pin: changed.fingerprint });
    await repinned.opened;
    expect((await repinned.ok('team.status', {})).kind).toBe('server');
    repinned.close();
  });

  it('refuses a key that is not the certificate\'s, naming the file', async () => {
    const a = await selfSignedCertificate(tmp(), { dns: ['localhost'], ips: [] });
    const b = await selfSignedCertificate(tmp(), { dns: ['localhost'], ips: [] });
    const keyOfB = join(b.certFile, '..', 'server.key');
    await expect(serve({ certificate: { certFile: a.certFile, keyFile: keyOfB } })).rejects.toMatchObject({
      code: 'remote.certificateUnreadable',
      params: { file: keyOfB },
    });
  });
});

describe('plain HTTP', () => {
  it('is served on loopback when asked, and refused beyond it', async () => {
    const plain = await serve({ certificate: 'none' });
    expect(plain.server.certificate).toBeNull();
    expect(plain.server.url).toBe(`http://127.0.0.1:${plain.server.port}`);
    const res = await fetch(`http://127.0.0.1:${plain.server.port}/health`);
    expect(await res.json()).toMatchObject({ ok: true, setupNeeded: true });

    const dir = tmp();
    await expect(
      startTeamServer({ dataDir: join(dir, 'data'), host: '0.0.0.0', port: 0, staticDir: staticFolder(dir), version: 't', certificate: 'none', vault: new MemoryVault(), log: createLogger({ level: 'error' }) }),
    ).rejects.toThrow(/speaks only TLS/);
  });
});
