// The server address the user types, normalised to the https://host:port that is pinned, or refused (core/remote/probe.ts).
import { describe, expect, it } from 'vitest';
import { serverAddress } from '../../../src-main/core/remote/probe';

describe('a typed server address', () => {
  it.each([
    ['192.168.1.20:8443', 'https://192.168.1.20:8443', '192.168.1.20', 8443],
    ['  https://192.168.1.20:8443/ ', 'https://192.168.1.20:8443', '192.168.1.20', 8443],
    ['shop-pc.local', 'https://shop-pc.local:443', 'shop-pc.local', 443],
    ['HTTPS://Shop-PC:9000', 'https://shop-pc:9000', 'shop-pc', 9000],
    ['[fe80::1]:8443', 'https://[fe80::1]:8443', 'fe80::1', 8443],
  ])('%s is %s', (typed, url, host, port) => {
    expect(serverAddress(typed)).toEqual({ url, host, port });
  });

  it.each([['http://192.168.1.20:8443'], ['wss://shop:8443'], ['https://shop:8443/bridge'], ['https://anna:pw@shop:8443'], ['https://shop:8443/?key=x'], ['https://'], ['not an address at all']])(
    '%s is refused with remote.badAddress',
    (typed) => {
      expect(() => serverAddress(typed)).toThrow(expect.objectContaining({ code: 'remote.badAddress' }));
    },
  );
});
