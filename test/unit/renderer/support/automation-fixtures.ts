// Automations as the core would report them, for store and view tests: a saved automation, its next sends, a line of
// its history and a settings view in either mode, each with what a test changes.
import type { Automation, AutomationDraft, HistoryItem, Mode, NextSends, SettingsView } from '../../../../src-shared/contract';
import { DEFAULT_SETTINGS } from '../../../../src-main/core/settings/store';

export const recurringDraft = (patch: Partial<AutomationDraft> = {}): AutomationDraft => ({
  name: 'Weekly news',
  timeZone: 'Europe/Copenhagen',
  spec: {
    kind: 'recurring',
    recurrence: { every: 'week', interval: 1, weekdays: ['mo'] },
    time: '10:00',
    startDate: '2026-12-01',
    end: { kind: 'never' },
    recipients: { contactIds: [], groupIds: [3], searches: [], numbers: [] },
    resolve: 'each_run',
  },
  message: {
    channel: 'legacy',
    sender: 'Shop',
    text: 'News this week',
    fallbacks: {},
    options: { label: '', priority: 'normal', validitySeconds: null, messageClass: 'standard', flash: false },
  },
  ...patch,
});

export type AutomationPatch = Omit<Partial<Automation>, 'counts'> & { counts?: Partial<Automation['counts']> };

export function automation(patch: AutomationPatch = {}): Automation {
  return {
    id: 1,
    state: 'draft',
    draft: recurringDraft(),
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
    activatedAt: null,
    lastRunAt: null,
    nextRunAt: null,
    attention: null,
    attentionCode: null,
    ...patch,
    counts: { sent: 0, held: 0, missed: 0, notWithdrawn: 0, replies: 0, ...patch.counts },
  };
}

export function nextSends(patch: Partial<NextSends> = {}): NextSends {
  return {
    occurrences: [
      { at: '2026-12-07T09:00:00.000Z', local: '2026-12-07T10:00', recipients: 120, parts: 120, cost: 36, currency: 'DKK' },
      { at: '2026-12-14T09:00:00.000Z', local: '2026-12-14T10:00', recipients: 121, parts: 121, cost: 36.3, currency: 'DKK' },
    ],
    perMessage: null,
    problems: [],
    unreadable: { total: 0, examples: [] },
    ...patch,
  };
}

/** A sent run as an entry of the automation's history (its campaign 40 + id). */
export function historyRun(id: number, patch: Partial<HistoryItem> = {}): HistoryItem {
  return {
    id,
    kind: 'run',
    at: '2026-12-07T09:00:00.000Z',
    recordedAt: '2026-12-07T09:00:05.000Z',
    state: 'sent',
    recipients: 120,
    contactId: null,
    name: null,
    msisdn: null,
    campaignId: 40 + id,
    reason: null,
    reasonCode: null,
    cause: null,
    again: false,
    ...patch,
  };
}

export function settingsView(mode: Mode = 'sandbox', check: SettingsView['connection']['check'] = { result: mode === 'live' ? 'connected' : 'untested', at: null, error: null }): SettingsView {
  return {
    settings: { ...DEFAULT_SETTINGS, defaultSender: 'Shop' },
    connection: { mode, reason: '', hasToken: { default: mode === 'live', eu: false }, keychain: { kind: 'keychain' }, check },
  };
}
