// Recognises files that are not CSV text from their first bytes, so the owner is told what the file is and
// how to get a CSV out of it, instead of seeing garbage rows.

export interface NotCsv {
  kind: 'excel' | 'old-excel' | 'spreadsheet' | 'pdf' | 'image' | 'archive' | 'web-page' | 'json' | 'rtf' | 'binary';
  message: string;
}

const SAVE_AS_CSV = 'In Excel choose File › Save As › "CSV UTF-8 (Comma delimited)", then import that file.';

const startsWith = (b: Uint8Array, sig: number[]) => sig.every((x, i) => b[i] === x);

export function sniffNotCsv(head: Uint8Array, fileName: string): NotCsv | null {
  const lower = fileName.toLowerCase();
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) {
    if (lower.endsWith('.ods')) {
      return { kind: 'spreadsheet', message: 'This is a LibreOffice spreadsheet, not a CSV file. Choose File › Save As › "Text CSV", then import that file.' };
    }
    if (lower.endsWith('.zip')) return { kind: 'archive', message: 'This is a zip archive. Unpack it and import the CSV file inside.' };
    return { kind: 'excel', message: `This is an Excel workbook, not a CSV file. ${SAVE_AS_CSV}` };
  }
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0])) {
    return { kind: 'old-excel', message: `This is an old Excel (.xls) or Office file, not a CSV file. ${SAVE_AS_CSV}` };
  }
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46])) return { kind: 'pdf', message: 'This is a PDF document, not a CSV file. Export the list from the program that made it as CSV.' };
  if (
    startsWith(head, [0x89, 0x50, 0x4e, 0x47]) ||
    startsWith(head, [0xff, 0xd8, 0xff]) ||
    startsWith(head, [0x47, 0x49, 0x46, 0x38]) ||
    startsWith(head, [0x42, 0x4d])
  ) {
    return { kind: 'image', message: 'This is a picture, not a CSV file.' };
  }
  if (startsWith(head, [0x1f, 0x8b]) || startsWith(head, [0x52, 0x61, 0x72, 0x21]) || startsWith(head, [0x37, 0x7a, 0xbc, 0xaf])) {
    return { kind: 'archive', message: 'This is a compressed archive. Unpack it and import the CSV file inside.' };
  }
  const text = asciiStart(head);
  if (/^(<\?xml|<!doctype|<html|<table)/i.test(text)) {
    return { kind: 'web-page', message: `This is a web page or XML file, not a CSV file. ${SAVE_AS_CSV}` };
  }
  if (/^\{\\rtf/.test(text)) return { kind: 'rtf', message: 'This is a Word/RTF document, not a CSV file.' };
  if (/^[[{]\s*["{[\]]/.test(text)) return { kind: 'json', message: 'This is a JSON file, not a CSV file. Export the list as CSV.' };
  return null;
}

/** The first characters after a byte order mark and whitespace, ASCII only. */
function asciiStart(head: Uint8Array): string {
  let i = 0;
  if (startsWith(head, [0xef, 0xbb, 0xbf])) i = 3;
  let s = '';
  for (; i < head.length && s.length < 32; i++) {
    const c = head[i]!;
    if (s === '' && (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d)) continue;
    if (c >= 0x80 || c === 0) break;
    s += String.fromCharCode(c);
  }
  return s;
}
