// What the editor asks for before it saves: the fields a user must fill in, as i18n keys beside the field they
// belong to. Only what the form itself can see (an empty name, no weekday, no group); whether a time zone, field,
// group or keyword is acceptable is the core's answer (preview problems and refusals).
import { KeywordText, type AutomationDraft } from '../../src-shared/contract';

export type DraftField = 'name' | 'text' | 'recipients' | 'weekdays' | 'end' | 'field' | 'keywords' | 'group';

export interface DraftIssue {
  field: DraftField;
  /** An i18n key under automations.check. */
  key: string;
  params?: Record<string, string | number>;
}

const hasRecipients = (r: { contactIds: unknown[]; groupIds: unknown[]; searches: unknown[]; numbers: unknown[] }) =>
  r.contactIds.length + r.groupIds.length + r.searches.length + r.numbers.length > 0;

/** Keywords compared the way a user reads them: case and accents aside. */
const foldKeyword = (w: string) => w.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();

export function draftIssues(d: AutomationDraft): DraftIssue[] {
  const out: DraftIssue[] = [];
  const add = (field: DraftField, key: string, params?: DraftIssue['params']) => out.push({ field, key: `automations.check.${key}`, ...(params ? { params } : {}) });
  if (d.name.trim() === '') add('name', 'name');
  const s = d.spec;
  switch (s.kind) {
    case 'recurring':
      if (!hasRecipients(s.recipients)) add('recipients', 'recipients');
      if (s.recurrence.every === 'week' && s.recurrence.weekdays.length === 0) add('weekdays', 'weekdays');
      if (s.end.kind === 'on' && s.end.date < s.startDate) add('end', 'endBeforeStart');
      break;
    case 'date_field':
      if (s.field === '') add('field', 'field');
      break;
    case 'keyword': {
      if (s.keywords.length === 0 && !s.fallback) add('keywords', 'keywords');
      const seen = new Set<string>();
      for (const k of s.keywords) {
        if (!KeywordText.safeParse(k).success) add('keywords', 'keywordOneWord', { word: k });
        const f = foldKeyword(k);
        if (seen.has(f)) add('keywords', 'keywordTwice', { word: k });
        seen.add(f);
      }
      break;
    }
    case 'welcome':
      if (s.groupId <= 0) add('group', 'group');
      break;
  }
  if (d.message.text.trim() === '') add('text', 'text');
  return out;
}
