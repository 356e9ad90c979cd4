// Campaign rows as the rest of the campaigns module and the contract see them: reading, counting and summing.
import type {
  CampaignCounts,
  CampaignDetail,
  CampaignDraft,
  CampaignSummary,
  DeliveryCounts,
  ExclusionReason,
  MessageOptions,
  RecipientSpec,
  RecipientState,
} from '../../../src-shared/contract';
import { BESKED_STATES, type BeskedState } from '../../../src-shared/delivery-status';
import { deliveryFailure, REFUSED_WORDS } from '../../../src-shared/delivery-failures';
import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/database';
import { BeskedError } from '../errors';
import type { MessageOptions as FrozenOptions } from './outbox/send-spec';
import { CampaignRecipients } from './recipients/campaign-recipients';
import { coded } from '../../../src-shared/error-codes';
import type { StorageProblem } from '../db/storage-errors';
import { computerClock, isoNow } from '../clock';

/** A recipient's row as the views and the export read it. */
export interface StoredRecipient {
  id: number;
  msisdn: number;
  contact_id: number | null;
  name: string | null;
  text: string;
  parts: number;
  state: RecipientState;
  reason: string | null;
  status: BeskedState | null;
  gateway_status: string | null;
  status_error: string | null;
  status_at: string | null;
  cost: number | null;
  gateway_id: string | null;
  /** The {code, params} (JSON) of the request error that is this row's reason, where the page reads it. */
  reason_code?: string | null;
}

export interface CampaignRow {
  id: number;
  kind: 'campaign' | 'reply';
  name: string;
  state: CampaignSummary['state'];
  waiting_reason: CampaignSummary['waitingReason'];
  channel: 'legacy' | 'messaging';
  mode: 'sandbox' | 'live' | null;
  sender: string;
  text: string;
  fallbacks: string;
  options: string;
  recipient_spec: string;
  send_at: string | null;
  frozen_at: string | null;
  estimated_parts: number | null;
  estimated_cost: number | null;
  currency: string | null;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  finished_at: string | null;
  last_error: string | null;
  /** JSON {code, params} of last_error (see lastErrorCode). */
  last_error_code: string | null;
  next_attempt_at: string | null;
  attempts: number;
  scheduled_at_gateway: number;
  duplicated_from: number | null;
  /** Schema 12: the automation it came from. */
  automation_id: number | null;
  /** Schema 14/15: who wrote it on a server, and whether a draft is shared with the team. */
  author_id: number | null;
  author_name: string | null;
  shared: number;
  /** Schema 15: the campaign whose failed recipients this one sends to again. */
  resend_of: number | null;
}

export const DEFAULT_OPTIONS: MessageOptions = {
  label: '',
  priority: 'normal',
  validitySeconds: null,
  messageClass: 'standard',
  flash: false,
};

export const EMPTY_SPEC: RecipientSpec = { contactIds: [], groupIds: [], searches: [], numbers: [] };

function parseJson<T>(text: string, fallback: T): T {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' ? ({ ...fallback, ...(v as object) } as T) : fallback;
  } catch {
    return fallback;
  }
}

export function frozenOptions(row: Pick<CampaignRow, 'options'>): FrozenOptions {
  return parseJson<FrozenOptions>(row.options, { ...DEFAULT_OPTIONS, maxParts: null });
}

export function draftOf(row: CampaignRow): CampaignDraft {
  const o = frozenOptions(row);
  return {
    name: row.name,
    channel: row.channel,
    sender: row.sender,
    text: row.text,
    fallbacks: parseJson<Record<string, string>>(row.fallbacks, {}),
    options: { label: o.label, priority: o.priority, validitySeconds: o.validitySeconds, messageClass: o.messageClass, flash: o.flash },
    recipients: parseJson<RecipientSpec>(row.recipient_spec, EMPTY_SPEC),
    sendAt: row.send_at,
  };
}

export function emptyCounts(): CampaignCounts {
  return { total: 0, queued: 0, inFlight: 0, accepted: 0, uncertain: 0, failed: 0, cancelled: 0, dismissed: 0, excluded: 0 };
}

export function emptyDelivery(): DeliveryCounts {
  return Object.fromEntries(BESKED_STATES.map((s) => [s, 0])) as DeliveryCounts;
}

export class CampaignStore {
  // Prepared once: the outbox reads the row and the cost after every chunk, and compiling cost more than running.
  private readonly rowById: Statement;
  private readonly acceptedCost: Statement;
  private readonly refundedCost: Statement;
  private readonly pendingAtGatewayQuery: Statement;
  private readonly runDueQuery: Statement;
  /** The campaigns' recipients: every read and write of their rows goes through it. */
  readonly recipients: CampaignRecipients;

  /** `storage`: why the outbox cannot write now (disk full…), shown on every campaign on its way as its wait. */
  constructor(
    private readonly db: Db,
    private readonly storage: () => StorageProblem | null = () => null,
    private readonly now: () => number = computerClock.now,
  ) {
    this.recipients = new CampaignRecipients(db);
    this.rowById = db.prepare('SELECT * FROM campaigns WHERE id = ?');
    this.acceptedCost = db.prepare("SELECT SUM(cost) FROM send_chunks WHERE campaign_id = ? AND state = 'accepted'").pluck();
    // The share of an accepted request's cost that the gateway gave back for messages withdrawn before their send
    // time (status cancelled), in proportion to their estimated prices within the request (by count without prices).
    // The status index finds the withdrawn rows; each request's own rows are a key range, so this stays cheap.
    this.refundedCost = db
      .prepare(
        `WITH w AS (
           SELECT chunk_id, SUM(COALESCE(cost, 0)) AS est, COUNT(*) AS n FROM campaign_recipients
           WHERE campaign_id = ? AND status = 'cancelled' AND chunk_id IS NOT NULL GROUP BY chunk_id)
         SELECT SUM(c.cost * CASE WHEN t.est > 0 THEN w.est / t.est ELSE w.n * 1.0 / t.n END)
         FROM w JOIN send_chunks c ON c.id = w.chunk_id AND c.state = 'accepted' AND c.cost IS NOT NULL
         JOIN (SELECT c2.id AS id, SUM(COALESCE(r.cost, 0)) AS est, COUNT(*) AS n FROM send_chunks c2
               JOIN campaign_recipients r ON r.campaign_id = c2.campaign_id AND r.id BETWEEN COALESCE(c2.first_id, 0) AND COALESCE(c2.last_id, 9007199254740991) AND r.chunk_id = c2.id
               WHERE c2.id IN (SELECT chunk_id FROM w) GROUP BY c2.id) t ON t.id = c.id`,
      )
      .pluck();
    // A scheduled run's due time: its name is the automation's, the UI adds the time in the user's format.
    this.runDueQuery = db
      .prepare(
        `SELECT MIN(o.due_at) FROM automation_occurrences o JOIN automations a ON a.id = o.automation_id
         WHERE o.campaign_id = ? AND a.kind IN ('recurring', 'date_field')`,
      )
      .pluck();
    // done = 0 first: the index on (done, next_poll_at) keeps this to the messages still being watched.
    this.pendingAtGatewayQuery = db.prepare(
      "SELECT 1 FROM gateway_messages WHERE done = 0 AND campaign_id = ? AND interface = 'legacy' AND send_at > ? LIMIT 1",
    );
  }

  /** Whether messages of the campaign still wait at the gateway for their send time (they can be withdrawn). */
  pendingAtGateway(id: number, nowIso = isoNow(this.now)): boolean {
    return this.pendingAtGatewayQuery.get(id, nowIso) !== undefined;
  }

  row(id: number): CampaignRow {
    const row = this.rowById.get(id) as CampaignRow | undefined;
    if (!row) throw new BeskedError('not_found', 'This campaign no longer exists.', coded('campaign.notFound'));
    return row;
  }

  maybeRow(id: number): CampaignRow | null {
    return (this.rowById.get(id) as CampaignRow | undefined) ?? null;
  }

  counts(id: number): CampaignCounts {
    const c = emptyCounts();
    this.recipients.counts(id, c);
    c.excluded += this.db.prepare('SELECT COUNT(*) FROM campaign_exclusions WHERE campaign_id = ?').pluck().get(id) as number;
    c.total = c.queued + c.inFlight + c.accepted + c.uncertain + c.failed + c.cancelled + c.dismissed;
    return c;
  }

  delivery(id: number): DeliveryCounts {
    const d = emptyDelivery();
    // Accepted chunks not settled onto their rows yet count as waiting for a first status.
    this.recipients.delivery(id, d);
    return d;
  }

  /** What the gateway kept: the accepted requests' cost less what it refunded for messages withdrawn there. */
  cost(id: number): number | null {
    const v = this.acceptedCost.get(id) as number | null;
    if (v === null) return null;
    const refunded = (this.refundedCost.get(id) as number | null) ?? 0;
    return Math.max(0, Math.round((v - refunded) * 10_000) / 10_000);
  }

  summary(row: CampaignRow, etaSeconds: number | null = null, counts?: CampaignCounts): CampaignSummary {
    const text = row.text.replace(/\s+/g, ' ').trim();
    // The row cannot say so itself while the disk refuses writes.
    const stalled = (row.state === 'sending' || row.state === 'waiting') && this.storage() !== null;
    const runDueAt = row.automation_id === null ? null : ((this.runDueQuery.get(row.id) as string | null) ?? null);
    return {
      id: row.id,
      kind: row.kind,
      // Runs written before the due time was shown by the UI carry it in their name as an ISO date: said once.
      name: runDueAt === null ? row.name : row.name.replace(/ · \d{4}-\d\d-\d\d \d\d:\d\d$/, ''),
      state: stalled ? 'waiting' : row.state,
      waitingReason: stalled ? 'storage' : row.state === 'waiting' ? row.waiting_reason : null,
      lastError: row.last_error,
      lastErrorCode: row.last_error === null ? null : parseErrorCode(row.last_error_code),
      channel: row.channel,
      mode: row.mode,
      sender: row.sender,
      textPreview: text.length > 140 ? `${text.slice(0, 139)}…` : text,
      sendAt: row.send_at,
      frozenAt: row.frozen_at,
      scheduledAtGateway: row.scheduled_at_gateway === 1,
      pendingAtGateway: row.frozen_at !== null && this.pendingAtGateway(row.id),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      startedAt: row.started_at,
      finishedAt: row.finished_at,
      nextAttemptAt: row.state === 'waiting' && !stalled ? row.next_attempt_at : null,
      counts: counts ?? (row.frozen_at ? this.counts(row.id) : emptyCounts()),
      delivery: row.frozen_at ? this.delivery(row.id) : emptyDelivery(),
      estimatedParts: row.estimated_parts,
      estimatedCost: row.estimated_cost,
      cost: row.frozen_at ? this.cost(row.id) : null,
      currency: row.currency,
      etaSeconds: row.state === 'sending' || row.state === 'waiting' ? etaSeconds : null,
      automationId: row.automation_id ?? null,
      runDueAt,
      author: row.author_id === null ? null : { id: row.author_id, name: row.author_name ?? '' },
      shared: row.shared === 1,
    };
  }

  /** The campaign's page; what the caller may do with a draft is the campaigns handlers' to add (draft-owners.ts). */
  detail(row: CampaignRow, etaSeconds: number | null = null): Omit<CampaignDetail, 'mayEdit' | 'mayShare'> {
    const exclusions = this.recipients.exclusions<{ reason: ExclusionReason; count: number }>(row.id);
    const uncertainChunks = this.recipients
      .uncertainChunks<Omit<CampaignDetail['uncertainChunks'][number], 'errorCode'> & { errorCode: string | null }>(row.id)
      .map((u) => ({ ...u, errorCode: parseErrorCode(u.errorCode) }));
    return {
      ...this.summary(row, etaSeconds),
      draft: draftOf(row),
      maxParts: frozenOptions(row).maxParts,
      failures: this.failures(row.id),
      exclusions,
      uncertainChunks,
      duplicatedFrom: row.duplicated_from,
    };
  }

  /**
   * Failed recipients by reason: refused requests, then failed or expired deliveries. Grouped by the English sentence
   * (the first group's codes stand for it), each with the codes the UI says it with in its language.
   */
  failures(id: number): CampaignDetail['failures'] {
    const groups = new Map<string, CampaignDetail['failures'][number]>();
    const add = (f: Omit<CampaignDetail['failures'][number], 'count'>, n: number) => {
      const g = groups.get(f.reason);
      if (g) g.count += n;
      else groups.set(f.reason, { ...f, count: n });
    };
    const { refused, undelivered } = this.recipients.failures(id);
    for (const r of refused) {
      const code = r.reason === null ? coded('delivery.refused') : parseErrorCode(r.error_code);
      add({ reason: r.reason ?? REFUSED_WORDS, ...(code ?? {}) }, r.n);
    }
    for (const r of undelivered) add(deliveryFailure(r.status, r.gateway_status, r.status_error), r.n);
    return [...groups.values()].sort((a, b) => b.count - a.count);
  }
}

/** Why a campaign stopped as stored: the English sentence, and its code when it has one. */
export interface StoppedReason {
  message: string;
  code?: string | undefined;
  params?: Record<string, string | number> | undefined;
}

/** The last_error and last_error_code columns for a reason (both NULL for none). */
export function lastErrorColumns(reason: StoppedReason | null): [string | null, string | null] {
  if (reason === null) return [null, null];
  return [reason.message, reason.code === undefined ? null : JSON.stringify({ code: reason.code, ...(reason.params ? { params: reason.params } : {}) })];
}

export function parseErrorCode(json: string | null): CampaignSummary['lastErrorCode'] {
  if (json === null) return null;
  try {
    const v = JSON.parse(json) as { code?: unknown; params?: unknown };
    if (typeof v.code !== 'string') return null;
    const params = v.params !== null && typeof v.params === 'object' ? (v.params as Record<string, string | number>) : undefined;
    return params ? { code: v.code, params } : { code: v.code };
  } catch {
    // A column this version cannot read: the English sentence still says it.
    return null;
  }
}
