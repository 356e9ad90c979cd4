// How long a customer waits for a keyword auto-reply: from the text's arrival at the gateway to the gateway's
// acceptance of the reply, with the inbox polled at the default interval (30 s). Texts arrive evenly spread over two
// poll intervals, so the figure covers every phase of the poll; wall-clock time on a core over the simulator.
import { startTestCore } from '../integration/inbox/core-fixture';
import { activate, draftOf, keyword } from '../integration/automations/replies-fixture';
import { median, percentile, type Bench } from './harness';

const SAMPLES = 12;
/** Two of the default inbox poll intervals (settings inboxPollSeconds: 30). */
const SPREAD_MS = 60_000;

export const benches: Bench[] = [
  {
    names: ['automations.autoreply_latency_s'],
    async run(report) {
      const t = await startTestCore();
      try {
        activate(t, draftOf('Åbningstider', keyword({ keywords: ['ÅBEN'] }), 'Vi har åbent 9-17'));
        const sentAt = new Map<number, number>();
        const waited = new Map<number, number>();
        const numbers = Array.from({ length: SAMPLES }, (_, i) => 4523000000 + i);
        const start = performance.now();
        const injecting = (async () => {
          for (const [i, n] of numbers.entries()) {
            const at = start + (i * SPREAD_MS) / SAMPLES;
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
        const s = [...waited.values()];
        const bound = 'the inbox poll interval (30 s) plus one outbox round (decide, write the reply, one POST /rest/mtsms)';
        report({ name: 'automations.autoreply_latency_s', value: +median(s).toFixed(2), unit: 's', stat: 'p50', samples: SAMPLES, min: +Math.min(...s).toFixed(2), bound });
        report({ name: 'automations.autoreply_latency_s', value: +percentile(s, 95).toFixed(2), unit: 's', stat: 'p95', samples: SAMPLES, max: +Math.max(...s).toFixed(2), bound });
      } finally {
        await t.close();
      }
    },
  },
];
