// Who a campaign goes to: contacts, groups, searches and typed numbers resolved into one list of numbers with
// their merge-field values, each number once, with opted-out and invalid entries left out and listed with a reason.
import type { Exclusion, RecipientSpec } from '../../../../src-shared/contract';
import { formatPhone, normalisePhone, phoneRejectionMessage, type CountryCode } from '../../../../src-shared/phone';
import { nextTurn, turnBudget } from '../../event-loop-turns';

export interface DirectoryContact {
  id: number;
  firstName: string;
  lastName: string;
  e164: string;
  msisdn: number;
  email: string;
  company: string;
  custom: Record<string, string>;
}

/** What recipient resolution needs from the contacts store. */
export interface ContactDirectory {
  /** Contacts by id, group and search, in that order; a contact may come more than once. */
  contacts(spec: Pick<RecipientSpec, 'contactIds' | 'groupIds' | 'searches'>): Iterable<DirectoryContact>;
  /** Contacts owning any of these numbers (so a typed number of a known customer gets their merge fields). */
  byMsisdn(msisdns: readonly number[]): Map<number, DirectoryContact>;
  /** The numbers among these that opted out. */
  optedOut(msisdns: readonly number[]): Set<number>;
  /** The country for numbers typed without + or 00. */
  defaultCountry(): CountryCode | undefined;
  /** Merge fields a template can use: built-in and custom keys. */
  fieldKeys(): string[];
}

export interface ResolvedRecipient {
  msisdn: number;
  contactId: number | null;
  /** The contact's name, or null for a typed number of no contact. */
  name: string | null;
  values: Record<string, string>;
}

export interface Resolution {
  recipients: ResolvedRecipient[];
  exclusions: Exclusion[];
}

export function contactName(c: Pick<DirectoryContact, 'firstName' | 'lastName'>): string {
  return `${c.firstName} ${c.lastName}`.trim();
}

/**
 * A contact's merge-field values: the built-in fields (see contacts/merge-field-keys) and its custom fields.
 * {phone} is the number in international form (+4520123456): unambiguous in any country, and cheap for 100,000.
 */
export function contactValues(c: DirectoryContact): Record<string, string> {
  // The directory hands out a fresh custom-field object per contact, so it can carry the built-in fields too.
  const values = c.custom;
  values.first_name = c.firstName;
  values.last_name = c.lastName;
  values.name = contactName(c);
  values.phone = c.e164;
  values.email = c.email;
  values.company = c.company;
  return values;
}

/**
 * Resolves what the user picked. A contact reached twice (two groups) counts once, silently; a typed number that
 * repeats one already in the list is listed as a duplicate, because the gateway refuses a request naming a
 * number twice and the user should see why their count is lower.
 */
export function resolveRecipients(spec: RecipientSpec, dir: ContactDirectory): Resolution {
  const list = new ContactList();
  for (const c of dir.contacts(spec)) list.add(c);
  return finish(list, spec, dir);
}

/** Contacts resolved between two turns of the event loop by resolveRecipientsInTurns, at most. */
export const RESOLVE_SLICE = 2_000;

/** How often (in contacts) resolveRecipientsInTurns looks at the time. */
const LOOK_EVERY = 100;

/**
 * The same resolution, letting the event loop turn after every RESOLVE_SLICE contacts, or sooner once it has held
 * the loop for SLICE_BUDGET_MS (issue 30.3: 100,000 contacts held every other call for two seconds; 2,000 contacts
 * and a page read took over 100 ms on a loaded machine). The directory must not keep a statement open between the
 * contacts it hands out (SqlContactDirectory reads pages), or the calls let in between would find the connection busy.
 */
export async function resolveRecipientsInTurns(spec: RecipientSpec, dir: ContactDirectory, slice = RESOLVE_SLICE): Promise<Resolution> {
  const list = new ContactList();
  const budget = turnBudget();
  let n = 0;
  for (const c of dir.contacts(spec)) {
    list.add(c);
    if (++n % slice === 0 || (n % LOOK_EVERY === 0 && budget.spent())) await budget.turn();
  }
  await budget.turn();
  return finishInTurns(list, spec, dir);
}

/** The contacts reached so far, each once, and each number once. */
class ContactList {
  readonly recipients: ResolvedRecipient[] = [];
  readonly byMsisdn = new Map<number, ResolvedRecipient>();
  private readonly seenContacts = new Set<number>();

  add(c: DirectoryContact): void {
    if (this.seenContacts.has(c.id)) return;
    this.seenContacts.add(c.id);
    if (this.byMsisdn.has(c.msisdn)) return;
    const r: ResolvedRecipient = { msisdn: c.msisdn, contactId: c.id, name: contactName(c) || null, values: contactValues(c) };
    this.byMsisdn.set(c.msisdn, r);
    this.recipients.push(r);
  }
}

/** Typed numbers added to the contacts' list, then opted-out numbers left out. */
function finish(list: ContactList, spec: RecipientSpec, dir: ContactDirectory): Resolution {
  const exclusions = addTypedNumbers(list, spec, dir);
  return withoutOptedOut(list.recipients, dir.optedOut(list.recipients.map((r) => r.msisdn)), exclusions);
}

/** Numbers whose opt-out is looked up per statement by finishInTurns, the loop turning between two. */
const OPT_OUT_SLICE = 5_000;

/**
 * finish with the opt-outs looked up a slice at a time (issue 30.3: 100,000 at once held the loop 25–30 ms). A send
 * reads them after its consent mark, so an opt-out recorded between two slices is caught at the freeze (send.ts).
 */
async function finishInTurns(list: ContactList, spec: RecipientSpec, dir: ContactDirectory): Promise<Resolution> {
  const exclusions = addTypedNumbers(list, spec, dir);
  const { recipients } = list;
  const optedOut = new Set<number>();
  for (let i = 0; i < recipients.length; i += OPT_OUT_SLICE) {
    if (i > 0) await nextTurn();
    for (const m of dir.optedOut(recipients.slice(i, i + OPT_OUT_SLICE).map((r) => r.msisdn))) optedOut.add(m);
  }
  return withoutOptedOut(recipients, optedOut, exclusions);
}

/** Typed numbers added to the contacts' list (each once); what could not be added, as exclusions. */
function addTypedNumbers(list: ContactList, spec: RecipientSpec, dir: ContactDirectory): Exclusion[] {
  const { recipients, byMsisdn } = list;
  const exclusions: Exclusion[] = [];
  if (spec.numbers.length === 0) return exclusions;
  const country = dir.defaultCountry();
  const parsed: { raw: string; msisdn: number }[] = [];
  for (const raw of spec.numbers) {
    const label = raw.trim();
    if (label === '') continue;
    const p = normalisePhone(label, country);
    if (!p.ok) {
      exclusions.push({ label, msisdn: null, contactId: null, reason: 'invalid', detail: phoneRejectionMessage(p.reason) });
    } else {
      parsed.push({ raw: label, msisdn: p.msisdn });
    }
  }
  const known = dir.byMsisdn([...new Set(parsed.map((p) => p.msisdn))]);
  for (const p of parsed) {
    const already = byMsisdn.get(p.msisdn);
    if (already) {
      const as = already.name ?? formatPhone(`+${already.msisdn}`);
      exclusions.push({ label: p.raw, msisdn: p.msisdn, contactId: null, reason: 'duplicate', detail: `Already in the list as ${as}.` });
      continue;
    }
    const c = known.get(p.msisdn);
    const r: ResolvedRecipient = c
      ? { msisdn: p.msisdn, contactId: c.id, name: contactName(c) || null, values: contactValues(c) }
      : { msisdn: p.msisdn, contactId: null, name: null, values: { phone: `+${p.msisdn}` } };
    byMsisdn.set(p.msisdn, r);
    recipients.push(r);
  }
  return exclusions;
}

/** The recipients less the opted-out numbers, each of those an exclusion listed before the others. */
function withoutOptedOut(recipients: ResolvedRecipient[], optedOut: ReadonlySet<number>, exclusions: Exclusion[]): Resolution {
  if (optedOut.size === 0) return { recipients, exclusions };
  const kept: ResolvedRecipient[] = [];
  const out: Exclusion[] = [];
  for (const r of recipients) {
    if (optedOut.has(r.msisdn)) {
      out.push({
        label: r.name ?? formatPhone(`+${r.msisdn}`),
        msisdn: r.msisdn,
        contactId: r.contactId,
        reason: 'opted_out',
        detail: 'This number has opted out of messages.',
      });
    } else {
      kept.push(r);
    }
  }
  return { recipients: kept, exclusions: [...out, ...exclusions] };
}
