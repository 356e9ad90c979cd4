// What the send confirmation says: recipients, parts and cost, when it goes out, and — before the database's first
// live send, once — that real texts go to real people and what they cost. Pure, so its words are testable.
import type { ComposePreview } from '../../../src-shared/contract';

export interface ConfirmationWords {
  t(key: string, named?: Record<string, unknown>, plural?: number): string;
  number(n: number): string;
  money(n: number, currency: string): string;
  dateTime(iso: string): string;
}

export interface SendConfirmation {
  title: string;
  /** The summary line; with the first live send also the warning, as its own paragraph. */
  body: string;
  warning: string | null;
  positiveText: string;
  /** Sent with campaigns.send: the user saw the first-live warning. */
  liveAcknowledged: boolean;
}

export function sendConfirmation(p: Pick<ComposePreview, 'recipients' | 'parts' | 'cost' | 'firstLiveSend'>, sendAt: string | null, w: ConfirmationWords): SendConfirmation {
  const scheduled = sendAt !== null;
  const recipients = w.t('compose.confirmRecipients', { n: w.number(p.recipients) }, p.recipients);
  const parts = w.t('compose.confirmParts', { n: w.number(p.parts.total) }, p.parts.total);
  const cost = p.cost ? w.money(p.cost.total, p.cost.currency) : null;
  const summary = cost ? w.t('compose.confirmBody', { recipients, parts, cost }) : w.t('compose.confirmBodyNoCost', { recipients, parts });
  const body = scheduled ? `${summary} ${w.t('compose.confirmSchedule', { time: w.dateTime(sendAt) })}` : summary;
  const first = p.firstLiveSend === true;
  const warning = first ? (cost ? w.t('compose.firstLiveWarning', { recipients, cost }) : w.t('compose.firstLiveWarningNoCost', { recipients })) : null;
  return {
    title: first ? w.t('compose.firstLiveTitle') : scheduled ? w.t('compose.confirmScheduleTitle') : w.t('compose.confirmTitle'),
    body,
    warning,
    positiveText: first ? w.t('compose.firstLiveSend') : scheduled ? w.t('compose.confirmScheduleButton') : w.t('compose.confirmSend'),
    liveAcknowledged: first,
  };
}
