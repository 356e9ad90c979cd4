// The automations' due scan at 100,000 contacts with a birthday: one tick of the runner (runs to send after a
// restart, runs on their way, every switched-on rule's due rows, withdrawals to retry) once the day's greetings are
// handed over, as it runs every 30 seconds. Finding what is due must not slow the app.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCore } from '../../src-main/core/core';
import { MemoryVault } from '../../src-main/core/secrets/vault';
import { createLogger } from '../../src-main/core/log';
import { AutomationStore } from '../../src-main/core/automations/automation-store';
import { DueIndex } from '../../src-main/core/automations/due-index';
import type { Bench } from './harness';
import { median, percentile } from './harness';

const CONTACTS = 100_000;
const SCANS = 30;

export const benches: Bench[] = [
  {
    names: ['automations.due_scan_ms'],
    async run(report) {
      const dir = mkdtempSync(join(tmpdir(), 'besked-bench-'));
      const core = await startCore({ dataDir: dir, shell: 'web', version: 'bench', vault: new MemoryVault(), log: createLogger({ level: 'error' }) });
      try {
        const insert = core.db.prepare(
          'INSERT INTO contacts (first_name, e164, msisdn, custom, sort_key, search_phone, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        );
        const at = new Date().toISOString();
        core.db.transaction(() => {
          for (let i = 0; i < CONTACTS; i++) {
            const msisdn = 4520000000 + i;
            // Birthdays as CSV import keeps them, spread over the year.
            const birthday = `${1 + (i % 28)}-${1 + (i % 12)}-19${50 + (i % 50)}`;
            insert.run(`P${i}`, `+${msisdn}`, msisdn, JSON.stringify({ birthday }), `p${i}`, String(msisdn), at, at);
          }
        })();
        const now = () => Date.now();
        const store = new AutomationStore(core.db, now);
        const row = store.activate(
          store.insert({
            name: 'Birthday',
            timeZone: 'Europe/Copenhagen',
            spec: {
              kind: 'date_field',
              field: 'birthday',
              offset: { direction: 'on', amount: 0, unit: 'days' },
              time: '09:00',
              repeat: 'yearly',
              recipients: { contactIds: [], groupIds: [], searches: [], numbers: [] },
            },
            message: {
              channel: 'legacy',
              sender: 'Shop',
              text: 'Happy birthday {first_name}',
              fallbacks: {},
              options: { label: '', priority: 'normal', validitySeconds: null, messageClass: 'standard', flash: false },
            },
          }).id,
        );
        const t0 = performance.now();
        new DueIndex(core.db, now).rebuild(row);
        const rebuildMs = performance.now() - t0;
        // The first tick hands over the greetings due within the look-ahead; the scans after it are the steady state.
        core.automations.wake();
        await core.automations.idle();
        const times: number[] = [];
        for (let i = 0; i < SCANS; i++) {
          const s = performance.now();
          core.automations.wake();
          await core.automations.idle();
          times.push(performance.now() - s);
        }
        const dueRows = core.db.prepare('SELECT COUNT(*) FROM automation_due').pluck().get() as number;
        report({
          name: 'automations.due_scan_ms',
          value: +median(times).toFixed(2),
          unit: 'ms',
          goal_ms: 50,
          p95_ms: +percentile(times, 95).toFixed(2),
          contacts: CONTACTS,
          due_rows: dueRows,
          // Building the rule's index over every contact (switching it on, editing it).
          index_rebuild_ms: Math.round(rebuildMs),
        });
      } finally {
        await core.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  },
];
