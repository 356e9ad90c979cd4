// Which Host and Origin headers name this team server: its own names at its port and scheme, nothing else.
import { describe, expect, it } from 'vitest';
import { hostIsOurs, originIsOurs, ownNames } from '../../../src-main/bridge/server-names';

const source = { hostname: () => 'Shop-PC', addresses: () => ['127.0.0.1', '192.168.1.20', '::1', 'fe80::1%eth0'] };
const names = ownNames({ bindHost: '0.0.0.0', certNames: ['besked.shop.lan'] }, source);
const https = { scheme: 'https' as const, port: 8443 };

describe('the team server\'s own names', () => {
  it('are loopback, the computer\'s name, its addresses and the certificate\'s names, never the wildcard', () => {
    expect([...names].sort()).toEqual(['127.0.0.1', '192.168.1.20', '::1', 'besked.shop.lan', 'fe80::1', 'localhost', 'shop-pc', 'shop-pc.local'].sort());
    expect(ownNames({ bindHost: '10.0.0.5' }, source).has('10.0.0.5')).toBe(true);
  });

  it.each([
    ['127.0.0.1:8443', true],
    ['localhost:8443', true],
    ['LOCALHOST:8443', true],
    ['[::1]:8443', true],
    ['192.168.1.20:8443', true],
    ['shop-pc:8443', true],
    ['shop-pc.local:8443', true],
    ['besked.shop.lan:8443', true],
    ['[fe80::1]:8443', true],
    ['127.0.0.1:8444', false],
    ['127.0.0.1', false],
    ['evil.example:8443', false],
    ['192.168.1.21:8443', false],
    ['shop-pc.evil.example:8443', false],
    ['127.0.0.1:8443@evil.example', false],
    ['127.0.0.1:8443/x', false],
    ['', false],
    [undefined, false],
  ])('Host %j → %s', (host, ok) => {
    expect(hostIsOurs(host, names, https)).toBe(ok);
  });

  it('accepts a Host without a port only on the scheme\'s default port', () => {
    expect(hostIsOurs('shop-pc', names, { scheme: 'https', port: 443 })).toBe(true);
    expect(hostIsOurs('shop-pc:443', names, { scheme: 'https', port: 443 })).toBe(true);
    expect(hostIsOurs('shop-pc', names, { scheme: 'http', port: 443 })).toBe(false);
  });

  it.each([
    ['https://127.0.0.1:8443', true],
    ['https://shop-pc:8443', true],
    ['https://[::1]:8443', true],
    ['http://127.0.0.1:8443', false],
    ['https://127.0.0.1:8444', false],
    ['https://evil.example:8443', false],
    ['https://127.0.0.1:8443/path', false],
    ['null', false],
    ['', false],
    [undefined, false],
  ])('Origin %j → %s', (origin, ok) => {
    expect(originIsOurs(origin, names, https)).toBe(ok);
  });
});
