// Contact import fed garbage by fast-check: random bytes, real CSV files with bytes flipped, cut short, or laced with
// quotes, NULs, byte order marks and stray delimiters. Whatever comes in, the import never crashes, a refusal is a
// typed error a shop owner can read with nothing stored changed, and a success adds exactly what it reports.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { AppError } from '../../../src-shared/errors';
import { checkSearchIndex, openCore, snapshot, upload, type TestCore } from '../contacts/helpers';

let t: TestCore;

beforeAll(async () => {
  t = await openCore();
  const g = await t.call('groups.create', { name: 'Faste kunder' });
  await t.call('contacts.create', { firstName: 'Søren', lastName: 'Jensen', phone: '20123456', groupIds: [g.id], custom: { by: 'Aarhus' } });
  await t.call('contacts.create', { firstName: 'Åse', phone: '30123456' });
});
afterAll(async () => {
  await t?.close();
});

const GOOD_CSV = [
  'Fornavn;Efternavn;Mobil;E-mail;By',
  'Mette;Hansen;+45 21 23 45 67;mette@example.dk;Odense',
  'Jens;Nielsen;0045 31234567;;Aalborg',
  '"Anne ""Annie""";Kjær;4123 4567;anne@example.dk;"Vejle; Øst"',
  'Ole;Østergaard;51234567;ole@example.dk;Næstved',
].join('\r\n');

const NASTY = ['"', '\0', '\ufeff', ';', ',', '\t', '\r', '\n', '\r\n', '""', '\u2028', '\ud800', '=cmd|calc', '😀', 'Ø', '\x1a'];

/** Files: random bytes, or the good file mutated (flipped bytes, nasty insertions, cut short), in Latin-1 or UTF-8. */
const file = fc.oneof(
  fc.uint8Array({ minLength: 1, maxLength: 600 }).map((b) => Buffer.from(b)),
  fc
    .record({
      inserts: fc.array(fc.tuple(fc.nat(), fc.constantFrom(...NASTY)), { maxLength: 8 }),
      flips: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 6 }),
      cut: fc.option(fc.nat()),
      latin1: fc.boolean(),
    })
    .map(({ inserts, flips, cut, latin1 }) => {
      let text = GOOD_CSV;
      for (const [at, s] of inserts) {
        const i = at % (text.length + 1);
        text = text.slice(0, i) + s + text.slice(i);
      }
      const bytes = Buffer.from(text, latin1 ? 'latin1' : 'utf8');
      for (const [at, v] of flips) bytes[at % bytes.length] = v;
      const out = cut === null ? bytes : bytes.subarray(0, Math.max(1, cut % (bytes.length + 1)));
      return Buffer.from(out);
    }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 300 }).map((s) => Buffer.from(s, 'utf8')),
);

function expectReadable(e: AppError, step: string) {
  expect(e.kind, `${step}: ${e.message}`).not.toBe('internal');
  expect(e.message.length, step).toBeGreaterThan(15);
  expect(e.message, step).not.toMatch(/\n\s+at |TypeError|undefined|\[object /);
}

const count = () => (t.core.db.prepare('SELECT COUNT(*) AS n FROM contacts').get() as { n: number }).n;

let run = 0;
describe('contact import with garbage files', () => {
  it('never crashes; refuses with a readable error and nothing changed, or adds exactly what it reports', async () => {
    await fc.assert(
      fc.asyncProperty(file, fc.constantFrom('kunder.csv', 'kunder.txt', 'kunder.xlsx', 'kunder'), async (bytes, name) => {
        const before = snapshot(t);
        const contactsBefore = count();
        const importId = await upload(t, name, bytes);
        const p = await t.core.dispatch('contacts.importPreview', { importId });
        if (!p.ok) {
          expectReadable(p.error, 'preview');
          expect(snapshot(t)).toEqual(before);
          return;
        }
        const preview = p.value as { mapping: unknown[] };
        const r = await t.core.dispatch('contacts.importRun', {
          importId,
          mapping: preview.mapping,
          defaultCountry: 'DK',
          mergeRule: 'fillEmpty',
          group: { kind: 'new', name: `Fuzz ${++run}` },
        });
        if (!r.ok) {
          expectReadable(r.error, 'run');
          expect(snapshot(t)).toEqual(before);
          return;
        }
        const report = r.value as { rows: number; created: number; updated: number; merged: number; rejected: number };
        expect(count() - contactsBefore).toBe(report.created);
        expect(report.created + report.updated + report.merged + report.rejected).toBeLessThanOrEqual(report.rows);
        await checkSearchIndex(t);
      }),
      { numRuns: 120 },
    );
  });
});
