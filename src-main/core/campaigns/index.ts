// Compose & campaigns as one module for the core: the services wired together, their contract handlers, and the
// outbox's lifecycle (recover after a crash, start, stop).
import { DraftOwners } from './drafts/draft-owners';
import type { Settings, StatusChanged, StatusTimeline } from '../../../src-shared/contract';
import type { Db } from '../db/database';
import type { EventBus } from '../events';
import type { GatewayClient } from '../gateway';
import type { Logger } from '../log';
import { PriceBook, type Mode } from '../pricing/price-book';
import { CampaignStore } from './campaign-store';
import { SqlContactDirectory } from './recipients/contact-directory';
import { Drafts } from './drafts/drafts';
import { reportsShowDeparture } from './gateway-departure';
import { removeEmptyDrafts } from './drafts/empty-drafts';
import { FirstLiveSend } from './checks/first-live-send';
import { campaignHandlers } from './handlers';
import { localDay, systemOffset } from './checks/limits';
import { Outbox } from './outbox/outbox';
import { ComposePreviewService, type CachedBalance } from './drafts/preview';
import { CampaignSender } from './send';
import { RecentSenders } from './drafts/senders';
import { SpendLedger } from './checks/spend-ledger';
import { Templates } from './drafts/templates';

export interface CampaignsModuleOptions {
  db: Db;
  gateway: GatewayClient;
  events: EventBus;
  log: Logger;
  settings: () => Settings;
  mode: () => Promise<Mode>;
  /** Tells the balance that money was spent (it refreshes once the sends settle). */
  afterSend: () => void;
  /** campaigns.statusTimeline's answer, from the status events sync/ records. */
  timeline: (id: number, buckets: number) => StatusTimeline;
  /** Recipients per request; tests use small chunks to watch a campaign mid-way. */
  chunkSize?: number;
  /** Recipients per frozen batch; tests use small batches to cross their edges often. */
  batchSize?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** The price book's clock (tests move it a day on). */
  pricesNow?: () => number;
  /** The core's clock (core/clock.ts): send times, the daily cap's day, what still waits at the gateway. */
  now: () => number;
}

export function createCampaignsModule(o: CampaignsModuleOptions) {
  // The store shows the outbox's storage wait on campaigns on their way (declared below; read only when asked).
  let outboxRef: Outbox | null = null;
  const store = new CampaignStore(o.db, () => outboxRef?.storageProblem() ?? null, o.now);
  const prices = new PriceBook({ db: o.db, fetchList: () => o.gateway.priceList(), mode: o.mode, log: o.log, now: o.pricesNow ?? o.now });
  const directory = new SqlContactDirectory(o.db);
  const ledger = new SpendLedger(o.db);
  const balance = (mode: Mode): CachedBalance | null => {
    const b = ledger.balance(mode);
    return b ? { credit: b.credit, currency: b.currency, fetchedAt: b.fetchedAt } : null;
  };
  const preview = new ComposePreviewService({
    directory,
    prices,
    settings: o.settings,
    mode: o.mode,
    balance,
    spentToday: (mode) => ledger.spentOn(localDay(o.now(), systemOffset), mode),
    now: o.now,
  });

  const outbox = new Outbox({
    db: o.db,
    gateway: o.gateway,
    events: o.events,
    log: o.log,
    store,
    settings: o.settings,
    mode: o.mode,
    onAccepted: o.afterSend,
    onStorage: (problem) => o.events.emit('app.storage', { problem }),
    now: o.now,
    ...(o.chunkSize !== undefined ? { chunkSize: o.chunkSize } : {}),
    ...(o.retryBaseMs !== undefined ? { retryBaseMs: o.retryBaseMs } : {}),
    ...(o.retryMaxMs !== undefined ? { retryMaxMs: o.retryMaxMs } : {}),
  });
  outboxRef = outbox;
  const senders = new RecentSenders(o.db, o.now);
  const drafts = new Drafts({ db: o.db, store, defaultSender: () => o.settings().defaultSender, now: o.now });
  const firstLive = new FirstLiveSend(o.db);
  const sender = new CampaignSender({
    db: o.db,
    store,
    preview,
    settings: o.settings,
    senders,
    firstLive,
    wake: () => outbox.wake(),
    changed: (id) => outbox.changed(id),
    adopt: (id, list) => outbox.adopt(id, list),
    now: o.now,
    ...(o.batchSize !== undefined ? { batchSize: o.batchSize } : {}),
  });
  const templates = new Templates(o.db, o.now);

  const unsubscribe = o.events.subscribe((m) => {
    // Contacts, groups or opt-outs changed: the next preview resolves the recipients again.
    if (m.name === 'contacts.changed') preview.invalidate();
    // Limits or the connection changed: a waiting campaign may be able to go on.
    if (m.name === 'settings.changed') outbox.wake();
    // Reports that a message went out: a campaign scheduled at the gateway may be sent by the gateway's clock.
    if (m.name === 'message.status') {
      const batch = m.payload as StatusChanged;
      if (reportsShowDeparture(batch)) outbox.reportsApplied(batch.campaignIds);
    }
  });

  const owners = new DraftOwners(o.db, store);
  const handlers = campaignHandlers({
    db: o.db,
    store,
    drafts,
    preview,
    sender,
    outbox,
    templates,
    senders,
    prices,
    mode: o.mode,
    timeline: o.timeline,
    firstLive,
    owners,
    now: o.now,
    changed: (id) => outbox.changed(id),
    // Made private again: gone from the lists of staff who saw it shared (its author is told of it again next).
    unshared: (id) => o.events.emit('campaign.changed', { id, summary: null }, { roles: ['staff'] }),
  });

  return {
    handlers,
    outbox,
    prices,
    preview,
    /** Automations freeze and send their runs through the same sender and store as Compose. */
    sender,
    store,
    firstLive,
    /** Marks requests a crash interrupted as uncertain, then starts sending. */
    start(): void {
      // Before any composer is open: empty drafts left by a closed window or an earlier run (empty-drafts.ts).
      const removed = removeEmptyDrafts(o.db);
      if (removed > 0) o.log.info('empty drafts removed', { drafts: removed });
      const n = outbox.recoverAtStart();
      if (n > 0) o.log.warn('requests interrupted by the last stop are marked uncertain', { chunks: n });
      outbox.start();
    },
    async stop(): Promise<void> {
      unsubscribe();
      await outbox.stop();
    },
  };
}

export type CampaignsModule = ReturnType<typeof createCampaignsModule>;
