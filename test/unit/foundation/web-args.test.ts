import { describe, expect, it } from 'vitest';
import { parseWebArgs } from '../../../src-main/web-args';

describe('web mode arguments', () => {
  it.each([
    [[], { port: 0 }],
    [['--port', '0'], { port: 0 }],
    [['--port', '8080', '--data', '/tmp/x'], { port: 8080, data: '/tmp/x' }],
    [['--port=9000', '--data=d'], { port: 9000, data: 'd' }],
  ])('parses %j', (argv, expected) => {
    expect(parseWebArgs(argv)).toEqual(expected);
  });

  it.each([[['--port', 'abc']], [['--port', '70000']], [['--port']], [['--data']], [['--bogus']]])('refuses %j with a reason', (argv) => {
    const r = parseWebArgs(argv);
    expect('error' in r && r.error.length > 5).toBe(true);
  });
});
