// What a colleague notices while a core works on a big job (issue 30.3): how long its event loop is held at a time
// (Node's monitorEventLoopDelay, max and p99) and how long `contacts.get` takes to answer when it is asked every
// 20 ms, timed from when the call was due, so a call that arrives during a long stretch counts the wait for it.
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Core } from '../../src-main/core/core';
import { percentile } from './harness';

const CALL_EVERY_MS = 20;
/** monitorEventLoopDelay's sampling interval (Node's default). */
export const SAMPLE_MS = 10;

export interface LoadFigures {
  /** The longest interval between two of the sampler's ticks: an upper bound of the longest stretch (by up to SAMPLE_MS). */
  maxLoopBlockMs: number;
  /**
   * The event loop's delay at the 99th percentile: how late the sampler's timer fired, that is each interval less
   * SAMPLE_MS (the histogram records whole intervals, so an idle loop reads 10–11 ms there; fastify's under-pressure
   * subtracts the resolution the same way).
   */
  p99LoopBlockMs: number;
  /** The histogram's own 99th percentile, the interval included (what p99LoopBlockMs was before 28 November). */
  p99IntervalMs: number;
  callP95Ms: number;
  callMaxMs: number;
  calls: number;
  seconds: number;
  /** Every call's time from due to answered, for figures over several jobs. */
  latencies: number[];
}

/** Runs `job` while probing `core`; resolves with the job's result and what the probe saw meanwhile. */
export async function underLoad<T>(core: Core, contactId: number, job: () => Promise<T>): Promise<{ result: T; load: LoadFigures }> {
  const delay = monitorEventLoopDelay({ resolution: SAMPLE_MS });
  const latencies: number[] = [];
  const pending: Promise<void>[] = [];
  let stopped = false;
  let next = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    if (stopped) return;
    // Every call that fell due while the loop was held goes out now, as a client's would have queued up.
    for (const now = performance.now(); next <= now; next += CALL_EVERY_MS) {
      const due = next;
      pending.push(
        core.dispatch('contacts.get', { id: contactId }).then((r) => {
          if (!r.ok) throw new Error(`contacts.get: ${r.error.message}`);
          latencies.push(performance.now() - due);
        }),
      );
    }
    timer = setTimeout(tick, Math.max(0, next - performance.now()));
  };
  // BESKED_LOAD_GAPS=file: each stretch over 20 ms appended as [end (µs, the clock of a --cpu-prof profile), ms],
  // to find in the profile what held the loop then; a line --- ends each job's.
  const gapsFile = process.env.BESKED_LOAD_GAPS;
  // Kept in memory until the job ends: a synchronous write while the job runs would itself hold the loop.
  let last = process.hrtime.bigint();
  const seen: string[] = [];
  const gaps = gapsFile
    ? setInterval(() => {
        const now = process.hrtime.bigint();
        const ms = Number(now - last) / 1e6;
        if (ms > 20) seen.push(JSON.stringify([Number(now / 1000n), +ms.toFixed(1)]) + '\n');
        last = now;
      }, 2)
    : undefined;
  delay.enable();
  // The histogram records the delay between two of its samples: without a first one, a job that holds the loop
  // from its very start would go unrecorded.
  await new Promise((r) => setTimeout(r, 2 * SAMPLE_MS));
  const start = performance.now();
  next = start;
  tick();
  try {
    const result = await job();
    // The histogram samples on a timer: a last stretch that ended within microtasks is recorded only once the
    // loop turns, so it turns before the figures are read.
    await new Promise((r) => setTimeout(r, 2 * SAMPLE_MS));
    return {
      result,
      load: {
        maxLoopBlockMs: delay.max / 1e6,
        p99LoopBlockMs: Math.max(0, delay.percentile(99) / 1e6 - SAMPLE_MS),
        p99IntervalMs: delay.percentile(99) / 1e6,
        callP95Ms: latencies.length ? percentile(latencies, 95) : 0,
        callMaxMs: latencies.length ? Math.max(...latencies) : 0,
        calls: latencies.length,
        latencies,
        seconds: (performance.now() - start) / 1000,
      },
    };
  } finally {
    stopped = true;
    clearTimeout(timer);
    clearInterval(gaps);
    if (gapsFile) appendFileSync(gapsFile, seen.join('') + '---\n');
    delay.disable();
    await Promise.all(pending);
  }
}
