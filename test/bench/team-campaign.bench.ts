// The 100,000-recipient campaign of campaign.bench.ts sent by a staff user's window through a Besked server (TLS
// WebSocket on loopback; the composer's calls, Send, and "sent" seen as the window's own campaign.changed event),
// against the same campaign sent on one PC (the core called in-process, as the desktop app's IPC does). Runs
// alternate between the two so each pair shares the machine's state; the figure is the median of the pairs'
// throughput ratios, one PC's seconds over the server's (goal: at least 0.9).
import { rmSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Bench } from './harness';
import { median } from './harness';
import { draft, prepare, resetSim, sendCampaign, type Prepared } from './campaign.bench';
import { generateCsv, importThroughContract, searchIndexed } from './contacts.bench';
import { startTeamWorld, type TeamClient } from '../integration/team/harness';
import type { CallInput, CallName, CallOutput } from '../../src-shared/contract';

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

const RECIPIENTS = 100_000;
const RUNS = 3;

/** Composes, previews and sends from the window; seconds from Send until the window is told the campaign is sent. */
async function sendThroughServer(p: Prepared, window: TeamClient): Promise<number> {
  const { id } = await window.ok('campaigns.create', {});
  await window.ok('campaigns.saveDraft', { id, draft: draft(p.groupId) });
  await window.ok('compose.preview', { draft: draft(p.groupId) });
  await p.sim('DELETE', '/_sim/stats');
  const since = window.events.length;
  const done = window.waitForEvent(
    'campaign.changed',
    (c) => c.id === id && !!c.summary && ['sent', 'partly_failed', 'failed'].includes(c.summary.state),
    { since, timeoutMs: 600_000 },
  );
  collect();
  const t0 = performance.now();
  await window.ok('campaigns.send', { id });
  const changed = await done;
  const seconds = (performance.now() - t0) / 1000;
  if (changed.summary?.state !== 'sent' || changed.summary.counts.accepted !== RECIPIENTS) throw new Error(`campaign ended ${JSON.stringify(changed.summary)}`);
  // As campaign.bench waits: the deferred rows written before the next run, not timed.
  const left = p.core.db.prepare(
    'SELECT (SELECT COUNT(*) FROM recipient_batches WHERE campaign_id = ?) + (SELECT COUNT(*) FROM send_chunks WHERE campaign_id = ? AND settled = 0)',
  );
  while ((left.pluck().get(id, id) as number) > 0) await new Promise((r) => setTimeout(r, 5));
  return seconds;
}

export const benches: Bench[] = [
  {
    names: ['team.campaign100k.ratio_vs_single'],
    async run(report) {
      const single = await prepare();
      const world = await startTeamWorld();
      try {
        // The server's copy of the same 100,000 contacts (not timed).
        await importThroughContract(world.core, generateCsv(RECIPIENTS));
        await searchIndexed(world.core);
        world.core.db.prepare("INSERT INTO contacts_fts (contacts_fts) VALUES ('optimize')").run();
        const ok = async <N extends CallName>(name: N, input: CallInput<N>) => {
          const r = await world.core.dispatch(name, input);
          if (!r.ok) throw new Error(`${name}: ${r.error.message}`);
          return r.value as CallOutput<N>;
        };
        const group = (await ok('groups.list', {})).groups.find((g) => g.count === RECIPIENTS);
        if (!group) throw new Error('the server has no group of every contact');
        const served: Prepared = { core: world.core, dir: world.dataDir, groupId: group.id, ok, sim: world.sim };
        await world.owner('Anna');
        const staff = await world.invite('Bo');
        await staff.ok('pricing.status', { refresh: true });
        await staff.ok('account.balance', { refresh: true });

        const singles: number[] = [];
        const teams: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          await resetSim(single);
          singles.push((await sendCampaign(single)).seconds);
          await resetSim(served);
          teams.push(await sendThroughServer(served, staff));
        }
        const round3 = (x: number) => Number(x.toFixed(3));
        report({
          name: 'team.campaign100k.ratio_vs_single',
          value: round3(median(singles.map((s, i) => s / teams[i]!))),
          unit: 'ratio',
          recipients: RECIPIENTS,
          single_s: singles.map(round3),
          server_s: teams.map(round3),
          goal: '>= 0.9',
        });
      } finally {
        await world.close();
        await single.core.close();
        rmSync(single.dir, { recursive: true, force: true });
      }
    },
  },
];
