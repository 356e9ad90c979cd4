// Reading a file's text: what a file is, its encoding, its delimiter, and where its records end.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Papa from 'papaparse';
import { sniffNotCsv } from '../../../src-main/core/contacts/import/file-sniff';
import {
  createDecoder,
  encodingFromBom,
  looksDoubleEncoded,
  unreadableShare,
  utf16WithoutBom,
  Utf8Validator,
} from '../../../src-main/core/contacts/import/encoding';
import { detectDelimiter } from '../../../src-main/core/contacts/import/delimiter';
import { LineEnds, MAX_RECORD_CHARS, parseCsvStream, UnclosedQuoteError } from '../../../src-main/core/contacts/import/csv-records';

const bytes = (...b: number[]) => new Uint8Array(b);

describe('sniffNotCsv', () => {
  it.each([
    [bytes(0x50, 0x4b, 0x03, 0x04, 0), 'kunder.xlsx', 'excel'],
    [bytes(0x50, 0x4b, 0x03, 0x04, 0), 'kunder.ods', 'spreadsheet'],
    [bytes(0x50, 0x4b, 0x03, 0x04, 0), 'kunder.zip', 'archive'],
    [bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1), 'kunder.xls', 'old-excel'],
    [new TextEncoder().encode('%PDF-1.7'), 'a.pdf', 'pdf'],
    [bytes(0x89, 0x50, 0x4e, 0x47, 0x0d), 'a.csv', 'image'],
    [bytes(0xff, 0xd8, 0xff, 0xe0), 'a.csv', 'image'],
    [bytes(0x1f, 0x8b, 0x08), 'a.csv.gz', 'archive'],
    [new TextEncoder().encode('<!DOCTYPE html><html>'), 'a.csv', 'web-page'],
    [new TextEncoder().encode('\ufeff<?xml version="1.0"?>'), 'a.xml', 'web-page'],
    [new TextEncoder().encode('[{"name": "x"}]'), 'a.json', 'json'],
    [new TextEncoder().encode('{\\rtf1\\ansi'), 'a.rtf', 'rtf'],
  ])('recognises %s (%s) as %s', (head, name, kind) => {
    const r = sniffNotCsv(head, name);
    expect(r?.kind).toBe(kind);
    expect(r!.message.length).toBeGreaterThan(20);
  });

  it.each(['Navn;Telefon\nSøren;20123456\n', '"name","phone"\n', '20123456\n', '{name},{phone}\n', '[VIP];Søren\n'])('lets CSV text through: %j', (t) => {
    expect(sniffNotCsv(new TextEncoder().encode(t), 'a.csv')).toBeNull();
  });
});

describe('encoding', () => {
  it('reads byte order marks', () => {
    expect(encodingFromBom(bytes(0xef, 0xbb, 0xbf, 0x41))).toBe('utf-8');
    expect(encodingFromBom(bytes(0xff, 0xfe, 0x41, 0))).toBe('utf-16le');
    expect(encodingFromBom(bytes(0xfe, 0xff, 0, 0x41))).toBe('utf-16be');
    expect(encodingFromBom(bytes(0x41, 0x42))).toBeNull();
  });

  it('spots UTF-16 without a mark by its zero bytes', () => {
    const le = Buffer.from('Navn;Telefon\r\nSøren;20123456\r\n', 'utf16le');
    expect(utf16WithoutBom(le)).toBe('utf-16le');
    expect(utf16WithoutBom(le.swap16())).toBe('utf-16be');
    expect(utf16WithoutBom(Buffer.from('Navn;Telefon\n', 'latin1'))).toBeNull();
  });

  it('validates UTF-8 across chunk boundaries, and catches Latin-1 bytes anywhere', () => {
    const utf8 = Buffer.from('Søren;Ærø;Åse\n'.repeat(100), 'utf8');
    const v = new Utf8Validator();
    // Split inside a two-byte character.
    for (let i = 0; i < utf8.length; i += 7) v.push(utf8.subarray(i, i + 7));
    expect(v.end()).toBe(true);
    const latin1 = Buffer.concat([Buffer.from('Navn\n'.repeat(1000)), Buffer.from('Søren\n', 'latin1')]);
    const w = new Utf8Validator();
    expect(w.push(latin1)).toBe(false);
    // A character cut off at the end of the file is invalid too.
    const cut = new Utf8Validator();
    cut.push(Buffer.from([0x41, 0xc3]));
    expect(cut.end()).toBe(false);
  });

  it('finds text that is in no encoding Besked reads', () => {
    expect(unreadableShare('Søren;20123456\r\n\t')).toBe(0);
    expect(unreadableShare(new TextDecoder('windows-1252').decode(Buffer.from('N\0a\0v\0n\0', 'latin1')))).toBeGreaterThan(0.4);
    expect(unreadableShare('')).toBe(0);
  });

  it('notices UTF-8 that was converted twice', () => {
    const twice = Buffer.from(Buffer.from('Søren Ærø Åse', 'utf8').toString('latin1'), 'utf8').toString('utf8');
    expect(twice).toContain('Ã');
    expect(looksDoubleEncoded(twice)).toBe(true);
    expect(looksDoubleEncoded('Søren Ærø Åse')).toBe(false);
  });

  it('decodes Windows-1252 as Excel writes it in Denmark', () => {
    expect(createDecoder('windows-1252').decode(Buffer.from([0x53, 0xf8, 0x72, 0x65, 0x6e, 0x80, 0x93, 0x94, 0x96]))).toBe('Søren€“”–');
    expect(unreadableShare(createDecoder('windows-1252').decode(Buffer.from([0x41, 0x81, 0x42])))).toBeGreaterThan(0);
  });
});

describe('detectDelimiter', () => {
  it.each([
    ['Navn;Telefon;Beløb\nSøren;20123456;12,50\nÅse;30123456;7,25\n', ';'],
    ['name,phone,email\nBo,20123456,bo@x.dk\nAnn,30123456,ann@x.dk\n', ','],
    ['name\tphone\nBo\t20123456\nAnn\t30123456\n', '\t'],
    ['name|phone\nBo|20123456\n', '|'],
    ['"Jensen, Søren";20123456\n"Holm, Åse";30123456\n', ';'],
    ['name,note\n"Bo","a;b;c"\n"Ann","x;y"\n', ','],
    ['20123456\n30123456\n', ','],
    ['', ','],
  ])('%j → %j', (sample, d) => {
    expect(detectDelimiter(sample)).toBe(d);
  });
});

/** Parses pieces as the file reader hands them over (line ends made '\n' first) and collects the rows. */
async function parsePieces(pieces: Iterable<string>, delim: ';' | ',' = ';'): Promise<string[][]> {
  const rows: string[][] = [];
  const lineEnds = new LineEnds();
  const list = [...pieces];
  async function* texts() {
    for (let i = 0; i < list.length; i++) yield lineEnds.push(list[i]!, i === list.length - 1);
  }
  await parseCsvStream(texts(), { delimiter: delim, onRun: (run) => rows.push(...run.rows) });
  return rows;
}

/** Splits text at the given cut points and parses the pieces one by one. */
function splitAll(text: string, cuts: number[], delim: ';' | ',' = ';'): Promise<string[][]> {
  const at = [0, ...cuts.filter((x) => x > 0 && x < text.length).sort((a, b) => a - b), text.length];
  return parsePieces(
    at.slice(1).map((c, i) => text.slice(at[i], c)),
    delim,
  );
}

describe('reading records in pieces (papaparse stream mode)', () => {
  it('cuts at record ends only, wherever the text is split', async () => {
    const text = 'a;b\r\n1;"x\r\ny"\r\n2;"q""r"\n\n3;"a;b"\r4;"end"';
    const expected = [['a', 'b'], ['1', 'x\ny'], ['2', 'q"r'], [''], ['3', 'a;b'], ['4', 'end']];
    for (let i = 0; i <= text.length; i++) {
      for (let j = i; j <= text.length; j += 3) expect(await splitAll(text, [i, j])).toEqual(expected);
    }
  });

  it('treats a quote inside an unquoted value as a character, as papaparse does', async () => {
    expect(await splitAll('5" screen;Bo\n6;x\n', [3])).toEqual([['5" screen', 'Bo'], ['6', 'x']]);
  });

  it('refuses a quote that never closes, naming its record', async () => {
    await expect(parsePieces(['a;b\n1;2\n3;"never closed\n4;5\n', '6;7\n'])).rejects.toThrow(UnclosedQuoteError);
    const thrown = await parsePieces(['a;b\n1;"x\n']).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(UnclosedQuoteError);
    expect((thrown as UnclosedQuoteError).record).toBe(2);
  });

  it('gives up on an unclosed quote early instead of reading the whole rest of a big file', async () => {
    const filler = 'x,y\n'.repeat(1000);
    async function* bigFile() {
      yield 'a,b\n1,"';
      for (let i = 0; i * filler.length < MAX_RECORD_CHARS + 10_000; i++) yield filler;
      throw new Error('read the whole file without noticing the quote');
    }
    const thrown = await parseCsvStream(bigFile(), { delimiter: ',', onRun: () => {} }).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(UnclosedQuoteError);
    expect((thrown as UnclosedQuoteError).record).toBe(2);
  });

  it('agrees with papaparse on the whole text for any split (property)', async () => {
    const cell = fc.oneof(
      fc.constantFrom('', 'Søren', 'a"b', '20 12 34 56', ' x '),
      fc.string({ unit: fc.constantFrom('a', ';', '"', '\n', '\r\n', ' ', 'ø'), maxLength: 6 }).map((s) => `"${s.replace(/"/g, '""')}"`),
    );
    const record = fc.array(cell, { minLength: 1, maxLength: 4 }).map((cells) => cells.join(';'));
    await fc.assert(
      fc.asyncProperty(fc.array(record, { minLength: 1, maxLength: 8 }), fc.array(fc.nat(200), { maxLength: 4 }), async (records, cuts) => {
        const text = records.join('\n') + '\n';
        const whole = Papa.parse<string[]>(text.replace(/\r\n?/g, '\n'), { delimiter: ';', newline: '\n' }).data.slice(0, -1);
        expect(await splitAll(text, cuts)).toEqual(whole);
      }),
    );
  });
});
