// What a new automation of each kind starts as: the spec's neutral choices (every Monday at 10:00, on the day at
// 09:00, a reply at most once a day…) and an empty message on the legacy interface. The user fills in the rest.
import {
  DEFAULT_TIME_ZONE,
  type AutomationDraft,
  type AutomationKind,
  type AutomationMessage,
  type AutomationSpec,
  type RecipientSpec,
} from '../../src-shared/contract';

export const noRecipients = (): RecipientSpec => ({ contactIds: [], groupIds: [], searches: [], numbers: [] });

export const blankMessage = (sender = ''): AutomationMessage => ({
  channel: 'legacy',
  sender,
  text: '',
  fallbacks: {},
  options: { label: '', priority: 'normal', validitySeconds: null, messageClass: 'standard', flash: false },
});

/** A calendar day as YYYY-MM-DD in the computer's own zone (the start date a user means by "today"). */
export function localToday(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

export function blankSpec(kind: AutomationKind, today = localToday()): AutomationSpec {
  switch (kind) {
    case 'recurring':
      return {
        kind,
        recurrence: { every: 'week', interval: 1, weekdays: ['mo'] },
        time: '10:00',
        startDate: today,
        end: { kind: 'never' },
        recipients: noRecipients(),
        resolve: 'each_run',
      };
    case 'date_field':
      return { kind, field: '', offset: { direction: 'on', amount: 0, unit: 'days' }, time: '09:00', repeat: 'yearly', recipients: noRecipients() };
    case 'keyword':
      return { kind, keywords: [], fallback: false, frequency: { kind: 'period', hours: 24 }, addToGroupId: null, optIn: false };
    case 'welcome':
      // 0 is "no group chosen yet": the editor asks for one before saving.
      return { kind, groupId: 0 };
  }
}

export function blankDraft(kind: AutomationKind, sender = ''): AutomationDraft {
  return { name: '', timeZone: DEFAULT_TIME_ZONE, spec: blankSpec(kind), message: blankMessage(sender) };
}

/**
 * The spec of another kind, keeping what carries over (the recipients between recurring and date-field), so
 * changing the kind in the editor loses as little as possible.
 */
export function switchKind(spec: AutomationSpec, kind: AutomationKind): AutomationSpec {
  if (spec.kind === kind) return spec;
  const next = blankSpec(kind);
  if ((next.kind === 'recurring' || next.kind === 'date_field') && (spec.kind === 'recurring' || spec.kind === 'date_field')) {
    return { ...next, recipients: spec.recipients };
  }
  return next;
}
