// Child process for the automations crash test: a core on the parent's simulator, on a clock running with the
// simulator's (fast) clock, runs a date-field automation until it is killed. On its first start it sets up the
// connection, the contacts and the automation; later starts only run.
// argv: dataDir simUrl token simBaseMs realBaseMs speed first
import { startCore } from '../../../src-main/core/core';
import { MemoryVault } from '../../../src-main/core/secrets/vault';
import { createLogger } from '../../../src-main/core/log';
import { AutomationStore } from '../../../src-main/core/automations/automation-store';
import { DueIndex } from '../../../src-main/core/automations/due-index';
import type { AutomationDraft } from '../../../src-shared/contract/automations';
import { DateTime } from 'luxon';

const [dataDir, base, token, simBase, realBase, speed, first] = process.argv.slice(2) as [string, string, string, string, string, string, string];
const now = () => Number(simBase) + (Date.now() - Number(realBase)) * Number(speed);
const vault = new MemoryVault();
await vault.set('default', token);
const core = await startCore({
  dataDir,
  shell: 'web',
  version: 't',
  vault,
  log: createLogger({ level: 'error' }),
  automations: { now },
  sync: { now },
});
const must = async (name: string, input: unknown) => {
  const r = await core.dispatch(name, input);
  if (!r.ok) throw new Error(`${name}: ${r.error.message}`);
  return r.value;
};
if (first === '1') {
  await must('settings.update', { sandbox: false, endpoints: { default: { messagingUrl: base, legacyUrl: base } } });
  await must('settings.setToken', { platform: 'default', token });
  // Sent when due (no look-ahead), and never missed here: a restart takes a few simulated hours.
  await must('settings.update', { automations: { lookAheadHours: 0, graceMinutes: 1440 } });
  const start = now();
  const insert = core.db.prepare(
    'INSERT INTO contacts (first_name, e164, msisdn, custom, sort_key, search_phone, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const at = new Date().toISOString();
  for (let i = 0; i < 40; i++) {
    const msisdn = 4520002000 + i;
    // Appointments 30 simulated minutes from now on, one every 15 minutes (date-time values as CSV import keeps them).
    const when = DateTime.fromMillis(start + (30 + 15 * i) * 60_000, { zone: 'Europe/Copenhagen' }).toFormat('yyyy-MM-dd HH:mm');
    insert.run(`P${i}`, `+${msisdn}`, msisdn, JSON.stringify({ tid: when }), `p${i}`, String(msisdn), at, at);
  }
  const draft: AutomationDraft = {
    name: 'Appointment',
    timeZone: 'Europe/Copenhagen',
    spec: {
      kind: 'date_field',
      field: 'tid',
      offset: { direction: 'on', amount: 0, unit: 'days' },
      time: null,
      repeat: 'once',
      recipients: { contactIds: [], groupIds: [], searches: [], numbers: [] },
    },
    message: {
      channel: 'legacy',
      sender: 'Besked',
      text: 'See you soon',
      fallbacks: {},
      options: { label: '', priority: 'normal', validitySeconds: null, messageClass: 'standard', flash: false },
    },
  };
  const store = new AutomationStore(core.db, now);
  const row = store.activate(store.insert(draft).id);
  new DueIndex(core.db, now).rebuild(row);
}
process.stdout.write('ready\n');
// The simulated clock runs fast: look for due runs far more often than the 30 s timer does.
setInterval(() => core.automations.wake(), 50);
