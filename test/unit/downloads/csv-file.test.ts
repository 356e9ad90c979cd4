// Files handed to the renderer to save: formula defusing, the one CSV writer every export uses, and the
// size check of a download (the first two tables moved here from the contact rules with their code).
import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { defuseCell } from '../../../src-main/core/downloads/formula-defuse';
import { CSV_MIME, fileDownload, MAX_DOWNLOAD_BYTES } from '../../../src-main/core/downloads/file-download';
import { csvFile, csvText, type CsvCell } from '../../../src-main/core/downloads/csv-file';
import { BeskedError } from '../../../src-main/core/errors';
import { BRIDGE_MAX_MESSAGE_BYTES } from '../../../src-shared/contract';
import { normalisePhone } from '../../../src-shared/phone';

describe('defuseCell', () => {
  it.each([
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+4520123456', "'+4520123456"],
    ['-5', "'-5"],
    ['@cmd', "'@cmd"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['  =1+1', "'  =1+1"],
    ['＝1+1', "'＝1+1"],
    ['Søren', 'Søren'],
    ['a=b', 'a=b'],
    ['', ''],
    ['20 12 34 56', '20 12 34 56'],
  ])('%j → %j', (v, out) => {
    expect(defuseCell(v)).toBe(out);
  });
});

describe('fileDownload', () => {
  it('hands over a file as base64, and refuses one too big for a bridge message with what to do', () => {
    expect(fileDownload('a.csv', CSV_MIME, Buffer.from('x;y\r\n'), 'Export less.')).toEqual({ fileName: 'a.csv', mimeType: CSV_MIME, base64: 'eDt5DQo=', bytes: 5 });
    expect(Math.ceil(MAX_DOWNLOAD_BYTES / 3) * 4).toBeLessThan(BRIDGE_MAX_MESSAGE_BYTES);
    const err = (() => {
      try {
        fileDownload('big.csv', CSV_MIME, Buffer.alloc(MAX_DOWNLOAD_BYTES + 1), 'Export a group at a time.');
      } catch (e) {
        return e as BeskedError;
      }
    })();
    expect(err).toBeInstanceOf(BeskedError);
    expect(err?.kind).toBe('limit');
    expect(err?.message).toMatch(/^The file would be 48 MB, more than Besked can hand over at once\. Export a group at a time\.$/);
  });
});

describe('csvText', () => {
  /** The one cell written after the header, as the file has it. */
  const written = (cell: CsvCell) => csvText([['h'], [cell]]).split('\r\n')[1];

  // Every character a spreadsheet may start a formula with, also behind spaces or in its full-width form,
  // gets an apostrophe: Excel and LibreOffice then show the text as written and never run it.
  it.each<[string, CsvCell, string]>([
    ['= formula', '=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['+ formula', '+1+cmd|" /C calc"!A0', `"'+1+cmd|"" /C calc""!A0"`],
    ['- formula', '-2+3', "'-2+3"],
    ['@ formula', '@SUM(A1)', "'@SUM(A1)"],
    ['tab first', '\t=1', "'\t=1"],
    ['CR first', '\r=1', `"'\r=1"`],
    ['spaces, then =', '  =1+1', "'  =1+1"],
    ['full-width =', '＝1+1', "'＝1+1"],
    ['full-width +', '＋1', "'＋1"],
    ['full-width -', '－1', "'－1"],
    ['full-width @', '＠x', "'＠x"],
    // Text that is a number keeps its digits behind the apostrophe, which spreadsheets hide and Besked's
    // import drops again (src-shared/phone.ts).
    ['negative number as text', '-5', "'-5"],
    ['international number as text', '+4512345678', "'+4512345678"],
    // A number value is never a formula: written as it is, so a spreadsheet can add it up.
    ['negative number', -5, '-5'],
    ['MSISDN as a number', 4512345678, '4512345678'],
    ['cost', 0.39, '0.39'],
    // Harmless text stays as it is.
    ['name', 'Søren', 'Søren'],
    ['= inside', 'a=b', 'a=b'],
    ['number with spaces', '20 12 34 56', '20 12 34 56'],
    ['empty', '', ''],
  ])('%s: %j → %j', (_what, cell, out) => {
    expect(written(cell)).toBe(out);
  });

  it('keeps numbers usable: a defused number reads back as the number', () => {
    const back = Papa.parse<string[]>(csvText([['Phone', 'Amount'], ['+4520123456', '-5']]).slice(1), { newline: '\r\n' }).data[1]!;
    expect(back).toEqual(["'+4520123456", "'-5"]);
    expect(normalisePhone(back[0]!)).toMatchObject({ ok: true, e164: '+4520123456' });
    expect(Number(back[1]!.replace(/^'/, ''))).toBe(-5);
  });

  it('starts with a byte order mark, uses the delimiter and CRLF, and quotes what needs it', () => {
    expect(csvText([['a', 'b;c'], ['x\ny', 'Åse "Holm"']], ';')).toBe('\ufeffa;"b;c"\r\n"x\ny";"Åse ""Holm"""');
    expect(csvText([['a', 'b'], [1, 'x']])).toBe('\ufeffa,b\r\n1,x');
  });

  it('hands the text over as a size-checked CSV download', () => {
    const file = csvFile('a.csv', [['x', 'y']], { delimiter: ';', whatToDo: 'Export less.' });
    expect(file).toEqual({ fileName: 'a.csv', mimeType: CSV_MIME, base64: Buffer.from('\ufeffx;y', 'utf8').toString('base64'), bytes: 6 });
    const row = ['x'.repeat(1024 * 1024)];
    const err = (() => {
      try {
        csvFile('big.csv', Array.from({ length: 49 }, () => row), { whatToDo: 'Export a group at a time.', tooLargeCode: 'contact.exportTooLarge' });
      } catch (e) {
        return e as BeskedError;
      }
    })();
    expect(err).toBeInstanceOf(BeskedError);
    expect(err?.kind).toBe('limit');
    expect(err?.message).toMatch(/Export a group at a time\.$/);
  });
});
