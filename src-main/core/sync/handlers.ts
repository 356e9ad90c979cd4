// Calls about background refreshing: its state, refresh now, webhook secrets; and a campaign's status timeline,
// read from the status events here and registered as campaigns.statusTimeline by campaigns/.
import type { Db } from '../db/database';
import type { Handlers } from '../dispatch';
import { BeskedError } from '../errors';
import type { DomainCallName, SyncState } from '../../../src-shared/contract';
import { rollupCampaign } from '../../../src-shared/rollup';
import type { BeskedState } from '../../../src-shared/delivery-status';
import { statusTimeline } from './status-timeline';
import { CampaignRecipients } from '../campaigns/recipients/campaign-recipients';
import type { WebhookSecrets } from './webhook-secrets';
import { coded } from '../../../src-shared/error-codes';
import { channelTraits } from '../campaigns/outbox/channel-traits';

export interface SyncHandlerDeps {
  state: () => Promise<SyncState>;
  secrets: WebhookSecrets;
  /** Refreshes replies and statuses (all of a campaign's open ones when named). */
  refresh: (campaignId?: number) => Promise<void>;
  announceState: () => void;
}

/** How long sync.now waits for the refresh before answering; the refresh goes on and reports by events. */
export const SYNC_NOW_WAIT_MS = 8_000;

export function syncHandlers(d: SyncHandlerDeps): Pick<Handlers, DomainCallName<'sync'>> {
  return {
    'sync.status': () => d.state(),
    'sync.now': async ({ campaignId }) => {
      const refresh = d.refresh(campaignId);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([refresh, new Promise<void>((r) => (timer = setTimeout(r, SYNC_NOW_WAIT_MS)))]).finally(() => clearTimeout(timer));
      return d.state();
    },
    'sync.setWebhookSecret': async ({ kind, secret }) => {
      await d.secrets.set(kind, secret);
      d.announceState();
      return d.state();
    },
    'sync.clearWebhookSecret': async ({ kind }) => {
      await d.secrets.clear(kind);
      d.announceState();
      return d.state();
    },
  };
}

/** The roll-up and the status mix over time of one campaign. */
export function campaignTimeline(db: Db, id: number, buckets: number, receiverOn: boolean, now: number) {
  const c = db.prepare('SELECT channel, started_at, created_at FROM campaigns WHERE id = ?').get(id) as
    | { channel: 'legacy' | 'messaging'; started_at: string | null; created_at: string }
    | undefined;
  if (!c) throw new BeskedError('not_found', 'This campaign no longer exists.', coded('campaign.notFound'));
  const rows = new CampaignRecipients(db).rollup(id);
  const rollup = rollupCampaign(rows, { statusNeedsWebhook: channelTraits(c.channel).statusByWebhookOnly && !receiverOn });
  const events = (
    db.prepare('SELECT recipient_id, status, at FROM status_events WHERE campaign_id = ? ORDER BY at, id').all(id) as {
      recipient_id: number;
      status: BeskedState;
      at: string;
    }[]
  ).map((e) => ({ recipientId: e.recipient_id, status: e.status, at: Date.parse(e.at) }));
  const started = Date.parse(c.started_at ?? c.created_at);
  const from = Math.min(started, events[0]?.at ?? started);
  const lastEvent = events.length ? events[events.length - 1]!.at : from;
  const to = rollup.outcome === 'in_progress' ? Math.max(now, lastEvent) : Math.max(lastEvent, from + 1000);
  return {
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    buckets: statusTimeline(events, rollup.sent, { from, to }, buckets),
    rollup,
  };
}
