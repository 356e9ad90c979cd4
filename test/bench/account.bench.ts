// The account views' work in the core: adding up a 92-query usage report, one price search, composing a
// 10,000-recipient email with merge tags, and a whole usage report against the simulator over HTTP.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildUsageReport, usageBuckets, type BucketAnswer } from '../../src-main/core/account/usage-report';
import { priceRows, searchPrices } from '../../src-main/core/account/price-table';
import { buildEmailRequest } from '../../src-main/core/account/email-message';
import { startCore } from '../../src-main/core/core';
import { MemoryVault } from '../../src-main/core/secrets/vault';
import { createLogger } from '../../src-main/core/log';
import type { Bench } from './harness';
import { median } from './harness';

function time(fn: () => unknown, runs: number): number {
  for (let i = 0; i < 3; i++) fn();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    ms.push(performance.now() - t);
  }
  return median(ms);
}

const COUNTRIES = ['DK', 'SE', 'NO', 'DE', 'FI', 'GB', 'NL', 'PL'];
function answers(): BucketAnswer[] {
  return usageBuckets('2025-01-01', '2025-04-02', 'day').map((b, d) => ({
    ...b,
    items: Array.from({ length: 200 }, (_, i) => ({
      label: `label-${i % 25}`,
      country: COUNTRIES[i % COUNTRIES.length]!,
      currency: 'DKK',
      messageclass_id: i % 7 === 0 ? 'premium' : 'standard',
      amount: (i + d) % 50,
      cost: ((i + d) % 50) * 0.13,
    })),
  }));
}

export const benches: Bench[] = [
  {
    names: ['account.usage_report_92x200.ms', 'account.price_search.us', 'account.email_10k.ms', 'account.usage_sim_31_days.ms'],
    async run(report) {
      const a = answers();
      report({
        name: 'account.usage_report_92x200.ms',
        value: time(() => buildUsageReport({ from: '2025-01-01', to: '2025-04-02', granularity: 'day' }, a, 'x'), 20),
        unit: 'ms',
        queries: a.length,
        items: a.length * 200,
      });

      const list = {
        standard: Array.from({ length: 240 }, (_, i) => ({ country: `C${i}`, country_name: `Country ${i} Ålandsk`, dkk: 0.1, eur: 0.01, prefix: 200 + i })),
        premium: Array.from({ length: 240 }, (_, i) => ({ country: `C${i}`, country_name: `Country ${i} Ålandsk`, dkk: 0.2, eur: 0.02, prefix: 200 + i })),
      };
      const rows = priceRows(list);
      report({ name: 'account.price_search.us', value: time(() => searchPrices(rows, 'alan'), 200) * 1000, unit: 'µs', rows: rows.length });

      const recipients = Array.from({ length: 10_000 }, (_, i) => ({ address: `c${i}@example.com`, name: `Kunde ${i}`, fields: { code: `K${i}` } }));
      report({
        name: 'account.email_10k.ms',
        value: time(
          () =>
            buildEmailRequest({ from: 'shop@example.com', subject: 'Hej {first_name}', plaintext: 'Din kode: {code}', html: '<p>Hej {name}</p>', recipients }),
          10,
        ),
        unit: 'ms',
        recipients: recipients.length,
      });

      // One month by day: 31 POST /api/usage/labels over real HTTP to the Sandbox simulator, four at a time.
      const dir = mkdtempSync(join(tmpdir(), 'besked-bench-account-'));
      const core = await startCore({ dataDir: dir, shell: 'web', version: 'bench', vault: new MemoryVault(), log: createLogger({ level: 'error' }) });
      try {
        await core.gateway.sendMtsms({ message: 'Hi', sender: 'Shop', label: 'bench', recipients: [{ msisdn: 4512345671 }, { msisdn: 46701234561 }] });
        const to = new Date().toISOString().slice(0, 10);
        const from = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
        const ms: number[] = [];
        for (let i = 0; i < 5; i++) {
          const t = performance.now();
          const r = await core.dispatch('account.usage', { from, to, granularity: 'day', label: `run-${i}` });
          if (!r.ok) throw new Error(r.error.message);
          ms.push(performance.now() - t);
        }
        report({ name: 'account.usage_sim_31_days.ms', value: median(ms), unit: 'ms', queries: 31 });
      } finally {
        await core.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  },
];
