// How long the gateway client takes for the biggest single requests of each interface, against the in-process simulator.
import { startSimulator } from '../../src-sim/index';
import { GatewayClient } from '../../src-main/core/gateway/client';
import type { Bench } from './harness';
import { median, percentile } from './harness';

const TOKEN = 'bench-token-0123456789';

async function timeRuns(runs: number, warmup: number, once: () => Promise<void>): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await once();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await once();
    ms.push(performance.now() - start);
  }
  return ms;
}

export const benches: Bench[] = [
  {
    names: ['client.multi1000.ms', 'client.mtsms10000.ms'],
    async run(report) {
      const sim = await startSimulator({ port: 0, token: TOKEN, log: () => {} });
      const client = new GatewayClient({
        endpoints: () => ({ messagingUrl: sim.url, legacyUrl: sim.url }),
        token: async () => TOKEN,
      });
      const reset = () => fetch(`${sim.url}/_sim/reset`, { method: 'POST', headers: { authorization: `Token ${TOKEN}` } });
      try {
        const messages = Array.from({ length: 1000 }, (_, i) => ({
          sender: 'Bakery',
          recipient: 4520000000 + i,
          message: `Hej kunde ${i}, dine æbleskiver er klar til afhentning fredag kl. 9-12. Venlig hilsen Bageriet`,
          reference: `r-${i}`,
        }));
        let accepted = 0;
        const multi = await timeRuns(15, 3, async () => {
          await reset();
          accepted = (await client.sendMulti(messages)).responses.length;
        });
        if (accepted !== 1000) throw new Error(`multi accepted ${accepted} of 1000`);
        report({
          name: 'client.multi1000.ms',
          value: +median(multi).toFixed(1),
          unit: 'ms',
          p95_ms: +percentile(multi, 95).toFixed(1),
          runs: multi.length,
          messages: 1000,
        });

        const recipients = Array.from({ length: 10_000 }, (_, i) => ({
          msisdn: 4520000000 + i,
          tagvalues: [`Kunde ${i}`, `${(i % 28) + 1}. marts`],
        }));
        let ids = 0;
        const mtsms = await timeRuns(7, 2, async () => {
          await reset();
          ids = (
            await client.sendMtsms({
              sender: 'Bakery',
              message: 'Hej %name%, din bestilling er klar %date%. Venlig hilsen Bageriet',
              tags: ['%name%', '%date%'],
              recipients,
            })
          ).ids.length;
        });
        if (ids !== 1) throw new Error(`mtsms returned ${ids} ids`);
        report({
          name: 'client.mtsms10000.ms',
          value: +median(mtsms).toFixed(1),
          unit: 'ms',
          p95_ms: +percentile(mtsms, 95).toFixed(1),
          runs: mtsms.length,
          recipients: 10_000,
        });
      } finally {
        await client.close();
        await sim.close();
      }
    },
  },
];
