import { describe, expect, it } from 'vitest';
import { parseServerArgs } from '../../../src-main/server-args';

describe('server arguments', () => {
  it.each([
    [[], { host: '127.0.0.1', port: 8443 }],
    [['--port', '0'], { host: '127.0.0.1', port: 0 }],
    [['--host', '0.0.0.0', '--port', '9443', '--data', '/srv/besked'], { host: '0.0.0.0', port: 9443, data: '/srv/besked' }],
    [['--host=192.168.1.20', '--port=443'], { host: '192.168.1.20', port: 443 }],
    [['--host', '::'], { host: '::', port: 8443 }],
    [['--host', 'fe80::1'], { host: 'fe80::1', port: 8443 }],
    [['--host', 'besked.shop.lan'], { host: 'besked.shop.lan', port: 8443 }],
    [['--cert', 'c.pem', '--key', 'k.pem'], { host: '127.0.0.1', port: 8443, cert: 'c.pem', key: 'k.pem' }],
    [['--name', 'Salon Nord'], { host: '127.0.0.1', port: 8443, name: 'Salon Nord' }],
    [['--restore', '/media/usb/besked-20261102T090000000Z-daily.besked-backup'], { host: '127.0.0.1', port: 8443, restore: '/media/usb/besked-20261102T090000000Z-daily.besked-backup' }],
  ])('parses %j', (argv, expected) => {
    expect(parseServerArgs(argv)).toEqual(expected);
  });

  it.each([
    [['--port', 'abc']],
    [['--port', '70000']],
    [['--port', '-1']],
    [['--port', '']],
    [['--port']],
    [['--host']],
    [['--host', 'https://x']],
    [['--host', 'a b']],
    [['--host', 'x:8443']],
    [['--host', 'a:8443']],
    [['--data']],
    [['--restore']],
    [['--cert', 'c.pem']],
    [['--key', 'k.pem']],
    [['--name', '   ']],
    [['--name', 'x'.repeat(61)]],
    [['--bogus']],
  ])('refuses %j with a reason', (argv) => {
    const r = parseServerArgs(argv);
    expect('error' in r && r.error.length > 5).toBe(true);
  });
});
