// One CSV row through the owner's column mapping: the contact it describes, or the reason it cannot be
// imported (and whether the row is blank at all). Pure; the importer decides what to do with the result.
import type { ColumnTarget, ImportRejectReason } from '../../../../src-shared/contract';
import { normalisePhone, phoneRejectionMessage, type CountryCode, type Phone } from '../../../../src-shared/phone';
import type { ContactFields } from '../merge-rules';
import { GROUP_NAME_MAX, groupNamesOf } from '../../../../src-shared/contacts/group-cell';

export interface MappedRow {
  phone: Phone;
  fields: ContactFields;
  optOut: boolean;
  /** The groups a "groups" column names for this row (empty without one). */
  groups: string[];
}

export type RowResult = { ok: true; row: MappedRow } | { ok: false; reason: ImportRejectReason; message: string };

export const LIMITS = { firstName: 100, lastName: 100, email: 254, company: 200, notes: 5000, custom: 1000 } as const;

const LABELS = { firstName: 'The first name', lastName: 'The last name', email: 'The email address', company: 'The company', notes: 'The notes' };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// Values that mean "this customer has opted out" in an opt-out column (English and Danish).
const YES = new Set(['yes', 'y', 'ja', 'j', 'x', '1', 'true', 'sand', 'stop', 'opted out', 'optedout', 'opt out', 'unsubscribed', 'afmeldt', 'frameldt', 'fravalgt']);

// Named in words: the message goes into a CSV file separated by that very character.
const DELIMITER_NAMES: Record<string, string> = { ';': 'semicolon', ',': 'comma', '\t': 'tab', '|': 'vertical bar' };

export interface RowContext {
  defaultCountry: CountryCode;
  delimiter: string;
}

export function mapRow(cells: readonly string[], mapping: readonly ColumnTarget[], ctx: RowContext): RowResult {
  if (cells.length > mapping.length && cells.slice(mapping.length).some((c) => c.trim() !== '')) {
    return {
      ok: false,
      reason: 'too_many_columns',
      message: `The row has ${cells.length} values but the file has ${mapping.length} columns: a value containing a ${DELIMITER_NAMES[ctx.delimiter] ?? 'separator'} needs quotes around it.`,
    };
  }
  const fields: ContactFields = { firstName: '', lastName: '', email: '', company: '', notes: '', custom: {} };
  let phoneText = '';
  let fullName = '';
  let optOut = false;
  const groups: string[] = [];
  for (let i = 0; i < mapping.length; i++) {
    const target = mapping[i]!;
    const value = (cells[i] ?? '').trim();
    if (target === 'ignore' || value === '') continue;
    if (typeof target === 'object') {
      if (value.length > LIMITS.custom) return tooLong(`"${target.label}"`, LIMITS.custom);
      fields.custom[target.custom] = value;
      continue;
    }
    switch (target) {
      case 'phone':
        phoneText = value;
        break;
      case 'fullName':
        fullName = value;
        break;
      case 'optOut':
        optOut = YES.has(value.toLowerCase());
        break;
      case 'groups': {
        const cell = groupNamesOf(value);
        if (!cell.ok) return tooLong(`The group name "${cell.tooLong.slice(0, 40)}…"`, GROUP_NAME_MAX);
        for (const name of cell.names) if (!groups.some((g) => g.toLocaleLowerCase('da') === name.toLocaleLowerCase('da'))) groups.push(name);
        break;
      }
      default:
        if (value.length > LIMITS[target]) return tooLong(LABELS[target], LIMITS[target]);
        fields[target] = value;
    }
  }
  if (fullName !== '') {
    const [first, last] = splitFullName(fullName);
    if (fields.firstName === '') fields.firstName = first.slice(0, LIMITS.firstName);
    if (fields.lastName === '') fields.lastName = last.slice(0, LIMITS.lastName);
  }
  if (fields.email !== '' && !EMAIL.test(fields.email)) {
    return { ok: false, reason: 'email_invalid', message: `"${fields.email.slice(0, 60)}" is not an email address.` };
  }
  const phone = normalisePhone(phoneText, ctx.defaultCountry);
  if (!phone.ok) return { ok: false, reason: `phone_${phone.reason}`, message: phoneRejectionMessage(phone.reason) };
  return { ok: true, row: { phone, fields, optOut, groups } };
}

function tooLong(what: string, max: number): RowResult {
  return { ok: false, reason: 'value_too_long', message: `${what} is longer than ${max.toLocaleString('en')} characters.` };
}

/** "Søren Bo Jensen" → ["Søren Bo", "Jensen"]; "Jensen, Søren" → ["Søren", "Jensen"]. */
export function splitFullName(name: string): [string, string] {
  const s = name.trim().replace(/\s+/g, ' ');
  const comma = s.indexOf(',');
  if (comma > 0) return [s.slice(comma + 1).trim(), s.slice(0, comma).trim()];
  const space = s.lastIndexOf(' ');
  if (space < 0) return [s, ''];
  return [s.slice(0, space), s.slice(space + 1)];
}

// A line of only separators (";;;", as spreadsheets write empty rows) is blank too, whatever the delimiter.
export const isBlank = (cells: readonly string[]) => cells.every((c) => /^[\s;,|]*$/.test(c));
