import { describe, expect, it } from 'vitest';
import { addressKind, addressesForHost, exposureRule } from '../../../src-main/server-exposure';
import { parseServerArgs } from '../../../src-main/server-args';

describe('what kind of place an address is', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.8.9.1', 'loopback'],
    ['::1', 'loopback'],
    ['10.0.0.5', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', 'public'],
    ['172.15.0.1', 'public'],
    ['192.168.1.20', 'private'],
    ['192.169.1.20', 'public'],
    ['169.254.3.4', 'linkLocal'],
    ['100.64.0.1', 'vpnShared'],
    ['100.101.102.103', 'vpnShared'],
    ['100.127.255.255', 'vpnShared'],
    ['100.128.0.1', 'public'],
    ['100.63.255.255', 'public'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['8.8.8.8', 'public'],
    ['85.191.10.4', 'public'],
    ['fe80::1', 'linkLocal'],
    ['fe80::1%eth0', 'linkLocal'],
    ['fd7a:115c:a1e0::1', 'private'],
    ['fc00::1', 'private'],
    ['2001:db8::1', 'public'],
    ['2a02:aa1::5', 'public'],
    ['::ffff:192.168.1.2', 'private'],
    ['::ffff:8.8.8.8', 'public'],
    ['besked.shop.lan', null],
  ])('%s is %s', (addr, kind) => {
    expect(addressKind(addr)).toBe(kind);
  });
});

const lan = [
  { address: '127.0.0.1', family: 'IPv4' as const },
  { address: '192.168.1.20', family: 'IPv4' as const },
  { address: '::1', family: 'IPv6' as const },
  { address: 'fe80::a', family: 'IPv6' as const },
];
const withPublicV6 = [...lan, { address: '2a02:aa1::5', family: 'IPv6' as const }];
const withPublicV4 = [...lan, { address: '85.191.10.4', family: 'IPv4' as const }];

describe('the addresses a host answers on', () => {
  it.each([
    ['0.0.0.0', withPublicV6, ['127.0.0.1', '192.168.1.20']],
    ['::', withPublicV6, ['127.0.0.1', '192.168.1.20', '::1', 'fe80::a', '2a02:aa1::5']],
    ['192.168.1.20', withPublicV4, ['192.168.1.20']],
  ])('%s', (host, interfaces, expected) => {
    expect(addressesForHost(host, interfaces)).toEqual(expected);
  });
});

describe('whether the server may listen there', () => {
  it.each([
    // host, --public, served addresses, starts, warns
    ['127.0.0.1', false, ['127.0.0.1'], true, false],
    ['192.168.1.20', false, ['192.168.1.20'], true, false],
    ['100.101.1.2', false, ['100.101.1.2'], true, false],
    ['0.0.0.0', false, addressesForHost('0.0.0.0', withPublicV6), true, false],
    ['0.0.0.0', false, addressesForHost('0.0.0.0', withPublicV4), false, false],
    ['0.0.0.0', true, addressesForHost('0.0.0.0', withPublicV4), true, true],
    ['::', false, addressesForHost('::', withPublicV6), false, false],
    ['::', true, addressesForHost('::', withPublicV6), true, true],
    ['85.191.10.4', false, ['85.191.10.4'], false, false],
    ['85.191.10.4', true, ['85.191.10.4'], true, true],
    ['besked.example.com', false, ['93.184.216.34'], false, false],
    ['besked.shop.lan', false, ['192.168.1.20'], true, false],
    ['127.0.0.1', true, ['127.0.0.1'], true, false],
  ])('%s (--public %s) on %j', (host, allowPublic, servedAddresses, starts, warns) => {
    const r = exposureRule({ host, allowPublic, servedAddresses });
    expect(r.ok).toBe(starts);
    if (r.ok) expect(r.warning !== undefined).toBe(warns);
    else expect(r.error).toMatch(/--public/);
  });
});

describe('--public on the command line', () => {
  it('is a flag without a value', () => {
    expect(parseServerArgs(['--host', '0.0.0.0', '--public'])).toEqual({ host: '0.0.0.0', port: 8443, public: true });
    expect('error' in parseServerArgs(['--public=yes'])).toBe(true);
  });
});
