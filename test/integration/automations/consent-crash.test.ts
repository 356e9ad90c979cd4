// Consent across a crash (issue 27): Besked is killed while handing a run (send time 10 hours ahead) to the gateway,
// so after the restart the request's answer is lost and Besked knows no message ids. The gateway holds the
// messages all the same. The run must not read "failed" nor its rows "sent" before the send time; and a contact
// who opts out then, whose message cannot be withdrawn (its id unknown), is listed as not withdrawn with that
// reason and the attention notice is raised at once.
import { afterEach, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { rmSync } from 'node:fs';
import { startSimulator, type Simulator } from '../../../src-sim/index';
import { startCore, type Core } from '../../../src-main/core/core';
import { MemoryVault } from '../../../src-main/core/secrets/vault';
import { createLogger } from '../../../src-main/core/log';
import type { EventMessage } from '../../../src-shared/contract';
import { freePort, simCall, tempDir } from '../campaigns/helpers';

const ROOT = resolve(import.meta.dirname, '../../..');
let sim: Simulator | null = null;
let child: ChildProcess | null = null;
let core: Core | null = null;
let dataDir: string | null = null;
afterEach(async () => {
  child?.kill('SIGKILL');
  await core?.close();
  await sim?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  sim = null;
  child = null;
  core = null;
  dataDir = null;
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('an opt-out after a crash during a hand-over', () => {
  it('is listed as not withdrawn with its reason and raises the attention notice; the run is not failed nor sent', { timeout: 120_000 }, async () => {
    const port = await freePort();
    const token = 'consent-crash-token-1';
    const base = `http://127.0.0.1:${port}`;
    sim = await startSimulator({ port, token, log: () => undefined });
    // The gateway takes the messages, then holds its answer back: the kill falls between the two.
    await simCall(base, token, 'PUT', '/_sim/faults', { rules: [{ path: '/rest/mtsms', method: 'POST', answer_latency_ms: 600_000 }] });
    dataDir = tempDir('besked-consent-crash-');

    const c = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'test/integration/automations/consent-crash-child.ts'), dataDir, base, token], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = c;
    let err = '';
    c.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    const exited = new Promise<void>((r) => c.once('exit', () => r()));
    const ledger = async () => ((await simCall(base, token, 'GET', '/_sim/ledger')) as { messages: { id: string; recipient: number; status: string }[] }).messages;
    const until = Date.now() + 60_000;
    while ((await ledger()).length < 3) {
      if (Date.now() > until) throw new Error(`the run was not handed over: ${err}`);
      await sleep(100);
    }
    c.kill('SIGKILL');
    await exited;
    child = null;
    await simCall(base, token, 'PUT', '/_sim/faults', { rules: [] });

    const vault = new MemoryVault();
    await vault.set('default', token);
    core = await startCore({ dataDir, shell: 'web', version: 't', vault, log: createLogger({ level: 'error' }), checkOutputs: true });
    const events: EventMessage[] = [];
    core.events.subscribe((m) => events.push(m));
    const ok = async <T>(name: string, input: unknown): Promise<T> => {
      const r = await core!.dispatch(name, input);
      if (!r.ok) throw new Error(`${name}: ${r.error.message}`);
      return r.value as T;
    };
    core.automations.wake();
    await core.automations.idle();

    const campaignId = core.db.prepare('SELECT id FROM campaigns WHERE automation_id IS NOT NULL').pluck().get() as number;
    const recipients = core.db.prepare('SELECT state FROM campaign_recipients WHERE campaign_id = ?').pluck().all(campaignId);
    expect(recipients).toEqual(['uncertain', 'uncertain', 'uncertain']);
    // The gateway may hold them for the send time: not "failed", and no row "sent" before it.
    const campaign = await ok<{ state: string }>('campaigns.get', { id: campaignId });
    expect(campaign.state).toBe('scheduled');
    const automationId = core.db.prepare('SELECT id FROM automations').pluck().get() as number;
    const history = async () => (await ok<{ items: { state: string; contactId: number | null; reasonCode: { code: string } | null }[] }>('automations.history', { id: automationId })).items;
    expect((await history()).map((h) => h.state)).toEqual(['uncertain', 'uncertain', 'uncertain']);

    const contactId = core.db.prepare('SELECT id FROM contacts WHERE msisdn = 4520003001').pluck().get() as number;
    await ok('contacts.optOut', { selection: { ids: [contactId] } });
    const seen = Date.now() + 10_000;
    while (!events.some((e) => e.name === 'automations.attention')) {
      if (Date.now() > seen) throw new Error('no attention notice');
      await sleep(50);
    }
    await core.automations.idle();
    const attention = events.find((e) => e.name === 'automations.attention')!.payload as unknown as { code: { code: string; params: { count: number } } };
    expect(attention.code).toEqual({ code: 'automation.notWithdrawn', params: { count: 1 } });
    const mine = (await history()).filter((h) => h.contactId === contactId);
    // Appended under the uncertain hand-over, which stays in the history as it was (issue 27.5).
    expect(mine.map((h) => [h.state, h.reasonCode?.code])).toEqual([
      ['not_withdrawn', 'automation.idUnknown'],
      ['uncertain', undefined],
    ]);
    // What the gateway holds is unchanged: Besked cannot take back a message whose id it never learnt.
    expect((await ledger()).filter((m) => m.recipient === 4520003001).map((m) => m.status)).toEqual(['SCHEDULED']);
  });
});
