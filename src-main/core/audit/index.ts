// The audit trail as a module of the core (issue 21): writes every audited call the dispatcher reports (who, when,
// from where, what, with secrets removed), chained by hash, and answers audit.list, audit.export and audit.verify.
// Nothing here edits or deletes an entry, schema 13's triggers refuse it to anything that tries, and the chain is
// verified at every start (a break is logged) so what gets past the triggers is noticed.
import type { DomainCallName } from '../../../src-shared/contract';
import type { Db } from '../db/database';
import type { AuditSink, Handlers } from '../dispatch';
import type { Logger } from '../log';
import { writeGate } from '../db/write-gate';
import { auditCsv } from './audit-csv';
import { verifyChain } from './audit-chain';
import { AuditStore, type AuditQuery } from './audit-store';
import { auditTime } from './audit-time';
import { computerClock } from '../clock';

export interface AuditModuleOptions {
  db: Db;
  log: Logger;
  now?: () => number;
}

export interface AuditModule {
  handlers: Pick<Handlers, DomainCallName<'audit'>>;
  /** Given to the dispatcher: writes one audited call. */
  sink: AuditSink;
}

const PAGE = 100;

export function createAuditModule(o: AuditModuleOptions): AuditModule {
  const now = o.now ?? computerClock.now;
  const store = new AuditStore(o.db, now);
  const verify = () => verifyChain(o.db, new Date(now()).toISOString());
  const atStart = verify();
  if (atStart.ok) o.log.info('audit trail verified', { entries: atStart.entries });
  else o.log.error('the audit trail is broken: an entry was added, changed or removed outside Besked', { ...atStart.broken });
  const query = (f: AuditQuery): AuditQuery => ({
    before: f.before,
    userId: f.userId,
    action: f.action,
    from: auditTime(f.from, 'from'),
    to: auditTime(f.to, 'to'),
  });
  return {
    // Through the write gate like every write on the core's connection: a refusal runs no handler, and an entry is
    // written after its call's awaits, so without it the entry waited for an import's save in SQLite's busy handler,
    // holding the core (db/write-gate.ts).
    sink: (entry) => writeGate(o.db).run(() => store.write(entry)),
    handlers: {
      'audit.list': (f) => {
        const limit = f.limit ?? PAGE;
        // One more than asked for tells whether there is a further page without counting them all.
        const rows = store.list(query(f), limit + 1);
        return { entries: rows.slice(0, limit), more: rows.length > limit };
      },
      // The whole filtered trail, not one page: paging is the screen's, the file is for keeping.
      // The chain is checked over the whole trail, whatever the filter: the file's last line says whether it held.
      'audit.export': (f) => auditCsv(store.list(query(f)), new Date(now()).toISOString().slice(0, 10), verify()),
      'audit.verify': () => verify(),
    },
  };
}
