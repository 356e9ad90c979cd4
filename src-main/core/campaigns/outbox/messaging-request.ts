// Builds the POST /mobile/multi messages for one chunk: one message per recipient with its final text, and a
// reference naming campaign and recipient so responses and webhook events find their row without a lookup.
import type { MobileMessageRequest } from '../../gateway';
import type { CampaignSendSpec, ChunkRecipient } from './send-spec';

export function messagingReference(campaignId: number, recipientId: number): string {
  return `c${campaignId}r${recipientId}`;
}

/** The campaign and recipient a reference names, or null for one Besked did not make. */
export function parseMessagingReference(ref: string | null | undefined): { campaignId: number; recipientId: number } | null {
  const m = /^c(\d+)r(\d+)$/.exec(ref ?? '');
  return m ? { campaignId: Number(m[1]), recipientId: Number(m[2]) } : null;
}

export function buildMessagingRequest(campaign: CampaignSendSpec, recipients: readonly ChunkRecipient[]): MobileMessageRequest[] {
  const o = campaign.options;
  return recipients.map((r) => {
    const m: MobileMessageRequest = {
      sender: campaign.sender,
      recipient: r.msisdn,
      message: r.text,
      reference: messagingReference(campaign.id, r.id),
      priority: o.priority,
    };
    if (o.label !== '') m.label = o.label;
    if (o.validitySeconds !== null) m.expiration = o.validitySeconds;
    return m;
  });
}
