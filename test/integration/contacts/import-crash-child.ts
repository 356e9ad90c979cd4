// Child process for the import crash test: a core imports a generated Danish export through the contract and says
// each progress phase on stdout until the parent kills it. As the save begins, a colleague's write (a new contact)
// is asked for: it waits at the write gate until the save commits, so a kill may find it waiting. argv: dataDir rows
import { startCore } from '../../../src-main/core/core';
import { MemoryVault } from '../../../src-main/core/secrets/vault';
import { createLogger } from '../../../src-main/core/log';
import { writeGate } from '../../../src-main/core/db/write-gate';
import { generateCsv, importThroughContract } from '../../bench/contacts.bench';

const [dataDir, rows] = process.argv.slice(2) as [string, string];
const core = await startCore({ dataDir, shell: 'web', version: 't', vault: new MemoryVault(), log: createLogger({ level: 'error' }) });
let phase = '';
core.events.subscribe((e) => {
  if (e.name !== 'contacts.importProgress') return;
  const p = e.payload as { phase: string };
  if (p.phase === phase) return;
  process.stdout.write(`${(phase = p.phase)}\n`);
  if (phase === 'saving') void colleagueWrites();
});
/** Once the save holds the write gate, a colleague adds a contact: the call waits at the gate for the commit. */
async function colleagueWrites(): Promise<void> {
  while (!writeGate(core.db).held) await new Promise((r) => setImmediate(r));
  process.stdout.write('colleague waiting\n');
  const r = await core.dispatch('contacts.create', { firstName: 'Ventende', lastName: 'Kollega', phone: '+4591111111' });
  process.stdout.write(`colleague ${r.ok ? 'created' : 'refused'}\n`);
}

await importThroughContract(core, generateCsv(Number(rows)));
process.stdout.write('imported\n');
setInterval(() => undefined, 1000);
