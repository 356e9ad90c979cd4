// How long a customer waits for a keyword auto-reply: from the text's arrival at the gateway to the gateway's
// acceptance of the reply, with the inbox polled in its rhythm (src-shared/inbox-poll-rhythm.ts: every 8 s while a
// keyword rule is on, every 5 s for ten minutes after a text in or out, the default 30 s otherwise). Texts arrive
// spread over a minute at uneven gaps, so the figure covers every phase of the poll; wall-clock time on a core over the
// simulator. Beside it, the inbox requests a day that rhythm makes, counted at the simulator over the run and scaled
// to a day (goal: p95 < 10 s at no more than 20,000 a day).
import { startTestCore } from '../integration/inbox/core-fixture';
import { activate, draftOf, keyword } from '../integration/automations/replies-fixture';
import { median, percentile, type Bench } from './harness';
import { inboxRequestsPerDay } from '../../src-shared/inbox-poll-rhythm';

const SAMPLES = 12;
/** A minute: several of the rhythm's intervals, and two of the default quiet one (settings inboxPollSeconds: 30). */
const SPREAD_MS = 60_000;
/** Requests counted over the run are scaled to a day. */
const DAY_MS = 24 * 3600 * 1000;

export const benches: Bench[] = [
  {
    names: ['automations.autoreply_latency_s', 'automations.autoreply_inbox_requests_per_day'],
    async run(report) {
      const t = await startTestCore();
      try {
        activate(t, draftOf('Åbningstider', keyword({ keywords: ['ÅBEN'] }), 'Vi har åbent 9-17'));
        const sentAt = new Map<number, number>();
        const waited = new Map<number, number>();
        const numbers = Array.from({ length: SAMPLES }, (_, i) => 4523000000 + i);
        await t.sim('DELETE', '/_sim/stats');
        const start = performance.now();
        const injecting = (async () => {
          for (const [i, n] of numbers.entries()) {
            // Uneven gaps (a golden-ratio sequence over the minute), so arrivals do not lock onto the poll's phase.
            const at = start + ((i * 0.618_034) % 1) * SPREAD_MS;
            await new Promise((r) => setTimeout(r, Math.max(0, at - performance.now())));
            sentAt.set(n, performance.now());
            await t.inbound(n, 'åben i dag?');
          }
        })();
        const deadline = start + SPREAD_MS + 120_000;
        while (waited.size < SAMPLES) {
          if (performance.now() > deadline) throw new Error(`only ${waited.size} of ${SAMPLES} replies accepted`);
          const { messages } = await t.sim<{ messages: { recipient: number }[] }>('GET', '/_sim/ledger');
          const now = performance.now();
          for (const m of messages) {
            const from = sentAt.get(m.recipient);
            if (from !== undefined && !waited.has(m.recipient)) waited.set(m.recipient, (now - from) / 1000);
          }
          await new Promise((r) => setTimeout(r, 100));
        }
        await injecting;
        const elapsed = performance.now() - start;
        const stats = await t.sim<{ requests: Record<string, number> }>('GET', '/_sim/stats');
        const inboxRequests = Object.entries(stats.requests)
          .filter(([route]) => route.includes('/rest/mosms'))
          .reduce((n, [, c]) => n + c, 0);
        const s = [...waited.values()];
        const bound = 'the inbox rhythm (8 s while a keyword rule is on, 5 s after a text) plus one outbox round (decide, write the reply, one POST /rest/mtsms)';
        report({ name: 'automations.autoreply_latency_s', value: +median(s).toFixed(2), unit: 's', stat: 'p50', samples: SAMPLES, min: +Math.min(...s).toFixed(2), bound });
        report({ name: 'automations.autoreply_latency_s', value: +percentile(s, 95).toFixed(2), unit: 's', stat: 'p95', samples: SAMPLES, max: +Math.max(...s).toFixed(2), bound, goal: '< 10' });
        // A minute of texts is the busiest a day gets: every look in the fast rhythm. Scaled to a day, with the rule's
        // own figure beside it.
        report({
          name: 'automations.autoreply_inbox_requests_per_day',
          value: Math.round((inboxRequests / elapsed) * DAY_MS),
          unit: 'requests',
          measuredOverS: +(elapsed / 1000).toFixed(1),
          inboxRequests,
          rule: inboxRequestsPerDay(30, true),
          goal: '<= 20000',
        });
      } finally {
        await t.close();
      }
    },
  },
];
