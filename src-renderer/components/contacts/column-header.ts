// An import column's header as the UI says it: a column without a header is named by the core in English
// ("Column 3", the name its mapping is remembered by), and said here in the UI's language.
export function columnHeader(header: string, col: number, columnWord: string): string {
  return header === `Column ${col + 1}` ? `${columnWord} ${col + 1}` : header;
}
