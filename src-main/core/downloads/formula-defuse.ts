// Spreadsheet formula injection: a cell that starts like a formula (= + - @, or a tab or carriage return
// that some programs strip before looking) is run by Excel or LibreOffice when the file is opened. A
// leading apostrophe makes it text.
const FORMULA_START = /^[\t\r]|^\s*[=+\-@\uff1d\uff0b\uff0d\uff20]/;

export function defuseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}
