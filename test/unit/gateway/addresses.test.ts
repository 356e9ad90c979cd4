// The one rule for where the API token may go, as Settings and the gateway client both apply it, and the public
// addresses a platform choice fills in.
import { describe, expect, it } from 'vitest';
import { addressHost, gatewayAddressProblem, PUBLIC_ADDRESSES } from '../../../src-shared/gateway/addresses';
import { SettingsPatch } from '../../../src-shared/contract';
import { buildUrl } from '../../../src-main/core/gateway/caller';

const CASES: [address: string, problem: ReturnType<typeof gatewayAddressProblem>][] = [
  ['https://messaging.gatewayapi.com', null],
  ['https://gatewayapi.eu/', null],
  ['https://reseller.example/gateway/v1', null],
  ['HTTPS://GATEWAYAPI.COM', null],
  ['https://gatewayapi.com:8443', null],
  ['http://127.0.0.1:8080', null],
  ['http://localhost:8080/', null],
  ['http://[::1]:8080', null],
  ['http://gatewayapi.com', 'notHttps'],
  ['http://10.0.0.5', 'notHttps'],
  ['http://127.0.0.1.nip.io', 'notHttps'],
  ['http://localhost.evil.com', 'notHttps'],
  ['http://[::ffff:7f00:1]', 'notHttps'],
  ['ftp://gatewayapi.com', 'notHttps'],
  ['ws://127.0.0.1:8080', 'notHttps'],
  ['javascript://gatewayapi.com/', 'notHttps'],
  ['gatewayapi.com', 'invalid'],
  ['', 'invalid'],
  ['https://', 'invalid'],
  ['https://user:secret@gatewayapi.com', 'invalid'],
  ['https://gatewayapi.com/?token=x', 'invalid'],
  ['https://gatewayapi.com/#top', 'invalid'],
];

describe('where the token may go', () => {
  it.each(CASES)('%s → %s', (address, problem) => {
    expect(gatewayAddressProblem(address)).toBe(problem);
  });

  it.each(CASES)('the gateway client refuses %s exactly when the rule does', (address, problem) => {
    const built = () => buildUrl(address, '/rest/me', undefined, 'legacy');
    if (problem === null) expect(built()).toMatch(/\/rest\/me$/);
    else expect(built).toThrow(expect.objectContaining({ code: problem === 'notHttps' ? 'gateway.addressNotHttps' : 'gateway.badAddress' }));
  });

  it.each(CASES.filter(([a]) => a !== ''))('Settings accepts %s exactly when the rule does', (address, problem) => {
    const patch = SettingsPatch.safeParse({ endpoints: { eu: { messagingUrl: address, legacyUrl: 'https://gatewayapi.eu' } } });
    expect(patch.success).toBe(problem === null);
  });

  it("Settings takes an empty address: the platform's public one", () => {
    expect(SettingsPatch.safeParse({ endpoints: { default: { messagingUrl: '', legacyUrl: '' } } }).success).toBe(true);
  });

  it('the public addresses pass the rule', () => {
    for (const ep of Object.values(PUBLIC_ADDRESSES)) {
      expect(gatewayAddressProblem(ep.messagingUrl)).toBeNull();
      expect(gatewayAddressProblem(ep.legacyUrl)).toBeNull();
    }
  });

  it.each([
    ['https://messaging.gatewayapi.eu', 'messaging.gatewayapi.eu'],
    ['http://127.0.0.1:9/', '127.0.0.1:9'],
    ['not an address', 'not an address'],
  ])('names the host of %s', (address, host) => {
    expect(addressHost(address)).toBe(host);
  });
});
