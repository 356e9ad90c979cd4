// Switching between Sandbox and live (issue 27.4): each mode has its own clock (the test gateway's, the computer's),
// and runs already recorded on the test clock are neither shown as the next send nor sent again once the live clock
// reaches them; the rule goes on with the first run nobody has recorded — and back in Sandbox, where the test clock
// stood, with its next run.
import { afterEach, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { startSimulator, type Simulator } from '../../../src-sim/index';
import { freePort, numbers, perTest, simCall } from '../campaigns/helpers';
import { activate, advance, dailyAt, occurrences, settled, simNow } from './runner-helpers';

const p = perTest();
let live: Simulator | null = null;
afterEach(async () => {
  await p.after();
  await live?.close();
  live = null;
});

const zone = 'Europe/Copenhagen';

/** Switches the core to live on a gateway of its own (a second simulator on the computer's clock) and lets the runner look. */
async function goLive(t: Awaited<ReturnType<typeof p.core>>, token: string): Promise<{ base: string; token: string }> {
  const port = await freePort();
  live = await startSimulator({ port, token, log: () => undefined });
  const base = `http://127.0.0.1:${port}`;
  await t.ok('settings.update', { sandbox: false, endpoints: { default: { messagingUrl: base, legacyUrl: base } } });
  await t.ok('settings.setToken', { platform: 'default', token });
  t.core.automations.wake();
  await settled(t);
  return { base, token };
}

describe('switching from Sandbox to live', () => {
  it('neither shows nor sends again a run already sent on the test clock', async () => {
    const t = await p.core();
    const due = DateTime.fromMillis(Date.now() + 30 * 60_000, { zone });
    const spec = dailyAt(due, numbers(800, 1));
    await t.ok('settings.update', { automations: { lookAheadHours: 0, graceMinutes: 120 } });
    const id = await activate(t, spec, { name: 'Weekly' });
    // Two runs go out on the test clock (today's and tomorrow's).
    await advance(t, 3600);
    await advance(t, 86_400);
    expect(occurrences(t, id).map((r) => r.state)).toEqual(['sent', 'sent']);
    expect(await simNow(t)).toBeGreaterThan(Date.now() + 86_400_000);

    const { base, token } = await goLive(t, 'live-token-mode-switch');

    const listed = (await t.ok('automations.list', {})).automations.find((a) => a.id === id)!;
    // The live clock is a day behind the test clock: the next send is the first run not sent on either clock.
    expect(listed.nextRunAt).toBe(due.startOf('minute').plus({ days: 2 }).toUTC().toISO());
    const ledger = (await simCall(base, token, 'GET', '/_sim/ledger')) as { messages: unknown[] };
    expect(ledger.messages).toEqual([]);
    expect(occurrences(t, id)).toHaveLength(2);
  });

  it('and back: the test clock picks up where it was, sending again neither its own runs nor skipping the next', async () => {
    const t = await p.core();
    const due = DateTime.fromMillis(Date.now() + 30 * 60_000, { zone });
    await t.ok('settings.update', { automations: { lookAheadHours: 0, graceMinutes: 120 } });
    const id = await activate(t, dailyAt(due, numbers(810, 1)), { name: 'Daily' });
    await advance(t, 3600);
    expect(occurrences(t, id).map((r) => r.state)).toEqual(['sent']);
    const sandboxSent = (await t.ledger()).length;

    const { base, token } = await goLive(t, 'live-token-mode-switch-back');
    // Live, the computer's clock has not reached today's run yet, which the test clock already sent: nothing goes out.
    expect(((await simCall(base, token, 'GET', '/_sim/ledger')) as { messages: unknown[] }).messages).toEqual([]);

    // Back to Sandbox: the test gateway's clock stands after today's run, which is not sent again.
    await t.ok('settings.update', { sandbox: true });
    t.core.automations.wake();
    await settled(t);
    expect(await t.ledger()).toHaveLength(sandboxSent);
    expect(occurrences(t, id).map((r) => r.state)).toEqual(['sent']);
    // Tomorrow's run on the test clock goes out once: none skipped by the trip to live.
    await advance(t, 86_400);
    expect(occurrences(t, id).map((r) => r.state)).toEqual(['sent', 'sent']);
    expect(await t.ledger()).toHaveLength(sandboxSent + 1);
    expect(((await simCall(base, token, 'GET', '/_sim/ledger')) as { messages: unknown[] }).messages).toEqual([]);
  });
});
