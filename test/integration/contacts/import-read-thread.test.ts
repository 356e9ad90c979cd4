// A large file's rows are read and mapped in the import's thread while the core stages them (apply-worker.ts,
// read-rows.ts): the outcome is the very one of reading on the core's thread (every row's fate and number, the
// header, blank lines, misplaced quotes, repeats folded by the rule); a quote that never closes, or a cancel, leaves
// nothing changed; and the thread started with a large upload ends with its upload or with Besked.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCore, type Core } from '../../../src-main/core/core';
import { MemoryVault } from '../../../src-main/core/secrets/vault';
import { EventBus } from '../../../src-main/core/events';
import { createLogger } from '../../../src-main/core/log';
import { ContactImporter, READ_IN_THREAD_BYTES } from '../../../src-main/core/contacts/import/importer';
import { BeskedError } from '../../../src-main/core/errors';
import { startSaveThread } from '../../../src-main/core/contacts/import/apply-thread';
import type { MappedRun } from '../../../src-main/core/contacts/import/read-rows';
import { writeFileSync } from 'node:fs';

const dirs: string[] = [];
const cores: Core[] = [];
const importers: ContactImporter[] = [];
afterEach(async () => {
  await Promise.all(importers.splice(0).map((i) => i.stop()));
  await Promise.all(cores.splice(0).map((c) => c.close()));
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function importer(readInThreadBytes: number): Promise<{ core: Core; importer: ContactImporter; events: EventBus }> {
  const dir = mkdtempSync(join(tmpdir(), 'besked-read-thread-'));
  dirs.push(dir);
  const core = await startCore({ dataDir: dir, shell: 'web', version: 'test', vault: new MemoryVault() });
  cores.push(core);
  const events = new EventBus();
  const i = new ContactImporter(core.db, events, join(dir, 'test-imports'), createLogger({}), undefined, undefined, readInThreadBytes);
  importers.push(i);
  return { core, importer: i, events };
}

/**
 * A Danish export of about 1.2 MB: unique numbers in several formats, with a row every so often that is blank, has a
 * misplaced quote, repeats an earlier number (with a value the earlier row lacks), has no valid number, too many
 * values, or an address that is not one.
 */
function bigExport(rows = 20_000): string {
  const lines = ['Fornavn;Efternavn;Mobil;E-mail;Firma;Kunde nr.'];
  for (let i = 0; i < rows; i++) {
    const n = String(20_000_000 + i * 37);
    const number = i % 3 === 0 ? `${n.slice(0, 2)} ${n.slice(2, 4)} ${n.slice(4, 6)} ${n.slice(6)}` : i % 3 === 1 ? `+45 ${n}` : `0045${n}`;
    lines.push(`Søren${i % 97};Ærøe${i % 13};${number};s${i}@bageriet.dk;${i % 2 ? '' : 'Bageriet Ørsted'};${1000 + i}`);
    if (i % 1000 === 10) lines.push('');
    if (i % 1000 === 20) lines.push(';;;;;');
    if (i % 1000 === 30) lines.push(`Dårlig;"Cit"at";${20_000_000 + i * 37 + 1};;;`);
    if (i % 1000 === 40) lines.push(`Gentaget;Række;${20_000_000 + (i - 1) * 37};;Firmaet Gentaget;`);
    if (i % 1000 === 50) lines.push('Forkert;Nummer;12345;;;');
    if (i % 1000 === 60) lines.push('For;Mange;60123456;a@b.dk;Firma;1008;ekstra');
    if (i % 1000 === 70) lines.push('Dårlig;Mail;50123456;ikke-en-mail;;');
  }
  return lines.join('\r\n') + '\r\n';
}

async function uploaded(i: ContactImporter, text: string): Promise<string> {
  const bytes = Buffer.from(text, 'latin1');
  const u = i.begin('kunder.csv', bytes.length);
  for (let off = 0; off < bytes.length; off += 512 * 1024) await i.append(u.id, off, bytes.subarray(off, off + 512 * 1024).toString('base64'));
  return u.id;
}

async function run(i: ContactImporter, importId: string, shouldCancel?: () => void) {
  const p = await i.preview(importId, {});
  shouldCancel?.();
  return i.run({ importId, mapping: p.mapping, defaultCountry: 'DK', mergeRule: 'fillEmpty', group: { kind: 'new', name: 'Alle' } });
}

const contacts = (core: Core) => core.db.prepare('SELECT first_name, last_name, e164, email, company, custom, search_phone FROM contacts ORDER BY id').all();
const errorOf = async (p: Promise<unknown>) => p.then(() => null, (err: unknown) => err as BeskedError);

describe("a large file read in the import's thread", () => {
  it('has the outcome of reading it on the core’s thread: every row, its number and reason, the same contacts', async () => {
    const text = bigExport();
    expect(Buffer.byteLength(text, 'latin1')).toBeGreaterThan(READ_IN_THREAD_BYTES);
    const inThread = await importer(0);
    const here = await importer(Number.POSITIVE_INFINITY);
    const a = await run(inThread.importer, await uploaded(inThread.importer, text));
    const b = await run(here.importer, await uploaded(here.importer, text));
    const strip = (r: typeof a) => ({ ...r, importId: '', durationMs: 0 });
    expect(strip(a)).toEqual(strip(b));
    expect(a).toMatchObject({ rows: 20_000 + 5 * 20, created: 20_000, blankLines: 40, rejected: 80 });
    expect(a.reasons.map((r) => r.count)).toEqual([20, 20, 20, 20]);
    // The row numbers a spreadsheet shows: the header is row 1, blank lines count.
    const lines = text.split('\r\n');
    const rowOf = (start: string) => lines.findIndex((l) => l.startsWith(start)) + 1;
    expect(a.rejectedSample.slice(0, 4).map((r) => r.row)).toEqual(['Dårlig;"Cit', 'Forkert;', 'For;Mange', 'Dårlig;Mail'].map(rowOf));
    expect(a.rejectedSample[0]!.reason).toBe('bad_quotes');
    const rowsA = inThread.importer.rowsFile(a.importId, 'all');
    const rowsB = here.importer.rowsFile(b.importId, 'all');
    expect(rowsA.base64).toBe(rowsB.base64);
    expect(contacts(inThread.core)).toEqual(contacts(here.core));
  });

  it('refuses a quote that never closes far into the file with its row, and changes nothing', async () => {
    const { core, importer: i } = await importer(0);
    const tail = Array.from({ length: 200 }, (_, k) => `Efter;Citatet;${40_000_000 + k};;;`).join('\r\n');
    const text = bigExport() + 'Åben;"Citat;30303030;;;\r\n' + tail + '\r\n';
    const err = await errorOf(run(i, await uploaded(i, text)));
    expect(err).toBeInstanceOf(BeskedError);
    expect(err?.code).toBe('import.unclosedQuote');
    expect(err?.params).toEqual({ row: 20_000 + 7 * 20 + 2 });
    expect(contacts(core)).toEqual([]);
  });

  it('stops reading when cancelled, and changes nothing', async () => {
    const { core, importer: i, events } = await importer(0);
    const importId = await uploaded(i, bigExport(30_000));
    // Cancelled once the thread's first rows have been staged.
    events.subscribe((m) => {
      if (m.name === 'contacts.importProgress' && (m.payload as { rows: number }).rows > 0) i.cancel(importId);
    });
    const err = await errorOf(run(i, importId));
    expect(err?.code).toBe('import.cancelled');
    expect(contacts(core)).toEqual([]);
  });

  it('fails with a sentence, and changes nothing, when its thread ends while reading', async () => {
    const { core, importer: i, events } = await importer(0);
    const importId = await uploaded(i, bigExport(30_000));
    // Besked stopping ends the thread; the run hears it from the thread's exit.
    let stopping: Promise<void> | null = null;
    events.subscribe((m) => {
      if (m.name === 'contacts.importProgress' && (m.payload as { rows: number }).rows > 0) stopping ??= i.stop();
    });
    const err = await errorOf(run(i, importId));
    await stopping;
    expect(err).toBeInstanceOf(BeskedError);
    expect(err?.message).toBe('The import stopped while reading the file. Nothing was changed: import it again.');
    expect(contacts(core)).toEqual([]);
  });
});

describe("the core's loop while the thread reads", () => {
  it('turns between every two pieces it stages, however fast the thread hands them over', async () => {
    const { core } = await importer(0);
    const file = join(dirs.at(-1)!, 'kunder.csv');
    writeFileSync(file, bigExport(30_000), 'latin1');
    // A ticker that moves once per turn of the loop (setImmediate, like the core's own turns).
    let turns = 0;
    let ticking = true;
    const tick = () => {
      turns++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const seen: number[] = [];
    const thread = startSaveThread(core.db, createLogger({}));
    try {
      await thread.read(
        { file, read: { encoding: 'windows-1252', delimiter: ';', hasHeader: true }, mapping: ['firstName', 'lastName', 'phone', 'email', 'company', 'ignore'], defaultCountry: 'DK' },
        { onRun: () => seen.push(turns), shouldStop: () => false },
      );
    } finally {
      ticking = false;
      await thread.stop();
    }
    expect(seen.length).toBeGreaterThan(40);
    // Pieces taken one after another inside one callback of the port (the loop not turning, its timers waiting)
    // would show the same count twice.
    const repeats = seen.filter((n, k) => k > 0 && n === seen[k - 1]);
    expect(repeats).toEqual([]);
  });
});

describe('the thread started with a large upload', () => {
  it('leaves the reading to the core when it ended before its run', async () => {
    const { core } = await importer(0);
    const thread = startSaveThread(core.db, createLogger({}));
    await thread.stop();
    const file = join(dirs.at(-1)!, 'kunder.csv');
    writeFileSync(file, bigExport(50), 'latin1');
    const runs: MappedRun[] = [];
    const end = await thread.read(
      { file, read: { encoding: 'windows-1252', delimiter: ';', hasHeader: true }, mapping: ['firstName', 'lastName', 'phone', 'email', 'company', 'ignore'], defaultCountry: 'DK' },
      { onRun: (r) => runs.push(r), shouldStop: () => false },
    );
    expect(end).toEqual({ stopped: false });
    // 50 rows, and one that repeats a number (staged, to be folded into the first).
    expect(runs.flatMap((r) => r.rows).filter((r) => 'staged' in r)).toHaveLength(51);
    expect(runs[0]!.headers).toEqual(['Fornavn', 'Efternavn', 'Mobil', 'E-mail', 'Firma', 'Kunde nr.']);
  });

  it('waits for its run, ends when the upload is discarded, and is not started for a small file or an announcement alone', async () => {
    const { importer: i } = await importer(READ_IN_THREAD_BYTES);
    const small = i.begin('lille.csv', 1000);
    await i.append(small.id, 0, Buffer.from('Navn;Mobil\r\n').toString('base64'));
    expect(i.waitingThreads()).toBe(0);
    // Announced, not sent: no thread (a caller could otherwise start threads by announcing uploads).
    const announced = i.begin('stor.csv', 5 * 1024 * 1024);
    expect(i.waitingThreads()).toBe(0);
    await i.discard(announced.id);
    const big = await uploaded(i, bigExport());
    expect(i.waitingThreads()).toBe(1);
    await i.discard(big);
    expect(i.waitingThreads()).toBe(0);
    await i.discard(small.id);
    // Handed to its run: the run's report says it read the file.
    const again = await uploaded(i, bigExport());
    expect(i.waitingThreads()).toBe(1);
    await expect(run(i, again)).resolves.toMatchObject({ created: 20_000 });
    expect(i.waitingThreads()).toBe(0);
  });

  it('ends when Besked stops, without its run', async () => {
    const { importer: i } = await importer(READ_IN_THREAD_BYTES);
    await uploaded(i, bigExport());
    expect(i.waitingThreads()).toBe(1);
    await i.stop();
    expect(i.waitingThreads()).toBe(0);
  });
});
