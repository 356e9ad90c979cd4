// What an automation's rule must satisfy before it is saved or switched on: a time zone luxon knows, a field and
// groups that exist, a text, and keywords that are not opt-out words nor another active rule's.
import type { AutomationDraft } from '../../../src-shared/contract/automations';
import { coded, type Coded } from '../../../src-shared/error-codes';
import { isKeywordAllowed, normaliseKeyword } from '../../../src-shared/automations/keyword-match';
import { isKnownTimeZone } from '../../../src-shared/automations/wall-time';
import type { Db } from '../db/database';
import { BeskedError } from '../errors';
import type { AutomationRow } from './automation-store';

export interface DraftProblem {
  path: (string | number)[];
  message: string;
  code: Coded;
}

export interface CheckContext {
  db: Db;
  /** The settings' opt-out words (STOP, STOPP and AFMELD are refused whatever they say). */
  optOutWords: () => readonly string[];
  /** Switched-on automations, for keyword clashes. */
  active: () => AutomationRow[];
}

/** The rule's own problems: what makes it unsaveable whether or not it is switched on. */
export function draftProblems(d: AutomationDraft, ctx: CheckContext): DraftProblem[] {
  const out: DraftProblem[] = [];
  const add = (path: (string | number)[], message: string, code: Coded) => out.push({ path, message, code });
  if (!isKnownTimeZone(d.timeZone)) {
    add(['timeZone'], `Besked does not know the time zone "${d.timeZone}".`, coded('automation.badTimeZone', { zone: d.timeZone }));
  }
  if (d.message.text.trim() === '') add(['message', 'text'], 'Write the text the automation sends.', coded('automation.emptyText'));
  const groupExists = (id: number) => ctx.db.prepare('SELECT 1 FROM contact_groups WHERE id = ?').get(id) !== undefined;
  const unknownGroup = (path: (string | number)[]) => add(path, 'The chosen group no longer exists.', coded('automation.unknownGroup'));
  const spec = d.spec;
  if (spec.kind === 'recurring' || spec.kind === 'date_field') {
    spec.recipients.groupIds.forEach((g, i) => {
      if (!groupExists(g)) unknownGroup(['spec', 'recipients', 'groupIds', i]);
    });
  }
  if (spec.kind === 'date_field' && ctx.db.prepare('SELECT 1 FROM contact_fields WHERE key = ?').get(spec.field) === undefined) {
    add(['spec', 'field'], `The contacts have no field "${spec.field}".`, coded('automation.unknownField', { field: spec.field }));
  }
  if (spec.kind === 'welcome' && !groupExists(spec.groupId)) unknownGroup(['spec', 'groupId']);
  if (spec.kind === 'keyword') {
    if (spec.addToGroupId !== null && !groupExists(spec.addToGroupId)) unknownGroup(['spec', 'addToGroupId']);
    if (spec.keywords.length === 0 && !spec.fallback) {
      add(['spec', 'keywords'], 'Give the rule at least one keyword, or make it the rule for anything else.', coded('automation.noKeywords'));
    }
    spec.keywords.forEach((k, i) => {
      if (!isKeywordAllowed(k, ctx.optOutWords())) {
        add(['spec', 'keywords', i], `"${k}" is an opt-out word and cannot start an auto-reply.`, coded('automation.keywordIsOptOut', { keyword: k }));
      }
    });
  }
  return out;
}

/** Clashes with other switched-on keyword rules: one rule per keyword, one fallback. Checked when it is (or goes) on. */
export function clashProblems(id: number | null, d: AutomationDraft, ctx: CheckContext): DraftProblem[] {
  const spec = d.spec;
  if (spec.kind !== 'keyword') return [];
  const out: DraftProblem[] = [];
  const others = ctx.active().filter((a) => a.id !== id && a.draft.spec.kind === 'keyword');
  const owner = new Map<string, string>();
  for (const a of others) {
    if (a.draft.spec.kind !== 'keyword') continue;
    for (const k of a.draft.spec.keywords) owner.set(normaliseKeyword(k), a.draft.name);
  }
  spec.keywords.forEach((k, i) => {
    const name = owner.get(normaliseKeyword(k));
    if (name !== undefined) {
      out.push({ path: ['spec', 'keywords', i], message: `The keyword "${k}" is already used by the active rule "${name}".`, code: coded('automation.keywordTaken', { keyword: k, name }) });
    }
  });
  const fallback = spec.fallback ? others.find((a) => a.draft.spec.kind === 'keyword' && a.draft.spec.fallback) : undefined;
  if (fallback) {
    out.push({ path: ['spec', 'fallback'], message: `The active rule "${fallback.draft.name}" already answers anything else.`, code: coded('automation.fallbackTaken', { name: fallback.draft.name }) });
  }
  return out;
}

/** Refuses with the first problem's words and code, naming every field that is wrong. */
export function refuse(problems: readonly DraftProblem[]): void {
  const first = problems[0];
  if (!first) return;
  const kind = first.code.code === 'automation.keywordTaken' || first.code.code === 'automation.fallbackTaken' ? 'conflict' : 'validation';
  throw new BeskedError(kind, first.message, {
    fields: problems.map((p) => ({ path: ['draft', ...p.path], message: p.message })),
    ...first.code,
  });
}
