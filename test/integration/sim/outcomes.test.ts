// PUT /_sim/outcomes: an outcome forced on one number replaces the number rule for it on both interfaces, is lifted
// with null, leaves other numbers alone, survives a restart with a state file, and is cleared by a reset.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSim, type Sim } from './helpers';

let sim: Sim;
beforeEach(async () => {
  sim = await startSim();
});
afterEach(() => sim.close());

// Both end in 1: the number rule delivers them.
const NUMBER = 4520304081;
const OTHER = 4520304061;
const sendMessaging = (recipient: number) => sim.ok('/mobile/single', { method: 'POST', json: { sender: 'Shop', recipient, message: 'Hi' } }, 202);
const sendLegacy = (msisdn: number) =>
  sim.ok('/rest/mtsms', { method: 'POST', json: { message: 'Hej', sender: 'Besked', recipients: [{ msisdn }] } });
const force = (numbers: Record<string, string | null>) => sim.control<{ numbers: Record<string, string> }>('PUT', '/_sim/outcomes', { numbers });

async function statusesAfter(seconds: number): Promise<Map<string, string>> {
  await sim.control('POST', '/_sim/clock', { advance_seconds: seconds });
  return new Map((await sim.ledger()).map((m) => [`${m.interface} ${m.recipient}`, m.status]));
}

describe('PUT /_sim/outcomes', () => {
  it.each([
    // forced outcome, messaging status, legacy status (after 10 simulated seconds)
    ['undeliverable', 'UNDELIVERABLE', 'UNDELIVERABLE'],
    ['rejected', 'REJECTED', 'REJECTED'],
    ['expired', 'EXPIRED', 'EXPIRED'],
    ['skipped', 'REJECTED', 'SKIPPED'],
    ['accepted', 'ACCEPTED', 'ACCEPTED'],
    ['rcs', 'READ', 'DELIVERED'],
    ['delivered', 'DELIVERED', 'DELIVERED'],
  ])('forcing %s gives %s (messaging) and %s (legacy)', async (outcome, messaging, legacy) => {
    expect(await force({ [NUMBER]: outcome })).toEqual({ numbers: { [NUMBER]: outcome } });
    await sendMessaging(NUMBER);
    await sendLegacy(NUMBER);
    const statuses = await statusesAfter(10);
    expect(statuses.get(`messaging ${NUMBER}`)).toBe(messaging);
    expect(statuses.get(`legacy ${NUMBER}`)).toBe(legacy);
  });

  it('leaves other numbers to the number rule, and null lifts a forced outcome', async () => {
    expect(OTHER).not.toBe(NUMBER);
    await force({ [NUMBER]: 'undeliverable' });
    await sendMessaging(OTHER);
    expect((await statusesAfter(10)).get(`messaging ${OTHER}`)).toBe('DELIVERED');
    expect(await force({ [NUMBER]: null })).toEqual({ numbers: {} });
    await sendMessaging(NUMBER);
    expect((await statusesAfter(10)).get(`messaging ${NUMBER}`)).toBe('DELIVERED');
  });

  it('is listed by GET and cleared by a reset', async () => {
    await force({ [NUMBER]: 'undeliverable', [OTHER]: 'expired' });
    expect(await sim.control('GET', '/_sim/outcomes')).toEqual({ numbers: { [NUMBER]: 'undeliverable', [OTHER]: 'expired' } });
    await sim.control('POST', '/_sim/reset');
    expect(await sim.control('GET', '/_sim/outcomes')).toEqual({ numbers: {} });
  });

  it('survives a restart with a state file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-outcomes-'));
    try {
      const first = await startSim({ state: join(dir, 'state.json') });
      await first.control('PUT', '/_sim/outcomes', { numbers: { [NUMBER]: 'undeliverable' } });
      await first.close();
      const second = await startSim({ state: join(dir, 'state.json') });
      expect(await second.control('GET', '/_sim/outcomes')).toEqual({ numbers: { [NUMBER]: 'undeliverable' } });
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([
    [{ numbers: { '4520304081': 'lost' } }],
    [{ numbers: { '+4520304081': 'undeliverable' } }],
    [{ numbers: { abc: 'undeliverable' } }],
    [{}],
  ])('refuses %j with 400', async (json) => {
    expect((await sim.call('/_sim/outcomes', { method: 'PUT', json })).status).toBe(400);
  });
});
