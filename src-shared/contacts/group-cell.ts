// The group names one import cell holds (issue 27.9): several separated by "," or ";", each trimmed and folded the
// way a group's name is unique (case-insensitively), blanks dropped. Pure; the importer and the mapping step use it.

/** A group's name holds at most this many characters (the contract's GroupName). */
export const GROUP_NAME_MAX = 80;

export type GroupCell = { ok: true; names: string[] } | { ok: false; tooLong: string };

export function groupNamesOf(cell: string): GroupCell {
  const names: string[] = [];
  const seen = new Set<string>();
  for (const part of cell.split(/[;,]/)) {
    // Inner runs of white space are one space, as a user typing the name into the group field would have it.
    const name = part.trim().replace(/\s+/g, ' ');
    if (name === '') continue;
    if (name.length > GROUP_NAME_MAX) return { ok: false, tooLong: name };
    const key = name.toLocaleLowerCase('da');
    if (seen.has(key)) continue;
    seen.add(key);
    names.push(name);
  }
  return { ok: true, names };
}
