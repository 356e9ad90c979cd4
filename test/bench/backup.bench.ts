// Backups against the 100,000-contact shop of campaign.bench.ts: how long "Back up now" takes (written by SQLite's
// online backup on the backup's thread, checked read-only, manifest written), and what a backup running at the same
// time costs a 100,000-recipient send: the send's time without one divided by its time with one (1 is free; the goal
// is ≥ 0.9).
import { rmSync } from 'node:fs';
import { median, type Bench } from './harness';
import { prepare, resetSim, sendCampaign, type Prepared } from './campaign.bench';

const RUNS = 3;
const round3 = (x: number) => Number(x.toFixed(3));

async function backUp(p: Prepared): Promise<number> {
  const t0 = performance.now();
  await p.ok('backup.now', {});
  return (performance.now() - t0) / 1000;
}

export const benches: Bench[] = [
  {
    names: ['backup.100k_contacts_s', 'backup.campaign_ratio'],
    async run(report) {
      const p = await prepare();
      // On a busy machine the simulator's keep-alive timers may fire late and close the socket the next control
      // request reuses. Such a request (not a send) is tried once more.
      const sim = p.sim;
      p.sim = (method, path, body) => sim(method, path, body).catch(() => sim(method, path, body));
      try {
        const backups: number[] = [];
        for (let i = 0; i < RUNS; i++) backups.push(await backUp(p));
        const bytes = (await p.ok('backup.status', {})).entries[0]!.bytes;
        report({ name: 'backup.100k_contacts_s', value: round3(median(backups)), unit: 's', runs: backups.map(round3), bytes, goal: '< 3' });

        const ratios: number[] = [];
        const pairs: { without: number; with: number; backupS: number }[] = [];
        for (let i = 0; i < RUNS; i++) {
          await resetSim(p);
          const without = (await sendCampaign(p)).seconds;
          await resetSim(p);
          // The backup starts as the send does and runs alongside it (it copies the growing database to its end).
          const [sent, backupS] = await Promise.all([sendCampaign(p), new Promise((r) => setTimeout(r, 50)).then(() => backUp(p))]);
          pairs.push({ without: round3(without), with: round3(sent.seconds), backupS: round3(backupS) });
          ratios.push(without / sent.seconds);
        }
        report({ name: 'backup.campaign_ratio', value: round3(median(ratios)), unit: 'ratio', runs: pairs, goal: '>= 0.9' });
      } finally {
        await p.core.close();
        rmSync(p.dir, { recursive: true, force: true });
      }
    },
  },
];
