// Real failures over the simulator reach a dispatch result with the code and parameters the renderer translates:
// a gateway nobody listens on, a refused token, a campaign sent twice, a cost that rose, input the contract refuses.
// (test/unit/renderer/error-text.test.ts shows such values in Danish.)
import { mkdtempSync, rmSync } from 'node:fs';
import { freePort } from '../core-calls';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore, type Core } from '../../../src-main/core/core';
import { MemoryVault } from '../../../src-main/core/secrets/vault';
import { createLogger } from '../../../src-main/core/log';
import { startSimulator, type Simulator } from '../../../src-sim/index';
import type { CallInput, CallName, CallOutput } from '../../../src-shared/contract';
import type { AppError } from '../../../src-shared/errors';
import { isErrorCode } from '../../../src-shared/error-codes';

const TOKEN = 'coded-errors-token';

let sim: Simulator;
let core: Core;
let dir: string;

async function ok<N extends CallName>(name: N, input: CallInput<N>): Promise<CallOutput<N>> {
  const r = await core.dispatch(name, input);
  if (!r.ok) throw new Error(`${name} failed: ${r.error.kind}: ${r.error.message}`);
  return r.value as CallOutput<N>;
}

async function fails(name: string, input: unknown): Promise<AppError> {
  const r = await core.dispatch(name, input);
  if (r.ok) throw new Error(`${name} succeeded but should have failed`);
  return r.error;
}

async function live(base: string): Promise<void> {
  await ok('settings.update', { sandbox: false, endpoints: { default: { messagingUrl: base, legacyUrl: base } } });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'besked-coded-errors-'));
  sim = await startSimulator({ port: 0, token: TOKEN, log: () => undefined });
  core = await startCore({
    dataDir: dir,
    shell: 'web',
    version: 't',
    vault: new MemoryVault(),
    checkOutputs: true,
    log: createLogger({ level: 'error' }),
    gateway: { retry: { maxAttempts: 1 } },
  });
});

afterAll(async () => {
  await core?.close();
  await sim?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('coded errors over the simulator', () => {
  it('a gateway nobody listens on: gateway.unreachable with its host and the connection error', async () => {
    const port = await freePort();
    await live(`http://127.0.0.1:${port}`);
    await ok('settings.setToken', { platform: 'default', token: TOKEN });
    const e = await fails('account.balance', { refresh: true });
    expect(e).toMatchObject({ kind: 'network', code: 'gateway.unreachable', params: { host: `127.0.0.1:${port}`, reason: 'ECONNREFUSED' } });
    expect(e.message).toMatch(/Could not connect to the gateway/);
  });

  it('a token the gateway refuses: gateway.tokenRefused with the HTTP status', async () => {
    await live(sim.url);
    await ok('settings.setToken', { platform: 'default', token: 'not-the-token' });
    const e = await fails('account.balance', { refresh: true });
    expect(e).toMatchObject({ kind: 'auth', code: 'gateway.tokenRefused', params: { status: '401' } });
    expect(e.message).toMatch(/refused the API token/);
    await ok('settings.setToken', { platform: 'default', token: TOKEN });
  });

  it('input the contract refuses: call.invalidInput naming the call and the problem', async () => {
    const e = await fails('campaigns.get', { id: 'seven' });
    expect(e).toMatchObject({ kind: 'validation', code: 'call.invalidInput', params: { call: 'campaigns.get' } });
    expect(String(e.params?.['problem'])).toMatch(/^id: /);
  });

  it('a campaign sent twice: campaign.alreadySent; a cost that rose since the preview: campaign.costChanged', async () => {
    await ok('settings.update', { sandbox: true });
    const draft = {
      name: 'Coded',
      channel: 'legacy' as const,
      sender: 'Besked',
      text: 'Hello',
      fallbacks: {},
      options: { label: '', priority: 'normal' as const, validitySeconds: null, messageClass: 'standard' as const, flash: false },
      recipients: { contactIds: [], groupIds: [], searches: [], numbers: ['+4520000001', '+4520000002'] },
      sendAt: null,
    };
    await ok('pricing.status', { refresh: true });

    const cheap = await ok('campaigns.create', {});
    await ok('campaigns.saveDraft', { id: cheap.id, draft });
    const rose = await fails('campaigns.send', { id: cheap.id, expectedCost: 0.01 });
    expect(rose).toMatchObject({ kind: 'conflict', code: 'campaign.costChanged', params: { seen: 0.01 } });
    expect(typeof rose.params?.['cost']).toBe('number');
    expect(rose.params?.['currency']).toBe('DKK');

    await ok('campaigns.send', { id: cheap.id });
    const again = await fails('campaigns.send', { id: cheap.id });
    expect(again).toMatchObject({ kind: 'conflict', code: 'campaign.alreadySent', message: 'This campaign has already been sent or scheduled.' });
  });

  it('every code that reaches a result is one the registry knows', async () => {
    const e = await fails('campaigns.resume', { id: 999_999 });
    expect(e.code).toBe('campaign.notFound');
    expect(isErrorCode(e.code)).toBe(true);
  });
});
