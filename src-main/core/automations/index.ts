// Automations as a module of the core: recurring campaigns, date-field messages, keyword auto-replies and welcome
// texts. An automation is a source of campaigns and replies: every send goes through the campaigns' outbox.
// Exports the automations.* handlers and the runner's lifecycle.
import type { DomainCallName, Settings } from '../../../src-shared/contract';
import type { Db } from '../db/database';
import type { Handlers } from '../dispatch';
import type { EventBus } from '../events';
import type { Logger } from '../log';
import type { Mode } from '../pricing/price-book';
import type { CampaignsModule } from '../campaigns';
import type { ReplyRequest } from '../inbox/reply';
import { AutomationStore } from './automation-store';
import { AutomationViews } from './automation-view';
import { DueIndex } from './due-index';
import { automationHandlers } from './handlers';
import { AutomationHistory } from './history';
import { NextSendsService, nextRunAt } from './next-sends';
import { createRunner } from './runner-wiring';
import type { GatewayClient } from '../gateway';

export interface AutomationsModuleOptions {
  db: Db;
  events: EventBus;
  log: Logger;
  settings: () => Settings;
  mode: () => Promise<Mode>;
  /** The campaigns' services: a run is a campaign frozen and sent by their sender and outbox. */
  campaigns: () => CampaignsModule;
  /** Writes a reply through the inbox's reply path (one outbox); `record` runs inside its transaction. */
  reply: (req: ReplyRequest) => Promise<{ campaignId: number; recipientId: number }>;
  /**
   * The automations' clock: the test gateway's clock in sandbox mode (so moving it makes runs fall due), the
   * computer's otherwise. Tests pass the simulator's.
   */
  now: () => number;
  /** Withdraws a run's messages handed to the gateway ahead (DELETE /rest/mtsms/{id}). */
  gateway: () => Pick<GatewayClient, 'deleteScheduled'>;
}

export interface AutomationsModule {
  handlers: Pick<Handlers, DomainCallName<'automations'>>;
  /** Looks for due work now and then on its timer. */
  start(): void;
  stop(): Promise<void>;
  /** Look for due runs now (the test gateway's clock moved). */
  wake(): void;
  /** Resolves when the runner's work queued so far is done (tests step the clock with it). */
  idle(): Promise<void>;
}

/** What the runner does when the user changes a switched-on automation (handed-over sends withdrawn, runs planned again). */
export interface AutomationHooks {
  onChanged(id: number, why: 'updated' | 'paused' | 'deleted'): Promise<{ notWithdrawn: number }>;
  /** Something may be due now (switched on, edited): look at once instead of at the next tick. */
  wake(): void;
}

export function createAutomationsModule(o: AutomationsModuleOptions): AutomationsModule {
  const store = new AutomationStore(o.db, o.now);
  const due = new DueIndex(o.db, o.now);
  const runner = createRunner(o, store, due);
  const hooks: AutomationHooks = runner.hooks;
  const nextSends = new NextSendsService({ db: o.db, preview: () => o.campaigns().preview, now: o.now });
  const views = new AutomationViews(o.db, (row) => nextRunAt(row, { due, nextSends, now: o.now }));
  const handlers = automationHandlers({
    store,
    views,
    due,
    nextSends,
    history: new AutomationHistory(o.db),
    checks: { db: o.db, optOutWords: () => o.settings().optOutKeywords, active: () => store.active() },
    events: o.events,
    settings: o.settings,
    mode: o.mode,
    campaigns: o.campaigns,
    hooks,
  });
  // Contacts changed while the last run had no time to follow them (a crash between the write and its event).
  due.applyChangedContacts(store.active('date_field'));
  const unsubscribe = o.events.subscribe((m) => {
    // Contacts came, went or changed: the due index works out again the ones schema 12's triggers marked.
    if (m.name !== 'contacts.changed') return;
    const ids = due.applyChangedContacts(store.active('date_field'));
    if (ids.length) o.events.emit('automations.changed', { ids });
  });
  return {
    handlers,
    start: () => runner.start(),
    async stop() {
      unsubscribe();
      await runner.stop();
    },
    wake: () => runner.hooks.wake(),
    idle: () => runner.idle(),
  };
}
