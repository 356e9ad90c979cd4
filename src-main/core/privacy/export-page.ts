// The data export as one self-contained HTML page (issue 28 point 9): readable by the customer in any browser and
// printable, with no zip, no script and nothing fetched; every value escaped. In the language the owner asked for.
import { formatPhone } from '../../../src-shared/phone';
import type { PersonData } from './person-data';

const WORDS = {
  en: {
    title: 'Your data held by',
    intro: 'Everything this shop\'s Besked holds about the phone number {number}, as of {at} (UTC).',
    contact: 'Contact',
    noContact: 'This number belongs to no contact.',
    name: 'Name', phone: 'Phone', email: 'Email', company: 'Company', notes: 'Notes', groups: 'Groups', created: 'Added', updated: 'Last changed',
    consent: 'Consent', optedOut: 'Opted out ({source}, by {by}, {at}): receives no texts.', notOptedOut: 'Not opted out.',
    action: 'Action', source: 'How', by: 'By', note: 'Note', at: 'When',
    sent: 'Texts sent to you', campaign: 'Campaign or reply', automation: 'Automation', text: 'Text', state: 'State', status: 'Delivery status', parts: 'SMS parts', cost: 'Cost', history: 'Status history',
    received: 'Texts from you', sentAt: 'Sent', receivedAt: 'Received', readAt: 'Read', keyword: 'Opt-out word', autoReply: 'Automatic answer',
    excluded: 'Left out of campaigns', reason: 'Why',
    inbox: 'The shop\'s notes and assignment', author: 'Written by', assigned: 'Assigned to', assignedBy: 'Assigned by', mode: 'Gateway',
    none: 'None.',
  },
  da: {
    title: 'Dine data hos',
    intro: 'Alt hvad denne butiks Besked har om telefonnummeret {number}, pr. {at} (UTC).',
    contact: 'Kontakt',
    noContact: 'Nummeret hører ikke til nogen kontakt.',
    name: 'Navn', phone: 'Telefon', email: 'E-mail', company: 'Firma', notes: 'Noter', groups: 'Grupper', created: 'Tilføjet', updated: 'Sidst ændret',
    consent: 'Samtykke', optedOut: 'Afmeldt ({source}, af {by}, {at}): modtager ingen beskeder.', notOptedOut: 'Ikke afmeldt.',
    action: 'Handling', source: 'Hvordan', by: 'Af', note: 'Note', at: 'Hvornår',
    sent: 'Beskeder sendt til dig', campaign: 'Kampagne eller svar', automation: 'Automatisering', text: 'Tekst', state: 'Tilstand', status: 'Leveringsstatus', parts: 'Sms-dele', cost: 'Pris', history: 'Statushistorik',
    received: 'Beskeder fra dig', sentAt: 'Sendt', receivedAt: 'Modtaget', readAt: 'Læst', keyword: 'Afmeldingsord', autoReply: 'Automatisk svar',
    excluded: 'Udeladt af kampagner', reason: 'Hvorfor',
    inbox: 'Butikkens noter og tildeling', author: 'Skrevet af', assigned: 'Tildelt', assignedBy: 'Tildelt af', mode: 'Gateway',
    none: 'Ingen.',
  },
} as const;
export type ExportLanguage = keyof typeof WORDS;
type Words = (typeof WORDS)[ExportLanguage];

const escape = (v: unknown): string =>
  String(v ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const fill = (s: string, p: Record<string, string>) => s.replace(/\{(\w+)\}/g, (_, k: string) => escape(p[k]));

function table(w: Words, head: readonly string[], rows: readonly (readonly unknown[])[]): string {
  if (rows.length === 0) return `<p class="none">${escape(w.none)}</p>`;
  const th = head.map((h) => `<th>${escape(h)}</th>`).join('');
  const trs = rows.map((r) => `<tr>${r.map((c) => `<td>${escape(c)}</td>`).join('')}</tr>`).join('\n');
  return `<table><thead><tr>${th}</tr></thead><tbody>\n${trs}\n</tbody></table>`;
}

export function exportPage(d: PersonData, shop: string, at: string, lang: ExportLanguage): string {
  const w = WORDS[lang];
  const number = formatPhone(d.person.e164);
  const contacts = d.contacts.length
    ? d.contacts
        .map((c) =>
          table(w, [w.contact, ''], [
            [w.name, `${c.firstName} ${c.lastName}`.trim()],
            [w.phone, formatPhone(c.e164)],
            [w.email, c.email],
            [w.company, c.company],
            ...c.custom.map((f) => [f.label, f.value]),
            [w.notes, c.notes],
            [w.groups, c.groups.join(', ')],
            [w.created, c.createdAt],
            [w.updated, c.updatedAt],
          ]),
        )
        .join('\n')
    : `<p>${escape(w.noContact)}</p>`;
  const optOut = d.optedOut ? fill(w.optedOut, { source: d.optedOut.source, by: d.optedOut.by, at: d.optedOut.at }) : escape(w.notOptedOut);
  const sections = [
    `<h2>${escape(w.contact)}</h2>\n${contacts}`,
    `<h2>${escape(w.consent)}</h2>\n<p>${optOut}</p>\n${table(w, [w.action, w.source, w.by, w.note, w.at], d.consent.map((c) => [c.action, c.source, c.by, c.note, c.at]))}`,
    `<h2>${escape(w.sent)}</h2>\n${table(
      w,
      [w.at, w.campaign, w.automation, w.text, w.state, w.status, w.parts, w.cost, w.history],
      d.sent.map((s) => [s.sentAt, s.campaign || s.kind, s.automation ?? '', s.text, s.state, s.status ? `${s.status} ${s.statusAt ?? ''}`.trim() : '', s.parts, s.cost === null ? '' : `${s.cost} ${s.currency ?? ''}`.trim(), s.statuses.map((x) => `${x.status} ${x.at}`).join('; ')]),
    )}`,
    `<h2>${escape(w.received)}</h2>\n${table(w, [w.sentAt, w.text, w.receivedAt, w.readAt, w.keyword, w.autoReply], d.received.map((r) => [r.sentAt, r.text, r.receivedAt, r.readAt ?? '', r.optOutKeyword ?? '', r.autoReply ?? '']))}`,
    `<h2>${escape(w.excluded)}</h2>\n${table(w, [w.campaign, w.reason, w.note], d.excluded.map((e) => [e.campaign, e.reason, e.detail]))}`,
    `<h2>${escape(w.inbox)}</h2>\n${table(w, [w.at, w.author, w.note, w.mode], d.notes.map((n) => [n.at, n.author, n.text, n.mode]))}\n${table(
      w,
      [w.assigned, w.assignedBy, w.at, w.mode],
      d.assignments.map((a) => [a.user, a.by, a.at, a.mode]),
    )}`,
  ];
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(`${w.title} ${shop}: ${number}`)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:70rem;margin:2rem auto;padding:0 1rem;color:#222}table{border-collapse:collapse;width:100%;margin:.5rem 0 1.5rem}th,td{border:1px solid #ccc;padding:.3rem .5rem;text-align:left;vertical-align:top;white-space:pre-wrap}th{background:#f3f3f3}.none{color:#666}</style>
</head><body>
<h1>${escape(`${w.title} ${shop}`)}</h1>
<p>${fill(w.intro, { number, at })}</p>
${sections.join('\n')}
</body></html>
`;
}
