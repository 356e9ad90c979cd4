// The contract calls of compose & campaigns, templates, recent senders and the price book, over the services.
// Together they are the contract's campaigns and compose domains (a unit test holds them to it).
import { recipientCharge } from '../../../src-shared/campaigns/recipient-charge';
import type { CampaignRecipientRow, DomainCallName, StatusTimeline } from '../../../src-shared/contract';
import { describeGatewayStatus, STATE_INFO } from '../../../src-shared/delivery-status';
import type { Handlers } from '../dispatch';
import type { Db } from '../db/database';
import type { PriceBook, Mode } from '../pricing/price-book';
import { parseErrorCode, type CampaignStore, type CampaignRow, type StoredRecipient } from './campaign-store';
import { gatewayErrorCoded } from '../../../src-shared/delivery-failures';
import type { Drafts } from './drafts/drafts';
import { withoutEmptyDrafts } from './drafts/empty-drafts';
import type { FirstLiveSend } from './checks/first-live-send';
import { exportCampaignCsv } from './export';
import type { Outbox } from './outbox/outbox';
import type { ComposePreviewService } from './drafts/preview';
import { RECIPIENT_STATE_WORDS } from './recipients/recipient-words';
import type { CampaignSender } from './send';
import type { RecentSenders } from './drafts/senders';
import type { Templates } from './drafts/templates';
import { channelTraits } from './outbox/channel-traits';
import type { DraftOwners } from './drafts/draft-owners';

export type CampaignCallName = DomainCallName<'campaigns' | 'compose'>;

export interface CampaignHandlerDeps {
  db: Db;
  store: CampaignStore;
  drafts: Drafts;
  preview: ComposePreviewService;
  sender: CampaignSender;
  outbox: Outbox;
  templates: Templates;
  senders: RecentSenders;
  prices: PriceBook;
  mode: () => Promise<Mode>;
  /** A campaign's delivery roll-up and status mix over time, from the status events sync/ records. */
  timeline: (id: number, buckets: number) => StatusTimeline;
  firstLive: FirstLiveSend;
  owners: DraftOwners;
  /** The core's clock: the export's date. */
  now: () => number;
  /** Tells the views a campaign changed (campaign.changed, narrowed to who may see a private draft). */
  changed: (id: number) => void;
  unshared: (id: number) => void;
}

const LIST_LIMIT = 500;

type RecipientDbRow = StoredRecipient;

/** The row's reason and the gateway's error as codes, for the UI's language; absent where there is none. */
function codes(r: RecipientDbRow): Pick<CampaignRecipientRow, 'reasonCode' | 'statusErrorCode'> {
  const reasonCode = r.reason_code ? parseErrorCode(r.reason_code) : null;
  const statusErrorCode = gatewayErrorCoded(r.status_error);
  return { ...(reasonCode ? { reasonCode } : {}), ...(statusErrorCode ? { statusErrorCode } : {}) };
}

function toRecipientRow(r: RecipientDbRow, channel: CampaignRow['channel']): CampaignRecipientRow {
  const info = r.status ? STATE_INFO[r.status] : null;
  const traits = channelTraits(channel);
  const described = r.gateway_status ? describeGatewayStatus(traits.statusWords, r.gateway_status) : null;
  return {
    id: r.id,
    msisdn: r.msisdn,
    contactId: r.contact_id,
    name: r.name,
    text: r.text,
    parts: r.parts,
    state: r.state,
    reason: r.reason ?? (r.state === 'uncertain' || r.state === 'dismissed' || r.state === 'in_flight' ? RECIPIENT_STATE_WORDS[r.state] : null),
    status: r.status,
    statusLabel: info?.label ?? null,
    statusExplanation: described && r.status && described.state === r.status ? described.explanation : (info?.explanation ?? null),
    gatewayStatus: r.gateway_status,
    statusError: r.status_error,
    ...codes(r),
    statusAt: r.status_at,
    // What the gateway kept: 0 for a message withdrawn there or never accepted.
    cost: recipientCharge(r.state, r.status, r.cost),
    // Legacy ids are integers (kept as text beside the messaging interface's ULIDs); only they can be looked up.
    messageId: traits.numericMessageIds && r.state === 'accepted' && r.gateway_id !== null && /^\d{1,15}$/.test(r.gateway_id) ? Number(r.gateway_id) : null,
  };
}

export function campaignHandlers(d: CampaignHandlerDeps): Pick<Handlers, CampaignCallName> {
  // Drafts belong to their author unless shared: each call naming a campaign asks what the caller may do with it.
  const see = (id: number) => d.owners.check(id, 'see').id;
  const edit = (id: number) => d.owners.check(id, 'edit').id;
  const summary = (id: number) => {
    const row = d.store.row(id);
    const active = row.state === 'sending' || row.state === 'waiting';
    return d.store.summary(row, d.outbox.etaFor(id), active ? d.outbox.countsFor(id) : undefined);
  };
  const detail = (id: number) => {
    const row = d.store.row(id);
    return { ...d.store.detail(row, d.outbox.etaFor(id)), ...d.owners.rights(row) };
  };

  return {
    'campaigns.create': ({ recipients, text }) => detail(d.drafts.create({ recipients, text })),
    'campaigns.saveDraft': ({ id, draft }) => d.drafts.save(edit(id), draft),
    'campaigns.get': ({ id }) => detail(see(id)),
    'campaigns.list': ({ kind }) => {
      const k = kind ?? 'campaign';
      const rows = withoutEmptyDrafts(
        d.owners.visible(
          d.db.prepare(`SELECT * FROM campaigns ${k === 'all' ? '' : 'WHERE kind = ?'} ORDER BY updated_at DESC, id DESC`).iterate(...(k === 'all' ? [] : [k])) as Iterable<CampaignRow>,
        ),
        LIST_LIMIT,
      );
      return {
        campaigns: rows.map((row) => {
          const active = row.state === 'sending' || row.state === 'waiting';
          return d.store.summary(row, d.outbox.etaFor(row.id), active ? d.outbox.countsFor(row.id) : undefined);
        }),
      };
    },
    'campaigns.delete': ({ id }) => {
      if (d.store.maybeRow(id)) d.owners.check(id, 'delete');
      const deleted = d.drafts.delete(id);
      if (deleted) d.outbox.changed(id);
      return { deleted };
    },
    'compose.preview': async ({ draft }) => {
      const p = await d.preview.preview(draft);
      return { ...p, firstLiveSend: d.firstLive.pending(p.priceBook.mode) };
    },
    'compose.recipient': ({ draft, index }) => d.preview.recipientAt(draft, index),
    'compose.exclusions': ({ draft, offset, limit }) => d.preview.exclusions(draft, offset ?? 0, limit ?? 200),
    'campaigns.send': async ({ id, expectedCost, liveAcknowledged }) => {
      await d.sender.send(edit(id), expectedCost, liveAcknowledged ?? false);
      return summary(id);
    },
    'campaigns.pause': ({ id }) => {
      d.outbox.pause(see(id));
      return summary(id);
    },
    'campaigns.resume': async ({ id }) => {
      await d.outbox.resume(see(id));
      return summary(id);
    },
    'campaigns.cancel': async ({ id }) => {
      await d.outbox.cancel(see(id));
      return summary(id);
    },
    'campaigns.resolveUncertain': async ({ id, action }) => {
      await d.outbox.resolveUncertain(see(id), action);
      return summary(id);
    },
    'campaigns.resendFailed': ({ id }) => d.drafts.resendFailed(see(id)),
    'campaigns.duplicate': ({ id }) => ({ id: d.drafts.duplicate(see(id)) }),
    'campaigns.recipients': ({ id, filter, search, offset, limit }) => {
      const row = d.owners.check(id, 'see');
      const off = offset ?? 0;
      const { total, rows } = d.store.recipients.page(id, filter ?? 'all', search ?? '', off, limit ?? 100);
      return { total, offset: off, rows: rows.map((r) => toRecipientRow(r, row.channel)) };
    },
    'campaigns.export': ({ id }) => exportCampaignCsv(d.db, d.store.recipients, d.owners.check(id, 'see'), d.now),
    'campaigns.statusTimeline': ({ id, buckets }) => d.timeline(see(id), buckets ?? 48),
    'campaigns.share': ({ id, shared }) => {
      d.owners.share(id, shared);
      if (!shared) d.unshared(id);
      d.changed(id);
      return summary(id);
    },
    'templates.list': () => ({ templates: d.templates.list() }),
    'templates.save': (t) => d.templates.save(t),
    'templates.delete': ({ id }) => ({ deleted: d.templates.delete(id) }),
    'senders.recent': () => ({ senders: d.senders.list() }),
    'pricing.status': async ({ refresh }) => {
      const mode = await d.mode();
      // Offline the cached list still works; its state carries the error and its age.
      if (refresh) await d.prices.refresh().catch(() => undefined);
      return d.prices.state(mode);
    },
  };
}
