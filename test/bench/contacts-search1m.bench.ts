// Search-as-you-type at 1,000,000 contacts: a generated Danish directory (danish-directory.ts) written straight
// into the real schema, then 200 prefix queries of 1 to 10 characters (first names, last names, numbers in
// several formats, towns, emails) for the first page of 100 through the core's contacts.list.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCore } from '../../src-main/core/core';
import { MemoryVault } from '../../src-main/core/secrets/vault';
import type { Bench } from './harness';
import { median, percentile } from './harness';
import { fillDirectory, firstNames, lastNames, lcg, mobile, TOWNS } from './danish-directory';

const ROWS = Number(process.env.BESKED_SEARCH_ROWS ?? 1_000_000);

/** 200 prefixes as people type them, 1 to 10 characters long. */
export function prefixQueries(rows: number, count = 240): string[] {
  const rnd = lcg(11);
  const pick = <T>(a: readonly T[]) => a[Math.floor(rnd() * a.length)]!;
  const len = (max = 10) => 1 + Math.floor(rnd() * max);
  const q: string[] = [];
  for (let i = 0; q.length < count; i++) {
    const n = mobile(Math.floor(rnd() * rows));
    const kinds = [
      () => pick(firstNames).slice(0, len()),
      () => pick(lastNames).slice(0, len()),
      () => n.slice(0, 2 + Math.floor(rnd() * 7)),
      () => `+45 ${n.slice(0, len(6))}`,
      () => `${n.slice(0, 2)} ${n.slice(2, 4)} ${n.slice(4, 6)}`.slice(0, len()),
      () => pick(TOWNS).slice(0, len()),
      () => `${pick(firstNames)} ${pick(lastNames)}`.slice(0, len()),
      () => `${pick(firstNames).toLowerCase()}.`.slice(0, len()),
    ];
    const s = kinds[i % kinds.length]!().trim();
    if (s) q.push(s);
  }
  return q;
}

export const benches: Bench[] = [
  {
    names: ['contacts.search1m.p95_ms', 'contacts.search1m.max_ms', 'contacts.search1m.index_mb', 'contacts.search1m.index_build_s'],
    async run(report) {
      const dir = mkdtempSync(join(tmpdir(), 'besked-bench-search1m-'));
      try {
        // The schema comes from the real migrations: start a core once on the empty folder.
        await (await startCore({ dataDir: dir, shell: 'web', version: 'bench', vault: new MemoryVault() })).close();
        const db = new Database(join(dir, 'besked.db'));
        db.pragma('journal_mode = WAL');
        const t0 = performance.now();
        const { indexSeconds } = fillDirectory(db, ROWS);
        const fillSeconds = (performance.now() - t0) / 1000;
        const ftsBytes = (db.prepare('SELECT sum(length(block)) AS b FROM contacts_fts_data').get() as { b: number }).b;
        const pageSize = db.pragma('page_size', { simple: true }) as number;
        const fileBytes = (db.pragma('page_count', { simple: true }) as number) * pageSize;
        db.close();

        const core = await startCore({ dataDir: dir, shell: 'web', version: 'bench', vault: new MemoryVault() });
        try {
          const qs = prefixQueries(ROWS);
          const search = async (s: string) => {
            const r = await core.dispatch('contacts.list', { filter: { search: s }, limit: 100 });
            if (!r.ok) throw new Error(r.error.message);
            return r.value as { total: number; rows: unknown[] };
          };
          for (const s of qs.slice(0, 40)) await search(s);
          const times: { q: string; ms: number }[] = [];
          for (const s of qs.slice(40)) {
            const t = performance.now();
            await search(s);
            times.push({ q: s, ms: performance.now() - t });
          }
          const ms = times.map((t) => t.ms);
          const slowest = [...times].sort((a, b) => b.ms - a.ms).slice(0, 5);
          report({
            name: 'contacts.search1m.p95_ms',
            value: +percentile(ms, 95).toFixed(2),
            unit: 'ms',
            goal_ms: 16,
            median_ms: +median(ms).toFixed(2),
            queries: ms.length,
            contacts: ROWS,
            slowest: slowest.map((t) => `${t.q} ${t.ms.toFixed(1)}`),
          });
          report({ name: 'contacts.search1m.max_ms', value: +Math.max(...ms).toFixed(2), unit: 'ms', goal_ms: 50 });
          report({ name: 'contacts.search1m.index_mb', value: +(ftsBytes / 1e6).toFixed(1), unit: 'MB', database_mb: +(fileBytes / 1e6).toFixed(1) });
          report({ name: 'contacts.search1m.index_build_s', value: +indexSeconds.toFixed(1), unit: 's', write_rows_s: +(fillSeconds - indexSeconds).toFixed(1) });
        } finally {
          await core.close();
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  },
];
