// Child process for the consent-across-a-crash test: a live core on the parent's simulator sets up three contacts
// whose appointment is 10 hours ahead and switches on a date-field automation with a 24-hour look-ahead, so the run
// is handed to the gateway at once; the parent holds the gateway's answer back and kills this process meanwhile.
// argv: dataDir simUrl token
import { DateTime } from 'luxon';
import { startCore } from '../../../src-main/core/core';
import { MemoryVault } from '../../../src-main/core/secrets/vault';
import { createLogger } from '../../../src-main/core/log';
import { AutomationStore } from '../../../src-main/core/automations/automation-store';
import { DueIndex } from '../../../src-main/core/automations/due-index';
import type { AutomationDraft } from '../../../src-shared/contract/automations';

const [dataDir, base, token] = process.argv.slice(2) as [string, string, string];
const vault = new MemoryVault();
await vault.set('default', token);
const core = await startCore({ dataDir, shell: 'web', version: 't', vault, log: createLogger({ level: 'error' }) });
const must = async (name: string, input: unknown) => {
  const r = await core.dispatch(name, input);
  if (!r.ok) throw new Error(`${name}: ${r.error.message}`);
  return r.value;
};
await must('settings.update', { sandbox: false, endpoints: { default: { messagingUrl: base, legacyUrl: base } } });
await must('settings.setToken', { platform: 'default', token });
await must('settings.update', { automations: { lookAheadHours: 24, graceMinutes: 120 } });
const now = Date.now();
const when = DateTime.fromMillis(now + 10 * 3_600_000, { zone: 'Europe/Copenhagen' }).toFormat('yyyy-MM-dd HH:mm');
const insert = core.db.prepare(
  'INSERT INTO contacts (first_name, e164, msisdn, custom, sort_key, search_phone, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
);
const at = new Date(now).toISOString();
for (let i = 0; i < 3; i++) {
  const msisdn = 4520003000 + i;
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
    text: 'See you tomorrow',
    fallbacks: {},
    options: { label: '', priority: 'normal', validitySeconds: null, messageClass: 'standard', flash: false },
  },
};
const store = new AutomationStore(core.db, () => Date.now());
const row = store.activate(store.insert(draft).id);
new DueIndex(core.db, () => Date.now()).rebuild(row);
process.stdout.write('ready\n');
core.automations.wake();
