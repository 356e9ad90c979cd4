// The automations.* contract calls over the store, the checks, the due index, next sends and history. Switching
// off, editing and deleting ask the runner (hooks) to withdraw what it handed to the gateway ahead.
import type { AutomationDraft, DomainCallName, RecipientSpec, Settings } from '../../../src-shared/contract';
import type { CampaignsModule } from '../campaigns';
import type { Handlers } from '../dispatch';
import type { EventBus } from '../events';
import type { Mode } from '../pricing/price-book';
import { clashProblems, draftProblems, refuse, type CheckContext } from './automation-checks';
import type { AutomationRow, AutomationStore } from './automation-store';
import type { AutomationViews } from './automation-view';
import type { DueIndex } from './due-index';
import type { AutomationHistory } from './history';
import type { AutomationHooks } from './index';
import { campaignDraft, type NextSendsService } from './next-sends';

export interface AutomationHandlerDeps {
  store: AutomationStore;
  views: AutomationViews;
  due: DueIndex;
  nextSends: NextSendsService;
  history: AutomationHistory;
  checks: CheckContext;
  events: EventBus;
  settings: () => Settings;
  mode: () => Promise<Mode>;
  campaigns: () => CampaignsModule;
  hooks: AutomationHooks;
}

const NAME_MAX = 120;

/** A copy's name: "<name> (copy)", shortened so it still fits the name's limit. */
export function copyName(name: string): string {
  const tail = ' (copy)';
  return name.slice(0, NAME_MAX - tail.length) + tail;
}

export function automationHandlers(d: AutomationHandlerDeps): Pick<Handlers, DomainCallName<'automations'>> {
  const { store, views, due, hooks } = d;
  const changed = (...ids: number[]) => d.events.emit('automations.changed', { ids });

  /**
   * A frozen recurring rule keeps the list as it was when switched on: its groups and searches become the contact
   * ids they held then (typed numbers of no contact stay typed numbers).
   */
  const freezeRecipients = (draft: AutomationDraft): AutomationDraft => {
    const spec = draft.spec;
    if (spec.kind !== 'recurring' || spec.resolve !== 'frozen') return draft;
    const resolution = d.campaigns().preview.resolve(campaignDraft(draft, spec.recipients), true);
    const recipients: RecipientSpec = {
      contactIds: resolution.recipients.flatMap((r) => (r.contactId === null ? [] : [r.contactId])),
      groupIds: [],
      searches: [],
      numbers: resolution.recipients.flatMap((r) => (r.contactId === null ? [`+${r.msisdn}`] : [])),
    };
    return { ...draft, spec: { ...spec, recipients } };
  };

  /** After a switched-on rule changed: its due index anew, then the runner withdraws and plans again. */
  const afterChange = async (row: AutomationRow, why: 'updated' | 'paused'): Promise<{ withdrawn: number; notWithdrawn: number }> => {
    due.rebuild(row);
    const counts = await hooks.onChanged(row.id, why);
    if (row.state === 'active') hooks.wake();
    return counts;
  };

  return {
    'automations.list': () => ({ automations: views.many(store.list()) }),

    'automations.get': ({ id }) => views.one(store.require(id)),

    'automations.create': ({ draft }) => {
      refuse(draftProblems(draft, d.checks));
      const row = store.insert(draft);
      changed(row.id);
      return views.one(row);
    },

    'automations.update': async ({ id, draft }) => {
      const before = store.require(id);
      refuse([...draftProblems(draft, d.checks), ...(before.state === 'active' ? clashProblems(id, draft, d.checks) : [])]);
      // A frozen rule edited while on keeps a frozen list: the one the edit names, resolved now.
      const row = store.replaceDraft(id, before.state === 'active' ? freezeRecipients(draft) : draft);
      // The editor's toast says how many handed-over texts the edit took back (they go out again with the new text).
      const counts = row.state === 'draft' ? { withdrawn: 0, notWithdrawn: 0 } : await afterChange(row, 'updated');
      changed(id);
      return { automation: views.one(store.require(id)), ...counts };
    },

    'automations.activate': async ({ id, liveAcknowledged }) => {
      const before = store.require(id);
      if (before.state === 'active') return views.one(before);
      refuse([...draftProblems(before.draft, d.checks), ...clashProblems(id, before.draft, d.checks)]);
      // Switching on is the user's go-ahead for every run it will send, so it carries the first-live warning.
      d.campaigns().firstLive.check(await d.mode(), liveAcknowledged ?? false);
      const row = store.activate(id, freezeRecipients(before.draft));
      const skipped = before.state === 'paused' ? await hooks.onResumed(before) : null;
      due.rebuild(row);
      hooks.wake();
      changed(id);
      return skipped === null ? views.one(row) : { ...views.one(row), skippedWhilePaused: skipped };
    },

    'automations.pause': async ({ id }) => {
      const before = store.require(id);
      if (before.state !== 'active') return { automation: views.one(before), withdrawn: 0, notWithdrawn: 0 };
      const row = store.pause(id);
      const counts = await afterChange(row, 'paused');
      changed(id);
      return { automation: views.one(store.require(id)), ...counts };
    },

    'automations.duplicate': ({ id }) => {
      const from = store.require(id);
      const row = store.insert({ ...from.draft, name: copyName(from.draft.name) });
      changed(row.id);
      return views.one(row);
    },

    'automations.delete': async ({ id }) => {
      const row = store.require(id);
      // Withdrawn first, while the runner can still read the rule it withdraws for.
      const { notWithdrawn } = row.state === 'draft' ? { notWithdrawn: 0 } : await hooks.onChanged(id, 'deleted');
      store.delete(id);
      changed(id);
      return { notWithdrawn };
    },

    'automations.preview': async ({ draft, id }) => {
      const row = id === undefined ? null : (store.get(id) ?? null);
      const checks = [...draftProblems(draft, d.checks), ...clashProblems(row?.id ?? null, draft, d.checks)];
      return d.nextSends.preview(draft, checks, row?.state === 'active' ? row : null);
    },

    'automations.history': ({ id, beforeId, limit }) => {
      const row = store.require(id);
      return d.history.page(id, row.kind, beforeId, limit);
    },
  };
}
