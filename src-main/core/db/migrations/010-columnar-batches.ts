// Schema 10: frozen batches hold their numbers as bytes and their strings as one JSON text (see
// campaigns/recipients/frozen-batches.ts), instead of one JSON array per recipient. Batches of schema 8 are converted here;
// this file keeps its own copy of both forms, because a migration must not change when the code does.
import type { Migration } from '../migrations';

type OldEntry = [msisdn: number, contactId: number | null, name: string | null, tagvaluesJson: string | null, parts: number, cost: number | null, ucs2: 0 | 1];

const bytes = (a: Float64Array | Uint16Array | Uint8Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);

export const m010ColumnarBatches: Migration = {
  version: 10,
  name: 'columnar-batches',
  up(db) {
    db.exec(`
      -- Recipient ids first_id..last_id of one campaign, frozen but not yet campaign_recipients rows. The BLOB
      -- columns hold \`size\` little-endian values each, in id order: msisdn, contact_id and cost as float64 (NaN
      -- for none), parts as uint16, ucs2 as uint8 (1 = the text needs UCS-2). strings is JSON
      -- {"names": [...], "tagvalues": [[...] or null, ...]}. A batch is deleted in the transaction that writes its rows.
      CREATE TABLE recipient_batches_new (
        id INTEGER PRIMARY KEY,
        campaign_id INTEGER NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
        first_id INTEGER NOT NULL,
        last_id INTEGER NOT NULL,
        size INTEGER NOT NULL,
        msisdn BLOB NOT NULL,
        contact_id BLOB NOT NULL,
        parts BLOB NOT NULL,
        cost BLOB NOT NULL,
        ucs2 BLOB NOT NULL,
        strings TEXT NOT NULL
      ) STRICT;
    `);
    const insert = db.prepare(
      `INSERT INTO recipient_batches_new (id, campaign_id, first_id, last_id, size, msisdn, contact_id, parts, cost, ucs2, strings)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const old = db.prepare('SELECT id, campaign_id, first_id, last_id, size, data FROM recipient_batches ORDER BY id').all() as {
      id: number;
      campaign_id: number;
      first_id: number;
      last_id: number;
      size: number;
      data: string;
    }[];
    for (const b of old) {
      const entries = JSON.parse(b.data) as OldEntry[];
      const n = entries.length;
      const msisdn = new Float64Array(n);
      const contactId = new Float64Array(n);
      const parts = new Uint16Array(n);
      const cost = new Float64Array(n);
      const ucs2 = new Uint8Array(n);
      const names: (string | null)[] = [];
      const tagvalues: (string[] | null)[] = [];
      entries.forEach(([m, c, name, tv, p, k, u], i) => {
        msisdn[i] = m;
        contactId[i] = c ?? NaN;
        parts[i] = p;
        cost[i] = k ?? NaN;
        ucs2[i] = u;
        names.push(name);
        tagvalues.push(tv === null ? null : (JSON.parse(tv) as string[]));
      });
      insert.run(b.id, b.campaign_id, b.first_id, b.last_id, n, bytes(msisdn), bytes(contactId), bytes(parts), bytes(cost), bytes(ucs2), JSON.stringify({ names, tagvalues }));
    }
    db.exec(`
      DROP TABLE recipient_batches;
      ALTER TABLE recipient_batches_new RENAME TO recipient_batches;
      -- Covers the range and count the outbox asks for before every chunk, without reading a batch.
      CREATE INDEX recipient_batches_campaign ON recipient_batches (campaign_id, first_id, last_id, size);
    `);
  },
};
