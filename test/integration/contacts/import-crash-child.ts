// Child process for the import crash test: a core imports a generated Danish export through the contract and says
// each progress phase on stdout until the parent kills it. argv: dataDir rows
import { startCore } from '../../../src-main/core/core';
import { MemoryVault } from '../../../src-main/core/secrets/vault';
import { createLogger } from '../../../src-main/core/log';
import { generateCsv, importThroughContract } from '../../bench/contacts.bench';

const [dataDir, rows] = process.argv.slice(2) as [string, string];
const core = await startCore({ dataDir, shell: 'web', version: 't', vault: new MemoryVault(), log: createLogger({ level: 'error' }) });
let phase = '';
core.events.subscribe((e) => {
  if (e.name !== 'contacts.importProgress') return;
  const p = e.payload as { phase: string };
  if (p.phase !== phase) process.stdout.write(`${(phase = p.phase)}\n`);
});
await importThroughContract(core, generateCsv(Number(rows)));
process.stdout.write('imported\n');
setInterval(() => undefined, 1000);
