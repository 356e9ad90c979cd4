// Automations as a module of the core: recurring campaigns, date-field messages, keyword auto-replies and welcome
// texts. An automation is a source of campaigns and replies: every send goes through the campaigns' outbox.
// Exports the automations.* handlers and the runner's lifecycle.
import type { DomainCallName, SentAnyway, Settings } from '../../../src-shared/contract';
import type { Db } from '../db/database';
import type { Handlers } from '../dispatch';
import type { EventBus } from '../events';
import type { Logger } from '../log';
import type { Mode } from '../pricing/price-book';
import type { CampaignsModule } from '../campaigns';
import type { ReplyRequest } from '../inbox/reply';
import { AutomationStore, type AutomationRow } from './automation-store';
import { AutomationViews } from './automation-view';
import { DueIndex } from './due-index';
import { automationHandlers } from './handlers';
import { AutomationHistory } from './history';
import { NextSendsService, nextRunAt } from './next-sends';
import type { StoredInbound } from '../inbox/inbound-store';
import { AutoReplies } from './auto-reply';
import { WelcomeTexts } from './welcome';
import { OccurrenceLog } from './occurrence-log';
import { createRunner } from './runner-wiring';
import type { GatewayClient } from '../gateway';
import type { ErrorCode } from '../../../src-shared/error-codes';
import { sendAnyway } from './send-anyway';

/** How often the welcome queue is looked at besides the contacts' events (a join the events did not name). */
const REPLIES_TICK_MS = 30_000;

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
  /** The inbox stored new texts (after acting on opt-outs): keyword rules answer them. */
  afterStored(added: readonly StoredInbound[]): void;
  /** Look for due runs now (the test gateway's clock moved). */
  wake(): void;
  /** Resolves when the runner's work queued so far is done (tests step the clock with it). */
  idle(): Promise<void>;
  /** Sends a run recorded as missed for `reason` because the user chose to; null when it is not (or no longer) one. */
  sendAnyway(rowId: number, reason: ErrorCode): Promise<SentAnyway | null>;
}

/** What the runner does when the user changes a switched-on automation (handed-over sends withdrawn, runs planned again). */
export interface AutomationHooks {
  /** withdrawn: texts handed to the gateway ahead that were taken back; notWithdrawn: those that could not be. */
  onChanged(id: number, why: 'updated' | 'paused' | 'deleted'): Promise<{ withdrawn: number; notWithdrawn: number }>;
  /** A paused rule was switched on again: the runs it was due to send meanwhile are listed as skipped (how many). */
  onResumed(paused: AutomationRow): Promise<number>;
  /** Something may be due now (switched on, edited): look at once instead of at the next tick. */
  wake(): void;
}

export function createAutomationsModule(o: AutomationsModuleOptions): AutomationsModule {
  const store = new AutomationStore(o.db, o.now);
  const due = new DueIndex(o.db, o.now);
  const runner = createRunner(o, store, due);
  const hooks: AutomationHooks = runner.hooks;
  const nextSends = new NextSendsService({ db: o.db, preview: () => o.campaigns().preview, now: o.now });
  const views = new AutomationViews(o.db, (row) => nextRunAt(row, { db: o.db, due, nextSends, now: o.now }));
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
  // Keyword auto-replies and welcome texts: told by the inbox and the contacts' events, and looking on their own at start.
  const welcome = new WelcomeTexts({
    db: o.db,
    events: o.events,
    settings: o.settings,
    campaigns: o.campaigns,
    log: new OccurrenceLog(o.db, o.now),
    logger: o.log,
    now: o.now,
    automation: (id) => store.get(id),
    graceMinutes: () => o.settings().automations.graceMinutes,
    follow: (campaignId) => runner.follow(campaignId),
    alone: (fn) => runner.exclusive(fn),
  });
  const autoReplies = new AutoReplies({
    db: o.db,
    events: o.events,
    log: o.log,
    settings: o.settings,
    mode: o.mode,
    reply: o.reply,
    now: o.now,
    rules: () => store.active('keyword'),
    afterJoins: () => void welcome.poke(),
  });
  let repliesTimer: NodeJS.Timeout | null = null;
  let unlistenContacts = (): void => undefined;
  return {
    handlers,
    start() {
      runner.start();
      unlistenContacts = o.events.subscribe((m) => {
        if (m.name === 'contacts.changed') void welcome.poke();
      });
      repliesTimer = setInterval(() => {
        void autoReplies.poke();
        void welcome.poke();
      }, REPLIES_TICK_MS);
      repliesTimer.unref();
      // Texts stored while nothing was listening (a crash between storing and deciding) are decided now.
      void autoReplies.poke();
      void welcome.poke();
    },
    async stop() {
      unsubscribe();
      if (repliesTimer) clearInterval(repliesTimer);
      unlistenContacts();
      await runner.stop();
      await autoReplies.stop();
      await welcome.stop();
    },
    afterStored(added) {
      if (added.length > 0) void autoReplies.poke();
    },
    wake: () => runner.hooks.wake(),
    idle: () => runner.idle(),
    sendAnyway: (rowId, reason) =>
      runner.exclusive(() =>
        sendAnyway({ db: o.db, events: o.events, settings: o.settings, campaigns: o.campaigns, log: new OccurrenceLog(o.db, o.now), now: o.now }, (id) => store.get(id), rowId, reason),
      ),
  };
}
