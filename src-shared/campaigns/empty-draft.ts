// What makes a draft empty: nothing the user would miss if it vanished. The core leaves such drafts out of the
// campaign list and removes them, and the composer reuses one instead of making another, by this one rule.
import type { CampaignDraft } from '../contract';

/** What the rule reads of a draft: the sender, channel and options are defaults until something is written. */
export type DraftContent = Pick<CampaignDraft, 'name' | 'text' | 'recipients' | 'sendAt'>;

/** True when a draft has no text, no name, no recipients and no send time (blank text or a blank number is none). */
export function isEmptyDraft(d: DraftContent): boolean {
  const r = d.recipients;
  return (
    d.text.trim() === '' &&
    d.name.trim() === '' &&
    d.sendAt === null &&
    r.contactIds.length === 0 &&
    r.groupIds.length === 0 &&
    r.searches.length === 0 &&
    r.numbers.every((n) => n.trim() === '')
  );
}
