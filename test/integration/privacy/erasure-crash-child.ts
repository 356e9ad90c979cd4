// The erasure-crash test's child: a core with one customer, whose erasure commits while a reader on another
// connection holds the write-ahead log, so its log is not yet emptied; prints "erased" then and waits to be killed.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startCore } from '../../../src-main/core/core';
import { MemoryVault } from '../../../src-main/core/secrets/vault';
import { createLogger } from '../../../src-main/core/log';

const [dataDir, first, last, phone] = process.argv.slice(2) as [string, string, string, string];
const core = await startCore({ dataDir, shell: 'web', version: 't', vault: new MemoryVault(), log: createLogger({ level: 'error' }) });
const ok = async <T>(name: string, input: unknown): Promise<T> => {
  const r = await core.dispatch(name, input);
  if (!r.ok) throw new Error(`${name}: ${r.error.message}`);
  return r.value as T;
};
const contact = await ok<{ id: number }>('contacts.create', { firstName: first, lastName: last, phone, email: 'xq@example.dk' });
await ok('contacts.create', { firstName: 'Other', lastName: 'Person', phone: '+45 20 00 00 78' });
// As a backup's thread copying the live file does: a read transaction that holds the log for as long as it lives.
const reader = new Database(join(dataDir, 'besked.db'), { readonly: true });
reader.exec('BEGIN');
reader.prepare('SELECT count(*) FROM contacts').get();
const erased = core.dispatch('privacy.erase', { person: { contactId: contact.id } });
// This thread runs again once the erasure's synchronous part (transaction, rewrite) is over and it waits for the log.
const check = new Database(join(dataDir, 'besked.db'), { readonly: true });
const timer = setInterval(() => {
  if (check.prepare('SELECT count(*) FROM contacts').pluck().get() === 1) {
    clearInterval(timer);
    process.stdout.write('erased\n');
  }
}, 20);
await erased;
process.stdout.write('the erasure returned before the kill\n');
