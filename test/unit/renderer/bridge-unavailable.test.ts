// Why web mode's page cannot reach the core: the server's key check tells an old link from a stopped Besked.
import { describe, expect, it } from 'vitest';
import { BRIDGE_ERRORS, keyCheckUrl, whyUnavailable, type KeyCheckFetch } from '../../../src-renderer/bridge/bridge-unavailable';

const BRIDGE = 'ws://127.0.0.1:4321/bridge?key=abc_DEF-1';
const answers = (status: number, body: unknown): KeyCheckFetch => async () => ({ ok: status < 300, json: async () => body });
const refused: KeyCheckFetch = async () => {
  throw new TypeError('Failed to fetch');
};

describe('whyUnavailable', () => {
  it.each([
    ['the server says the key is not this run\'s', answers(200, { valid: false }), BRIDGE_ERRORS.wrongKey],
    ['nothing answers on the port', refused, BRIDGE_ERRORS.notRunning],
    ['something else answers (no key check there)', answers(404, null), BRIDGE_ERRORS.notRunning],
    ['the answer is not a key check\'s', answers(200, { hello: 1 }), BRIDGE_ERRORS.notRunning],
    ['the answer is not JSON at all', async () => ({ ok: true, json: async () => Promise.reject(new SyntaxError('bad')) }), BRIDGE_ERRORS.notRunning],
    ['the key is right: a passing failure, tried again', answers(200, { valid: true }), BRIDGE_ERRORS.reconnecting],
  ] as const)('%s', async (_, fetchKeyCheck, expected) => {
    expect(await whyUnavailable(BRIDGE, fetchKeyCheck)).toBe(expected);
  });

  it('asks the same host, with the same key, over http', async () => {
    let asked = '';
    await whyUnavailable(BRIDGE, async (url) => ((asked = url), { ok: true, json: async () => ({ valid: true }) }));
    expect(asked).toBe('http://127.0.0.1:4321/bridge/key-check?key=abc_DEF-1');
    expect(keyCheckUrl('ws://127.0.0.1:1/bridge?key=')).toBe('http://127.0.0.1:1/bridge/key-check?key=');
  });

  it('carries codes the UI translates', () => {
    expect(Object.values(BRIDGE_ERRORS).map((e) => e.code)).toEqual(['bridge.wrongKey', 'bridge.notRunning', 'bridge.reconnecting']);
  });
});
