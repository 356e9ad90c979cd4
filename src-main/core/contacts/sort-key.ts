// The key contacts are listed by: first name, then last name, in Danish alphabetical order (… z æ ø å),
// accents ignored; contacts without a name come last, by number. SQLite compares it byte by byte.

// Æ, Ø and Å sort after Z in Danish; '{', '|' and '}' are the three characters after 'z' in ASCII.
// Ä and Ö are filed as Æ and Ø, as Danish dictionaries do.
const DANISH_LETTERS: Record<string, string> = { æ: '{', ä: '{', ø: '|', ö: '|', å: '}' };

export function sortKey(firstName: string, lastName: string, e164: string): string {
  const name = `${firstName.trim()} ${lastName.trim()}`.trim().toLowerCase();
  if (name === '') return `~${e164}`;
  return name
    .replace(/[æäøöå]/g, (c) => DANISH_LETTERS[c]!)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/\s+/g, ' ');
}
