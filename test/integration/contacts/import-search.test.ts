// Search while an import is saved: the new contacts become searchable in the save's own transaction, so a search
// made at any moment finds all of an import or none of it, and nothing is left for the core to index afterwards.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkSearchIndex, openCore, upload, type TestCore } from './helpers';

let t: TestCore;
beforeEach(async () => {
  t = await openCore();
});
afterEach(async () => {
  await t.close();
});

describe('search during an import', () => {
  it('finds all of an import or none of it, whenever it is asked', async () => {
    // 30,000 rows, every 1,000th with a rare last name: 30 of them, spread over the whole id range.
    const rows = Array.from({ length: 30_000 }, (_, i) => `Kunde${i};${i % 1000 === 0 ? 'Sjældensen' : 'Import'};${30000000 + i}`);
    const importId = await upload(t, 'kunder.csv', Buffer.from(['Fornavn;Efternavn;Mobil', ...rows].join('\n'), 'utf8'));
    const p = await t.call('contacts.importPreview', { importId });
    // Asked again and again, on every turn of the core's event loop, while the run reads, saves and indexes.
    const seen = new Set<number>();
    let asking = true;
    const ask = async () => {
      while (asking) {
        const r = await t.core.dispatch('contacts.list', { filter: { search: 'sjældensen' }, limit: 100 });
        if (r.ok) seen.add((r.value as { total: number }).total);
        await new Promise((res) => setImmediate(res));
      }
    };
    const asked = ask();
    const r = await t.call('contacts.importRun', { importId, mapping: p.mapping, defaultCountry: 'DK', mergeRule: 'fillEmpty', group: { kind: 'none' } });
    asking = false;
    await asked;
    expect(r.created).toBe(30_000);
    expect([...seen].filter((n) => n !== 0 && n !== 30)).toEqual([]);
    expect((await t.call('contacts.list', { filter: { search: 'sjældensen' }, limit: 100 })).total).toBe(30);
    expect(t.core.db.prepare('SELECT count(*) AS n FROM contacts_fts_pending').get()).toEqual({ n: 0 });
    checkSearchIndex(t);
  });
});
