// Compose & campaigns as one module for the core: the services wired together, their contract handlers, and the
// outbox's lifecycle (recover after a crash, start, stop).
import type { Settings, StatusTimeline } from '../../../src-shared/contract';
import type { Db } from '../db/database';
import type { EventBus } from '../events';
import type { GatewayClient } from '../gateway';
import type { Logger } from '../log';
import { PriceBook, type Mode } from '../pricing/price-book';
import { CampaignStore } from './campaign-store';
import { SqlContactDirectory } from './contact-directory';
import { Drafts } from './drafts';
import { FirstLiveSend } from './first-live-send';
import { campaignHandlers } from './handlers';
import { localDay, systemOffset } from './limits';
import { Outbox } from './outbox';
import { ComposePreviewService, type CachedBalance } from './preview';
import { CampaignSender } from './send';
import { RecentSenders } from './senders';
import { Templates } from './templates';

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
}

export function createCampaignsModule(o: CampaignsModuleOptions) {
  // The store shows the outbox's storage wait on campaigns on their way (declared below; read only when asked).
  let outboxRef: Outbox | null = null;
  const store = new CampaignStore(o.db, () => outboxRef?.storageProblem() ?? null);
  const prices = new PriceBook({ db: o.db, fetchList: () => o.gateway.priceList(), mode: o.mode, log: o.log });
  const directory = new SqlContactDirectory(o.db);
  const balance = (mode: Mode): CachedBalance | null => {
    const row = o.db.prepare('SELECT credit, currency, fetched_at FROM balance_cache WHERE mode = ?').get(mode) as
      | { credit: number; currency: string; fetched_at: string }
      | undefined;
    return row ? { credit: row.credit, currency: row.currency, fetchedAt: row.fetched_at } : null;
  };
  const preview = new ComposePreviewService({
    directory,
    prices,
    settings: o.settings,
    mode: o.mode,
    balance,
    spentToday: (mode) =>
      (o.db.prepare('SELECT cost FROM daily_spend WHERE day = ? AND mode = ?').pluck().get(localDay(Date.now(), systemOffset), mode) as
        | number
        | undefined) ?? 0,
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
    ...(o.chunkSize !== undefined ? { chunkSize: o.chunkSize } : {}),
    ...(o.retryBaseMs !== undefined ? { retryBaseMs: o.retryBaseMs } : {}),
    ...(o.retryMaxMs !== undefined ? { retryMaxMs: o.retryMaxMs } : {}),
  });
  outboxRef = outbox;
  const senders = new RecentSenders(o.db);
  const drafts = new Drafts({ db: o.db, store, defaultSender: () => o.settings().defaultSender });
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
    ...(o.batchSize !== undefined ? { batchSize: o.batchSize } : {}),
  });
  const templates = new Templates(o.db);

  const unsubscribe = o.events.subscribe((m) => {
    // Contacts, groups or opt-outs changed: the next preview resolves the recipients again.
    if (m.name === 'contacts.changed') preview.invalidate();
    // Limits or the connection changed: a waiting campaign may be able to go on.
    if (m.name === 'settings.changed') outbox.wake();
  });

  const handlers = campaignHandlers({ db: o.db, store, drafts, preview, sender, outbox, templates, senders, prices, mode: o.mode, timeline: o.timeline, firstLive });

  return {
    handlers,
    outbox,
    prices,
    preview,
    /** Marks requests a crash interrupted as uncertain, then starts sending. */
    start(): void {
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
