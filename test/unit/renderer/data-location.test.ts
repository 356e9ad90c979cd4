// @vitest-environment happy-dom
// Settings → "Where your data is" and the banner of a client whose server is away or shows another certificate.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPinia } from 'pinia';
import { flushPromises } from '@vue/test-utils';
import type { RemoteState, ServerCertificate } from '../../../src-shared/contract';
import DataLocationCard from '../../../src-renderer/components/settings/DataLocationCard.vue';
import RemoteLinkBanner from '../../../src-renderer/components/RemoteLinkBanner.vue';
import { installFakeBesked, Refused } from './support/fake-besked';
import { mountView, unmountViews } from './support/mount-view';

const FP = Array.from({ length: 32 }, (_, i) => (i * 7).toString(16).toUpperCase().padStart(2, '0').slice(-2)).join(':');
const OTHER = Array.from({ length: 32 }, () => 'AB').join(':');
const URL_ = 'https://192.168.1.20:8443';
const cert: ServerCertificate = { url: URL_, fingerprint: FP, subject: 'CN=shop', validTo: '2027-01-01T00:00:00.000Z', authorityTrusted: false };
const thisPc: RemoteState = { mode: 'thisPc', server: null, link: 'none', presented: null };
const onServer = (link: RemoteState['link'], presented: ServerCertificate | null = null): RemoteState => ({ mode: 'server', server: { url: URL_, fingerprint: FP }, link, presented });

const reload = vi.fn();
Object.defineProperty(window, 'location', { value: { ...window.location, reload }, configurable: true });

afterEach(() => {
  unmountViews();
  reload.mockReset();
  document.body.innerHTML = '';
});

const click = async (el: Element | null) => {
  (el as HTMLElement).click();
  await flushPromises();
};
const input = async (el: Element | null, value: string) => {
  const i = el!.querySelector('input')!;
  i.value = value;
  i.dispatchEvent(new Event('input'));
  await flushPromises();
};

describe('Where your data is', () => {
  it('checks the address, shows the fingerprint, and connects only once the user says it is the same as the printout', async () => {
    const fake = installFakeBesked({ 'remote.state': () => thisPc, 'team.status': () => ({ kind: 'single', setupNeeded: false, me: null, serverName: 'Besked', language: 'system' }), 'remote.probe': () => cert, 'remote.use': () => onServer('connecting') });
    await mountView(DataLocationCard, { pinia: createPinia() });
    expect(document.querySelector('[data-testid="data-here"]')).not.toBeNull();
    await input(document.querySelector('[data-testid="server-address"]'), '192.168.1.20:8443');
    await click(document.querySelector('[data-testid="check-server"]'));
    expect(fake.inputs('remote.probe')).toEqual([{ address: '192.168.1.20:8443' }]);
    expect(document.querySelector('[data-testid="checked-fingerprint"]')?.textContent).toBe(FP);
    const connect = document.querySelector<HTMLButtonElement>('[data-testid="connect-server"]')!;
    expect(connect.disabled).toBe(true);
    await click(document.querySelector('[data-testid="fingerprints-same"]'));
    expect(connect.disabled).toBe(false);
    await click(connect);
    expect(fake.inputs('remote.use')).toEqual([{ url: URL_, fingerprint: FP }]);
    expect(reload).toHaveBeenCalledOnce();
  }, 20_000);

  it('says why a check failed, in Danish too', async () => {
    installFakeBesked({
      'remote.state': () => thisPc,
      'team.status': () => ({ kind: 'single', setupNeeded: false, me: null, serverName: 'Besked', language: 'system' }),
      'remote.probe': () => {
        throw new Refused({ kind: 'network', message: 'x', code: 'remote.unreachable', params: { url: URL_ } });
      },
    });
    await mountView(DataLocationCard, { pinia: createPinia(), lang: 'da' });
    await input(document.querySelector('[data-testid="server-address"]'), URL_);
    await click(document.querySelector('[data-testid="check-server"]'));
    expect(document.querySelector('[data-testid="data-location-problem"]')?.textContent).toContain(`Besked-serveren på ${URL_} kan ikke nås`);
    expect(reload).not.toHaveBeenCalled();
  });

  it('is not shown in a browser opened on the server itself', async () => {
    installFakeBesked({ 'remote.state': () => thisPc, 'team.status': () => ({ kind: 'server', setupNeeded: false, me: null, serverName: 'Shop', language: 'system' }) });
    await mountView(DataLocationCard, { pinia: createPinia() });
    expect(document.querySelector('[data-testid="data-location"]')).toBeNull();
  });
});

describe('the banner of a client', () => {
  it('follows the link live: away, then a changed certificate with both fingerprints, then gone once connected', async () => {
    const fake = installFakeBesked({ 'remote.state': () => onServer('connected') });
    await mountView(RemoteLinkBanner, { pinia: createPinia() });
    expect(document.querySelector('[data-testid="server-unreachable"]')).toBeNull();
    fake.emit('remote.state', onServer('unreachable'));
    await flushPromises();
    expect(document.querySelector('[data-testid="server-unreachable"]')?.textContent).toContain(`The Besked server at ${URL_} cannot be reached`);
    fake.emit('remote.state', onServer('certificateChanged', { ...cert, fingerprint: OTHER }));
    await flushPromises();
    const banner = document.querySelector('[data-testid="certificate-changed"]')!;
    expect(banner.textContent).toContain(FP);
    expect(banner.querySelector('[data-testid="presented-fingerprint"]')?.textContent).toBe(OTHER);
    fake.emit('remote.state', onServer('connected'));
    await flushPromises();
    expect(document.querySelector('[data-testid="certificate-changed"]')).toBeNull();
    expect(document.querySelector('[data-testid="server-back"]')).toBeNull();
  });

  it('back after an absence, offers a reload for what changed meanwhile', async () => {
    const fake = installFakeBesked({ 'remote.state': () => onServer('connected') });
    await mountView(RemoteLinkBanner, { pinia: createPinia() });
    fake.emit('remote.state', onServer('unreachable'));
    await flushPromises();
    fake.emit('remote.state', onServer('connected'));
    await flushPromises();
    expect(document.querySelector('[data-testid="server-back"]')?.textContent).toContain('Connected to the server again');
    await click(document.querySelector('[data-testid="server-back-reload"]'));
    expect(reload).toHaveBeenCalledOnce();
  });
});
