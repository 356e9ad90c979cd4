// Builds the POST /rest/mtsms body for one chunk of a campaign: tags and tagvalues for merge fields, encoding per
// group, and every option the legacy interface offers (class, priority, validity, flash, max_parts, sendtime).
import type { LegacySmsMessage } from '../gateway';
import { legacyMessageGroups } from './chunking';
import { tagFor, type CampaignSendSpec, type ChunkRecipient } from './send-spec';

export interface LegacyChunkRequest {
  /** The request body: one message per encoding group. */
  body: LegacySmsMessage[];
  /** The recipients of each message, in the order of `body`; the response's ids follow that order. */
  groups: ChunkRecipient[][];
}

const PRIORITY = { normal: 'NORMAL', urgent: 'URGENT' } as const;

/** userref comes back in delivery callbacks: campaign and chunk, so a callback can be traced without a lookup. */
export function legacyUserref(campaignId: number, chunkSeq: number): string {
  return `c${campaignId}k${chunkSeq}`;
}

export function buildLegacyRequest(
  campaign: CampaignSendSpec,
  chunkSeq: number,
  recipients: readonly ChunkRecipient[],
  sendtimeMs: number | null,
): LegacyChunkRequest {
  const tags = campaign.fields.map(tagFor);
  const personalised = tags.length > 0;
  const o = campaign.options;
  const body: LegacySmsMessage[] = [];
  const groups: ChunkRecipient[][] = [];
  for (const g of legacyMessageGroups(recipients)) {
    const m: LegacySmsMessage = {
      message: campaign.text,
      recipients: g.recipients.map((r) =>
        personalised ? { msisdn: r.msisdn, tagvalues: r.tagvalues ?? campaign.fields.map(() => '') } : { msisdn: r.msisdn },
      ),
      class: o.messageClass,
      priority: PRIORITY[o.priority],
      userref: legacyUserref(campaign.id, chunkSeq),
    };
    if (personalised) m.tags = tags;
    // The legacy interface does not detect UCS-2 itself; GSM-7 is its default (UTF8).
    if (g.ucs2) m.encoding = 'UCS2';
    if (campaign.sender !== '') m.sender = campaign.sender;
    if (o.label !== '') m.label = o.label;
    if (o.validitySeconds !== null) m.validity_period = o.validitySeconds;
    if (o.flash) m.destaddr = 'DISPLAY';
    // max_parts cannot be combined with tags; with merge fields the composer enforces the cap per recipient instead.
    if (o.maxParts !== null && !personalised) m.max_parts = o.maxParts;
    if (sendtimeMs !== null) m.sendtime = Math.floor(sendtimeMs / 1000);
    body.push(m);
    groups.push(g.recipients);
  }
  return { body, groups };
}
