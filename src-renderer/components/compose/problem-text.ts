// What stands in the way of a send, in the UI's language. The core words each problem in English, but the preview
// and the draft hold the figures it words them from, so they are worded here; the core's own words stay for a
// problem this renderer cannot word (a text over the gateway's length: the preview does not say how many).
import type { CampaignDraft, ComposePreview, ComposeProblem } from '../../../src-shared/contract';
import { checkSender } from '../../../src-shared/senders';
import { senderIssueText } from './sender-issue-text';

export interface ProblemWords {
  t(key: string, named: Record<string, string>, plural?: number): string;
  number(n: number): string;
  money(amount: number, currency: string): string;
}

export function problemTexts(preview: ComposePreview, draft: CampaignDraft, w: ProblemWords): string[] {
  const senderIssues = checkSender(draft.sender, draft.channel);
  // The core raises channel_option for message class or flash first, then for a schedule: in that order here too.
  const channelOptions = [
    ...(draft.channel === 'messaging' && (draft.options.messageClass !== 'standard' || draft.options.flash) ? ['compose.problem.channelOptions'] : []),
    ...(draft.channel === 'messaging' && draft.sendAt !== null ? ['compose.problem.channelSchedule'] : []),
  ];
  let sender = 0;
  let channel = 0;
  const n = (count: number) => ({ count: w.number(count) });
  const word = (p: ComposeProblem): string | null => {
    const { cost, limits } = preview;
    switch (p.code) {
      case 'no_recipients':
        return w.t('compose.problem.noRecipients', {});
      case 'empty_text':
        return w.t('compose.problem.emptyText', {});
      case 'sender': {
        const issue = senderIssues[sender++];
        return issue ? senderIssueText(issue, draft.channel, w.t) : null;
      }
      case 'max_parts':
        return limits.maxParts === null || limits.overMaxParts === 0
          ? null
          : w.t('compose.problem.maxParts', { ...n(limits.overMaxParts), max: w.number(limits.maxParts) }, limits.overMaxParts);
      case 'unknown_field':
        return preview.fields.unknown.length ? w.t('compose.problem.unknownField', { fields: preview.fields.unknown.map((f) => `{${f}}`).join(', ') }) : null;
      case 'channel_option': {
        const key = channelOptions[channel++];
        return key ? w.t(key, {}) : null;
      }
      case 'campaign_cap':
        return cost && limits.campaignCap !== null
          ? w.t('compose.problem.campaignCap', { cost: w.money(cost.total, cost.currency), cap: w.money(limits.campaignCap, cost.currency) })
          : null;
      case 'no_price':
        if (cost) return cost.unpriced > 0 ? w.t('compose.problem.unpriced', n(cost.unpriced), cost.unpriced) : null;
        return w.t(p.level === 'error' ? 'compose.problem.noPriceLimits' : 'compose.problem.noPrice', {});
      case 'send_at_past':
        return w.t('compose.problem.sendAtPast', {});
      case 'send_at_too_far':
        return w.t('compose.problem.sendAtTooFar', {});
      default:
        return null;
    }
  };
  return preview.problems.map((p) => word(p) ?? p.message);
}
