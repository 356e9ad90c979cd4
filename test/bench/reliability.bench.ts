// Reliability figures: how soon a campaign continues after web mode was killed mid-send and started again, and how
// smooth the contacts table scrolls (100,000 contacts) while a 100,000-recipient campaign sends and is polled.
import type { Bench } from './harness';
import { median } from './harness';
import { runCrashScenario } from '../e2e/crash-scenario';
import { runLoadScenario } from '../e2e/load-scenario';

export const benches: Bench[] = [
  {
    names: ['reliability.crash_resume.s'],
    async run(report) {
      const samples: number[] = [];
      for (let i = 0; i < 3; i++) {
        const r = await runCrashScenario({ recipients: 20_000, latencyMs: 600, killAfterRequests: 6 });
        try {
          if (r.outcome.maxPerRecipient !== 1 || r.outcome.problems.length) throw new Error(`the crash run sent someone twice: ${r.outcome.problems[0]}`);
          samples.push(r.outcome.resumeSeconds);
        } finally {
          await r.close();
        }
      }
      report({
        name: 'reliability.crash_resume.s',
        value: Math.round(median(samples) * 100) / 100,
        unit: 's',
        runs: samples.map((s) => Math.round(s * 100) / 100),
        what: 'from spawning web mode again on the killed data folder until its first send request reached the gateway (20,000-recipient campaign)',
      });
    },
  },
  {
    names: ['ui.contacts_scroll.p95_frame_ms'],
    async run(report) {
      const r = await runLoadScenario({ contacts: 100_000, answerLatencyMs: 500 });
      try {
        const o = r.outcome;
        report({
          name: 'ui.contacts_scroll.p95_frame_ms',
          value: o.scroll.p95,
          unit: 'ms',
          p50: o.scroll.p50,
          max: o.scroll.max,
          frames: o.scroll.frames,
          inboxP95: o.inbox.p95,
          switchMs: o.switchMs,
          contactsPageP95Ms: o.pageLoadP95Ms,
          rowsShownMs: o.rowsShownMs,
          during: o.during,
          what: 'requestAnimationFrame gaps in headless Chromium while wheel-scrolling and jumping through 100,000 contacts, with a 100,000-recipient campaign sending and polled',
        });
      } finally {
        await r.close();
      }
    },
  },
];
