// Builds the POST /rest/mtsms body for one chunk of a campaign: tags and tagvalues for merge fields, encoding per
// group, and every option the legacy interface offers (class, priority, validity, flash, max_parts, sendtime).
import type { LegacySmsMessage } from '../../gateway';
import { legacyMessageGroups } from './chunking';
import { tagFor, type CampaignSendSpec, type ChunkRecipient } from './send-spec';

/** The chunk's messages: one per encoding group, or one per recipient when the campaign asks for separate messages. */
function messageGroups<T extends { ucs2: boolean }>(campaign: CampaignSendSpec, recipients: readonly T[]): { ucs2: boolean; recipients: T[] }[] {
  const groups = legacyMessageGroups(recipients);
  if (campaign.options.separateMessages !== true) return groups;
  return groups.flatMap((g) => g.recipients.map((r) => ({ ucs2: g.ucs2, recipients: [r] })));
}

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
  const personalised = campaign.fields.length > 0;
  const body: LegacySmsMessage[] = [];
  const groups: ChunkRecipient[][] = [];
  for (const g of messageGroups(campaign, recipients)) {
    const recipients = g.recipients.map((r) =>
      personalised ? { msisdn: r.msisdn, tagvalues: r.tagvalues ?? campaign.fields.map(() => '') } : { msisdn: r.msisdn },
    );
    body.push({ ...messageShell(campaign, chunkSeq, g.ucs2, sendtimeMs), recipients });
    groups.push(g.recipients);
  }
  return { body, groups };
}

/** A chunk's recipient as frozen: its merge-field values still the JSON array stored at freeze. */
export interface FrozenChunkRecipient {
  id: number;
  msisdn: number;
  /** JSON array of the values of `fields` in order (as a recipient row's tagvalues holds it); null without merge fields. */
  tagvaluesJson: string | null;
  ucs2: boolean;
}

export interface LegacyChunkJson<R> {
  /** The request body, serialised: what buildLegacyRequest gives for the same chunk, as JSON. */
  json: string;
  groups: R[][];
}

/**
 * The same request as buildLegacyRequest, written straight to JSON from the frozen rows: the stored tagvalues go
 * in as they are instead of being parsed into 1,000 arrays and serialised again for every chunk.
 */
export function buildLegacyRequestJson<R extends FrozenChunkRecipient>(
  campaign: CampaignSendSpec,
  chunkSeq: number,
  recipients: readonly R[],
  sendtimeMs: number | null,
): LegacyChunkJson<R> {
  const personalised = campaign.fields.length > 0;
  const noValues = JSON.stringify(campaign.fields.map(() => ''));
  const messages: string[] = [];
  const groups: R[][] = [];
  for (const g of messageGroups(campaign, recipients)) {
    const shell = JSON.stringify(messageShell(campaign, chunkSeq, g.ucs2, sendtimeMs));
    let list = '';
    for (const r of g.recipients) {
      if (list !== '') list += ',';
      // tagvalues was written by JSON.stringify when the list was composed.
      const msisdn = msisdnJson(r.msisdn);
      list += personalised ? `{"msisdn":${msisdn},"tagvalues":${r.tagvaluesJson ?? noValues}}` : `{"msisdn":${msisdn}}`;
    }
    // The shell is an object without recipients: close it with them.
    messages.push(`${shell.slice(0, -1)},"recipients":[${list}]}`);
    groups.push(g.recipients);
  }
  return { json: messages.length === 1 ? messages[0]! : `[${messages.join(',')}]`, groups };
}

/**
 * A phone number (a whole number) as JSON, exactly as String() writes it. Numbers with country code are past 2^31,
 * where V8 formats them as doubles; two halves below 2^31 are formatted from its small-integer cache instead, which
 * takes a third less time for the 100,000 numbers of a large campaign.
 */
export function msisdnJson(n: number): string {
  if (n < 1e9 || !Number.isSafeInteger(n)) return String(n);
  const high = Math.floor(n / 1e8);
  return String(high) + String(n - high * 1e8 + 1e8).slice(1);
}

type MessageShell = Omit<LegacySmsMessage, 'recipients'>;

/** Everything of one legacy message but its recipients. */
function messageShell(campaign: CampaignSendSpec, chunkSeq: number, ucs2: boolean, sendtimeMs: number | null): MessageShell {
  const tags = campaign.fields.map(tagFor);
  const personalised = tags.length > 0;
  const o = campaign.options;
  const m: MessageShell = {
    message: campaign.text,
    class: o.messageClass,
    priority: PRIORITY[o.priority],
    userref: legacyUserref(campaign.id, chunkSeq),
  };
  if (personalised) m.tags = tags;
  // The legacy interface does not detect UCS-2 itself; GSM-7 is its default (UTF8).
  if (ucs2) m.encoding = 'UCS2';
  if (campaign.sender !== '') m.sender = campaign.sender;
  if (o.label !== '') m.label = o.label;
  if (o.validitySeconds !== null) m.validity_period = o.validitySeconds;
  if (o.flash) m.destaddr = 'DISPLAY';
  // max_parts cannot be combined with tags; with merge fields the composer enforces the cap per recipient instead.
  if (o.maxParts !== null && !personalised) m.max_parts = o.maxParts;
  if (sendtimeMs !== null) m.sendtime = Math.floor(sendtimeMs / 1000);
  return m;
}
