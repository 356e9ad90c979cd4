// The outbox's queue: a campaign's next queued recipients in id order, read from queued rows and from entries still
// in frozen batches (frozen-batches.ts), or from a list just frozen and kept in memory. Settling chunks onto their
// rows goes through here too, since it turns batches into rows and so ends a kept list's use.
import type { Db } from '../../db/database';
import { countSegments } from '../../../../src-shared/sms/segments';
import type { CampaignRecipients } from '../recipients/campaign-recipients';
import type { CampaignRow } from '../campaign-store';
import { channelTraits } from './channel-traits';
import { batchRange, orNull, readBatches, type FrozenList } from '../recipients/frozen-batches';
import type { QueuedRow } from './outbox-context';
import { recipientNeedsUcs2 } from './recipient-encoding';
import { queueFloor, settleChunks } from '../recipients/settlement';

export class OutboxQueue {
  /** Lists just frozen as batches, kept to send from instead of parsing the batches back (see next). */
  private readonly frozen = new Map<number, FrozenList>();

  constructor(
    private readonly db: Db,
    private readonly recipients: CampaignRecipients,
  ) {}

  /** Takes a list the sender just froze as batches: the same recipients the batches hold. */
  adopt(campaignId: number, list: FrozenList): void {
    this.frozen.set(campaignId, list);
  }

  /** The campaign is done: its kept list (if any) goes. */
  letGo(campaignId: number): void {
    this.frozen.delete(campaignId);
  }

  /** Settles finished chunks (all campaigns, or one); returns the campaigns whose rows changed. */
  settle(campaignId?: number, limit?: number, rows?: number): Set<number> {
    const campaigns = settleChunks(this.db, campaignId, limit, rows);
    // A list whose batches are all rows now is read from the rows: let go of it (a paused campaign may wait long).
    for (const id of campaigns) if (this.frozen.has(id) && !batchRange(this.db, id)) this.frozen.delete(id);
    return campaigns;
  }

  /** Recipients already handed to the gateway or on their way (a scheduled campaign's send times follow from it). */
  handedOver(campaignId: number): number {
    return this.recipients.handedOver(campaignId);
  }

  /**
   * The next queued recipients in id order: queued rows and entries still in frozen batches (frozen-batches.ts).
   * Rows are read as plain arrays (CampaignRecipients.queuedBetween).
   */
  next(row: CampaignRow, limit: number): QueuedRow[] {
    const campaignId = row.id;
    const range = batchRange(this.db, campaignId);
    if (!range) {
      this.frozen.delete(campaignId);
      return this.queuedRows(row, 0, Number.MAX_SAFE_INTEGER, limit);
    }
    // In id order: rows below the batches (written while idle), the batches' entries, the row above (the last recipient).
    // Entries above every unsettled chunk are queued: a chunk covering some stays unsettled until they are rows.
    const kept = this.frozen.get(campaignId);
    // While the batches are all there, no row lies below them.
    const out = kept?.firstId === range.first ? [] : this.queuedRows(row, 0, range.first - 1, limit);
    const from = Math.max(range.first, queueFloor(this.db, campaignId) + 1);
    if (kept && kept.firstId <= range.first && kept.firstId + kept.msisdn.length - 1 >= range.last) {
      for (let id = from; id <= range.last && out.length < limit; id++) out.push(keptRow(kept, id));
    } else if (from <= range.last && out.length < limit) {
      for (const batch of readBatches(this.db, campaignId, from, limit - out.length)) {
        const last = batch.firstId + batch.msisdn.length - 1;
        for (let id = Math.max(from, batch.firstId); id <= last && out.length < limit; id++) out.push(keptRow(batch, id));
      }
    }
    if (out.length < limit) out.push(...this.queuedRows(row, range.last + 1, Number.MAX_SAFE_INTEGER, limit - out.length));
    return out;
  }

  private queuedRows(row: CampaignRow, minId: number, maxId: number, limit: number): QueuedRow[] {
    // An interface that sends the template needs no texts, and knows each recipient's encoding from its tag values.
    const template = channelTraits(row.channel).sendsTemplate;
    const rows = this.recipients.queuedBetween(row.id, minId, maxId, limit, !template);
    if (rows.length === 0) return [];
    const templateUcs2 = isUcs2(row.text);
    return rows.map(([id, msisdn, text, tagvaluesJson, parts, cost]) => ({
      id,
      msisdn,
      text,
      tagvaluesJson,
      parts,
      cost,
      ucs2: template ? recipientNeedsUcs2(templateUcs2, tagvaluesJson) : isUcs2(text),
    }));
  }
}

/** A frozen entry (a list kept in memory or a batch read back) as a queued row: legacy recipients only, whose requests carry the template, not the text. */
function keptRow(list: FrozenList, id: number): QueuedRow {
  const i = id - list.firstId;
  return {
    id,
    msisdn: list.msisdn[i]!,
    text: '',
    tagvaluesJson: list.tagvaluesJson[i] ?? null,
    parts: list.parts[i]!,
    cost: orNull(list.cost[i]!),
    ucs2: list.ucs2[i] === 1,
  };
}

export function isUcs2(text: string): boolean {
  return countSegments(text).encoding === 'UCS-2';
}
