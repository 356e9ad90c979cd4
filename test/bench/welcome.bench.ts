// Welcome texts at a chain's size (issue 30.2): a welcome automation on a group, then 10,000 contacts from the
// contacts bench's Danish export imported into that group through the contract. Measured from the import's end until
// the simulator's ledger holds 10,000 welcome texts; beside it the campaigns the welcome made (one per run) and how
// long `campaigns.list` took to answer while it happened (the core must keep answering).
import { startTestCore } from '../integration/inbox/core-fixture';
import { activate, draftOf } from '../integration/automations/replies-fixture';
import { generateCsv, importThroughContract } from './contacts.bench';
import type { Bench } from './harness';

const CONTACTS = 10_000;

export const benches: Bench[] = [
  {
    names: ['automations.welcome10k_s', 'automations.welcome10k_campaigns', 'automations.welcome10k_list_max_ms'],
    async run(report) {
      const t = await startTestCore();
      try {
        const club = await t.call('groups.create', { name: 'Alle kunder' });
        const rule = activate(t, draftOf('Velkommen', { kind: 'welcome', groupId: club.id }, 'Velkommen til, {first_name}! Vis denne sms i butikken for 10 % rabat.'));
        await importThroughContract(t.core, generateCsv(CONTACTS), { kind: 'existing', id: club.id });
        const start = performance.now();
        let listMax = 0;
        const deadline = start + 300_000;
        for (;;) {
          const l0 = performance.now();
          await t.call('campaigns.list', {});
          listMax = Math.max(listMax, performance.now() - l0);
          const { messages } = await t.sim<{ messages: unknown[] }>('GET', '/_sim/ledger');
          if (messages.length >= CONTACTS) break;
          if (performance.now() > deadline) throw new Error(`only ${messages.length} of ${CONTACTS} welcomed`);
          await new Promise((r) => setTimeout(r, 100));
        }
        const seconds = (performance.now() - start) / 1000;
        const campaigns = (t.core.db.prepare('SELECT COUNT(*) AS n FROM campaigns WHERE automation_id = ?').get(rule) as { n: number }).n;
        report({ name: 'automations.welcome10k_s', value: +seconds.toFixed(2), unit: 's', contacts: CONTACTS, goal: '< 5', was: 122 });
        report({ name: 'automations.welcome10k_campaigns', value: campaigns, unit: 'campaigns', was: CONTACTS });
        report({ name: 'automations.welcome10k_list_max_ms', value: +listMax.toFixed(1), unit: 'ms', call: 'campaigns.list', was: 6200 });
      } finally {
        await t.close();
      }
    },
  },
];
