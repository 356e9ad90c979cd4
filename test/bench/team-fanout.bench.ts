// A change seen by a whole team: 20 windows signed in to a Besked server over TLS WebSockets on loopback; one of
// them adds a contact and the time until the last of the 20 has its contacts.changed event is one sample. The p95
// of 60 such changes is the figure (goal: under 250 ms).
import type { Bench } from './harness';
import { median, percentile } from './harness';
import { startTeamWorld, type TeamClient } from '../integration/team/harness';

const CLIENTS = 20;
const CHANGES = 60;

export const benches: Bench[] = [
  {
    names: ['team.event_fanout_ms'],
    async run(report) {
      const world = await startTeamWorld();
      try {
        const windows: TeamClient[] = [await world.owner('Anna')];
        for (let i = 1; i < CLIENTS; i++) windows.push(await world.invite(`Kollega ${i}`));
        const samples: number[] = [];
        for (let n = 0; n < CHANGES + 5; n++) {
          const seen = windows.map((w) => w.waitForEvent('contacts.changed', undefined, { since: w.events.length }).then(() => performance.now()));
          const t0 = performance.now();
          await windows[n % CLIENTS]!.ok('contacts.create', { phone: `+4520${String(100000 + n)}`, firstName: `Fan ${n}` });
          const last = Math.max(...(await Promise.all(seen)));
          // The first few warm the statements and the sockets' buffers.
          if (n >= 5) samples.push(last - t0);
        }
        report({
          name: 'team.event_fanout_ms',
          value: Math.round(percentile(samples, 95) * 10) / 10,
          unit: 'ms',
          clients: CLIENTS,
          changes: CHANGES,
          median: Math.round(median(samples) * 10) / 10,
          max: Math.round(Math.max(...samples) * 10) / 10,
          goal: '< 250',
        });
      } finally {
        await world.close();
      }
    },
  },
];
