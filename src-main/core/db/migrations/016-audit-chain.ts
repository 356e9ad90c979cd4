// Schema 16: the audit trail becomes tamper-evident (issue 26.11): each entry carries a hash over its content and the
// previous entry's hash (audit/audit-chain.ts). The entries written before are chained here, oldest first; the
// trigger that refuses UPDATE steps aside for this one back-fill and is put back exactly as schema 13 made it.
import type { Migration } from '../migrations';
import { entryHash, GENESIS, type ChainedContent } from '../../audit/audit-chain';

export const m016AuditChain: Migration = {
  version: 16,
  name: 'audit-chain',
  up(db) {
    db.exec(`
      -- SHA-256 (hex) over the previous entry's hash and this entry's columns; null only on a row added outside Besked
      ALTER TABLE audit_log ADD COLUMN hash TEXT;
      DROP TRIGGER audit_log_no_update;
    `);
    const set = db.prepare('UPDATE audit_log SET hash = ? WHERE id = ?');
    let prev = GENESIS;
    const rows = db.prepare('SELECT id, at, user_id, user_name, role, address, action, call, detail, outcome, error FROM audit_log ORDER BY id').all() as ChainedContent[];
    for (const r of rows) {
      prev = entryHash(prev, r);
      set.run(prev, r.id);
    }
    db.exec(`CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log BEGIN SELECT RAISE(ABORT, 'the audit trail cannot be changed'); END;`);
  },
};
