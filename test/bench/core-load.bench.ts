// The core never stops answering (issue 30.3): big jobs run one after another against in-process cores whose gateway
// is the simulator in a process of its own (as a real gateway is a server elsewhere) — an import of 100,000 contacts through the contract, a 100,000-recipient campaign to them, a
// welcome of 10,000 (welcome.bench.ts's set-up) and a burst of search-as-you-type over a generated directory — while
// load-probe.ts watches the event loop and calls `contacts.get` every 20 ms. Reports the longest the loop was held
// (`core.max_loop_block_ms`, with p99) and `contacts.get`'s p95 under load, over all jobs and per job.
import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { startTestCore, type TestCore } from '../integration/inbox/core-fixture';
import { activate, draftOf } from '../integration/automations/replies-fixture';
import { generateCsv, importThroughContract, searchIndexed } from './contacts.bench';
import { collect, resetSim, sendCampaign, type Prepared } from './campaign.bench';
import { prefixQueries } from './contacts-search1m.bench';
import { fillDirectory } from './danish-directory';
import { underLoad, type LoadFigures } from './load-probe';
import { startSimProcess, type SimProcess } from '../e2e/sim-process';
import type { Bench } from './harness';
import { percentile } from './harness';

const IMPORT_ROWS = 100_000;
const WELCOME = 10_000;
/** 1,000,000 takes minutes to generate on the shared 2-core machine; BESKED_LOAD_SEARCH_ROWS=1000000 for the full size. */
const SEARCH_ROWS = Number(process.env.BESKED_LOAD_SEARCH_ROWS ?? 200_000);

type Jobs = Record<'import' | 'send' | 'welcome' | 'search', LoadFigures>;
/** BESKED_LOAD_JOBS=welcome (or import,search…) runs only those, e.g. to profile one job with --cpu-prof; default all. */
const ONLY = process.env.BESKED_LOAD_JOBS?.split(',');
const runs = (job: string) => !ONLY || ONLY.includes(job) || (job === 'import' && ONLY.includes('send'));

/**
 * A core of its own, without output checks (as shipped), with one contact for the probe to read, sending to `sim`:
 * the simulator's request parsing and ledger writes then run on its own event loop, not the core's, so the figures
 * are the core's (in-process, they were a large part of the send's and the welcome's longest stretches). The core
 * reaches it as it reaches a live gateway (its addresses and token in Settings), the way the load E2E test does; the
 * simulator's clock runs at real time, as the in-process Sandbox's did.
 */
async function probedCore(sim: SimProcess): Promise<{ t: TestCore; probeId: number }> {
  const t = await startTestCore({ checkOutputs: false });
  await t.call('settings.update', { sandbox: false, endpoints: { default: { messagingUrl: sim.url, legacyUrl: sim.url } } });
  const { connection } = await t.call('settings.setToken', { platform: 'default', token: sim.token });
  if (connection.mode !== 'live') throw new Error(`not connected to the simulator process: ${connection.reason}`);
  await sim.control('POST', '/_sim/reset');
  await sim.control('PUT', '/_sim/account', { credit: 10_000_000, currency: 'DKK' });
  const { id } = await t.call('contacts.create', { firstName: 'Prøve', lastName: 'Kunde', phone: '+4599999999' });
  return { t, probeId: id };
}

/** Import 100,000, then send them a personalised campaign. */
async function importAndSend(sim: SimProcess): Promise<Pick<Jobs, 'import' | 'send'>> {
  const { t, probeId } = await probedCore(sim);
  try {
    // The file exists before the import starts (it comes from the user's disk): generating it is not the core's work.
    const csv = generateCsv(IMPORT_ROWS);
    // The import's job lasts until its contacts are in the search index: it answers once they are saved (searchable
    // through the fresh index), and its thread indexes them after; the send's figures are the send's alone.
    const imported = await underLoad(t.core, probeId, async () => {
      await importThroughContract(t.core, csv);
      await searchIndexed(t.core);
    });
    const groups = (await t.call('groups.list', {})).groups;
    const group = groups.find((g) => g.count === IMPORT_ROWS);
    if (!group) throw new Error(`no group of ${IMPORT_ROWS}`);
    const p: Prepared = { core: t.core, dir: t.dir, groupId: group.id, ok: t.call, sim: t.sim };
    await resetSim(p);
    await t.call('pricing.status', { refresh: true });
    await t.call('account.balance', { refresh: true });
    // The bench's own full collection before the send (campaign.bench.ts) is made before the probe starts: inside it,
    // it was the send's longest stretch (127–180 ms), the bench's doing rather than the core's.
    collect();
    const sent = await underLoad(t.core, probeId, () => sendCampaign(p, { collectFirst: false }));
    return { import: imported.load, send: sent.load };
  } finally {
    await t.close();
  }
}

/** A welcome automation on a group, 10,000 imported into it (not probed), until the run has sent all 10,000. */
async function welcome(sim: SimProcess): Promise<LoadFigures> {
  const { t, probeId } = await probedCore(sim);
  try {
    const club = await t.call('groups.create', { name: 'Alle kunder' });
    const rule = activate(t, draftOf('Velkommen', { kind: 'welcome', groupId: club.id }, 'Velkommen til, {first_name}! Vis denne sms i butikken for 10 % rabat.'));
    await importThroughContract(t.core, generateCsv(WELCOME), { kind: 'existing', id: club.id });
    // Until the run's rows say sent: the core's own record (the simulator's whole ledger, parsed here, would hold
    // the loop itself).
    const sent = t.core.db.prepare("SELECT count(*) FROM automation_occurrences WHERE automation_id = ? AND state = 'sent'").pluck();
    const { load } = await underLoad(t.core, probeId, async () => {
      const deadline = performance.now() + 300_000;
      for (;;) {
        const n = sent.get(rule) as number;
        if (n >= WELCOME) return;
        if (performance.now() > deadline) throw new Error(`only ${n} of ${WELCOME} welcomed`);
        await new Promise((r) => setTimeout(r, 250));
      }
    });
    return load;
  } finally {
    await t.close();
  }
}

/** A generated directory written into the schema (not timed), then 240 prefix queries as someone types them. */
async function search(): Promise<LoadFigures> {
  const t = await startTestCore({ checkOutputs: false });
  try {
    // Written beside the running core through a connection of its own, then the core starts again on it.
    const db = new Database(join(t.dir, 'besked.db'));
    fillDirectory(db, SEARCH_ROWS);
    db.close();
    await t.restart();
    const { load } = await underLoad(t.core, 1, async () => {
      for (const q of prefixQueries(SEARCH_ROWS)) {
        await t.call('contacts.list', { filter: { search: q }, limit: 100 });
        // Each keystroke's query arrives as a request of its own: the loop turns between them, as it does for a transport.
        await new Promise((r) => setImmediate(r));
      }
    });
    return load;
  } finally {
    await t.close();
  }
}

export const benches: Bench[] = [
  {
    names: ['core.max_loop_block_ms', 'core.call_p95_ms_under_load'],
    async run(report) {
      const sim = await startSimProcess({ token: 'core-load-' + randomBytes(9).toString('base64url') });
      // The jobs run (all unless BESKED_LOAD_JOBS names some).
      let jobs: Partial<Jobs>;
      try {
        jobs = {
          ...(runs('import') ? await importAndSend(sim) : {}),
          ...(runs('welcome') ? { welcome: await welcome(sim) } : {}),
          ...(runs('search') ? { search: await search() } : {}),
        };
      } finally {
        await sim.stop();
      }
      const each = (k: Exclude<keyof LoadFigures, 'latencies'>, round = 1) =>
        Object.fromEntries(Object.entries(jobs).map(([name, f]) => [name, +f![k].toFixed(round)]));
      const all = Object.values(jobs).filter((f): f is LoadFigures => f !== undefined);
      const load = +loadavg()[0]!.toFixed(2);
      report({
        name: 'core.max_loop_block_ms',
        value: Math.round(Math.max(...all.map((f) => f.maxLoopBlockMs))),
        unit: 'ms',
        goal: '< 100',
        by_job: each('maxLoopBlockMs', 0),
        // The worst job's p99 (each job has its own histogram) of the loop's delay: how late a timer fired.
        p99_ms: +Math.max(...all.map((f) => f.p99LoopBlockMs)).toFixed(1),
        p99_goal: '< 20',
        p99_by_job: each('p99LoopBlockMs'),
        // The same percentile of the histogram's whole intervals (delay plus the 10 ms between samples), as printed
        // before 28 November.
        p99_interval_ms: +Math.max(...all.map((f) => f.p99IntervalMs)).toFixed(1),
        p99_interval_by_job: each('p99IntervalMs'),
        job_s: each('seconds'),
        search_contacts: SEARCH_ROWS,
        gateway: 'simulator in its own process',
        load_avg_1m: load,
      });
      report({
        name: 'core.call_p95_ms_under_load',
        value: +percentile(all.flatMap((f) => f.latencies), 95).toFixed(1),
        unit: 'ms',
        goal: '< 50',
        call: 'contacts.get every 20 ms',
        by_job: each('callP95Ms'),
        max_by_job: each('callMaxMs', 0),
        calls: all.reduce((n, f) => n + f.calls, 0),
        load_avg_1m: load,
      });
    },
  },
];
