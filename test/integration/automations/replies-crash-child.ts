// Child process for the auto-reply crash test: a live core on the parent's simulator with a keyword rule answering
// every text, fetching the inbox until the parent kills it. argv: dataDir simUrl token
import { startCore } from '../../../src-main/core/core';
import { MemoryVault } from '../../../src-main/core/secrets/vault';
import { createLogger } from '../../../src-main/core/log';
import { AutomationStore } from '../../../src-main/core/automations/automation-store';
import { draftOf, keyword } from './replies-fixture';

const [dataDir, base, token] = process.argv.slice(2) as [string, string, string];
const core = await startCore({ dataDir, shell: 'web', version: 't', vault: new MemoryVault(), log: createLogger({ level: 'error' }) });
const must = async (name: string, input: unknown) => {
  const r = await core.dispatch(name, input);
  if (!r.ok) throw new Error(`${name}: ${r.error.message}`);
  return r.value;
};
await must('settings.update', { sandbox: false, endpoints: { default: { messagingUrl: base, legacyUrl: base } } });
await must('settings.setToken', { platform: 'default', token });
const store = new AutomationStore(core.db, Date.now);
const id = store.insert(draftOf('Svar', keyword({ fallback: true }), 'Tak for din besked', 'Butikken')).id;
store.activate(id);
core.db.prepare('UPDATE automations SET activated_at = ? WHERE id = ?').run(new Date(Date.now() - 3_600_000).toISOString(), id);
process.stdout.write('ready\n');
// Fetches until the parent kills it.
for (;;) {
  await core.dispatch('sync.now', {});
  await new Promise((r) => setTimeout(r, 20));
}
