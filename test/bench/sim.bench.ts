// Simulator throughput: one /mobile/multi of 1000 messages and one /rest/mtsms of 10,000 recipients, over real HTTP.
import { Agent, request } from 'undici';
import { startSimulator } from '../../src-sim/index';
import { median, type Bench } from './harness';

const TOKEN = 'bench-token';
const ROUNDS = 15;
const WARMUP = 3;

async function timed(url: string, body: string, agent: Agent, expected: number): Promise<number> {
  const t = performance.now();
  const res = await request(url, {
    method: 'POST',
    body,
    headers: { authorization: `Token ${TOKEN}`, 'content-type': 'application/json' },
    dispatcher: agent,
  });
  await res.body.text();
  const ms = performance.now() - t;
  if (res.statusCode !== expected) throw new Error(`${url} answered ${res.statusCode}`);
  return ms;
}

async function measure(path: string, body: string, expected: number): Promise<{ median: number; times: number[] }> {
  const sim = await startSimulator({ port: 0, token: TOKEN, log: () => undefined });
  const agent = new Agent({ connections: 1 });
  try {
    await request(sim.url + '/_sim/account', {
      method: 'PUT',
      body: JSON.stringify({ credit: 1e9, currency: 'DKK' }),
      headers: { authorization: `Token ${TOKEN}`, 'content-type': 'application/json' },
      dispatcher: agent,
    }).then((r) => r.body.dump());
    for (let i = 0; i < WARMUP; i++) await timed(sim.url + path, body, agent, expected);
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i++) times.push(await timed(sim.url + path, body, agent, expected));
    return { median: median(times), times };
  } finally {
    await agent.close();
    await sim.close();
  }
}

export const benches: Bench[] = [
  {
    names: ['sim.multi1000.msgs_per_s'],
    async run(report) {
      const messages = Array.from({ length: 1000 }, (_, i) => ({
        sender: 'Shop',
        recipient: 4520000000 + i,
        message: `Hi customer ${i}, your order is ready for pickup.`,
        reference: `order-${i}`,
      }));
      const { median: ms } = await measure('/mobile/multi', JSON.stringify({ messages }), 202);
      report({ name: 'sim.multi1000.msgs_per_s', value: Math.round(1000 / (ms / 1000)), unit: 'msgs/s', median_ms: Number(ms.toFixed(2)), rounds: ROUNDS });
    },
  },
  {
    names: ['sim.mtsms10000.recipients_per_s'],
    async run(report) {
      const recipients = Array.from({ length: 10_000 }, (_, i) => ({ msisdn: 4520000000 + i, tagvalues: [`Customer ${i}`] }));
      const body = JSON.stringify({ message: 'Hi %name%, your order is ready for pickup.', sender: 'Shop', tags: ['%name%'], recipients });
      const { median: ms } = await measure('/rest/mtsms', body, 200);
      report({
        name: 'sim.mtsms10000.recipients_per_s',
        value: Math.round(10_000 / (ms / 1000)),
        unit: 'recipients/s',
        median_ms: Number(ms.toFixed(2)),
        rounds: ROUNDS,
      });
    },
  },
];
