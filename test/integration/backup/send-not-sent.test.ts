// The automation runs a restore recorded as not sent (issue 28.7) can be sent anyway, over a simulator on real HTTP:
// listed with the backup's time, each sent through the outbox once when asked, and a second ask — also two at the
// same instant — sends nothing and says so. Nothing is sent by itself after the restore.
import { afterEach, describe, expect, it } from 'vitest';
import { numbers } from '../campaigns/helpers';
import { message } from '../automations/runner-helpers';
import { DAY, closeLive, gatewaySim, hostWorld, T0, wait, type GatewaySim, type HostWorld } from './helpers';

let w: HostWorld | null = null;
let g: GatewaySim | null = null;
afterEach(async () => {
  await closeLive(w, g);
  [w, g] = [null, null];
});

describe('automation runs not sent after a restore', () => {
  it('are listed with the backup’s time and each sent anyway once, never a second time', async () => {
    g = await gatewaySim();
    const ledger = g.ledger;
    const clock = { now: T0 };
    w = await hostWorld(undefined, undefined, clock, { automations: { now: () => clock.now } });
    await g.use(w.calls);

    // Every day at 10:00 Copenhagen from the day after T0, to one number, over the messaging interface (no hand-over ahead).
    const a = await w.calls.ok('automations.create', {
      draft: {
        name: 'Daily news',
        timeZone: 'Europe/Copenhagen',
        spec: {
          kind: 'recurring',
          recurrence: { every: 'day', interval: 1 },
          time: '10:00',
          startDate: '2026-11-03',
          end: { kind: 'never' },
          recipients: { contactIds: [], groupIds: [], searches: [], numbers: numbers(8000, 1) },
          resolve: 'each_run',
        },
        message: message({ channel: 'messaging' }),
      },
    });
    await w.calls.ok('automations.activate', { id: a.id, liveAcknowledged: true });
    clock.now += 60_000;
    const backup = await w.calls.ok('backup.now', {});

    // Three days on, the older backup restored: the runs due since it are not sent by themselves.
    clock.now = T0 + 3 * DAY;
    const r = await w.calls.ok('backup.restore', { id: backup.id });
    expect(r.heldOccurrences).toBeGreaterThanOrEqual(3);
    await w.settled();
    const { runs } = await w.calls.ok('backup.notSent', {});
    expect(runs.length).toBe(r.heldOccurrences);
    expect(runs.slice(0, 3).map((x) => x.dueAt)).toEqual(['2026-11-03T09:00:00.000Z', '2026-11-04T09:00:00.000Z', '2026-11-05T09:00:00.000Z']);
    for (const x of runs) expect(x).toMatchObject({ automationId: a.id, automationName: 'Daily news', contactId: null, backupAt: backup.takenAt });
    await wait(500);
    expect(await ledger()).toEqual([]);

    // Sent anyway: through the outbox, once.
    const first = await w.calls.ok('backup.sendNotSent', { id: runs[0]!.id });
    expect(first.outcome).toBe('sent');
    const until = Date.now() + 15_000;
    while ((await ledger()).length < 1 && Date.now() < until) await wait(20);
    expect((await w.calls.fails('backup.sendNotSent', { id: runs[0]!.id })).code).toBe('backup.notSentGone');

    // Two asks at the same instant (two clicks, two windows): one sends, the other sends nothing.
    const both = await Promise.all([w.host.dispatch('backup.sendNotSent', { id: runs[1]!.id }), w.host.dispatch('backup.sendNotSent', { id: runs[1]!.id })]);
    expect(both.filter((x) => x.ok)).toHaveLength(1);
    const refused = both.find((x) => !x.ok);
    expect(refused && !refused.ok && refused.error.code).toBe('backup.notSentGone');
    while ((await ledger()).length < 2 && Date.now() < until) await wait(20);
    await wait(700);
    const sent = await ledger();
    expect(sent).toHaveLength(2);
    expect(sent.every((e) => e.recipient === Number(numbers(8000, 1)[0]!.replace('+', '')))).toBe(true);

    // The rest still wait to be chosen; the two sent anyway are no longer listed, and their campaigns are the automation's.
    const left = (await w.calls.ok('backup.notSent', {})).runs;
    expect(left.map((x) => x.id)).toEqual(runs.slice(2).map((x) => x.id));
    const c = await w.calls.ok('campaigns.get', { id: first.campaignId! });
    expect(c.automationId).toBe(a.id);
  });
});
