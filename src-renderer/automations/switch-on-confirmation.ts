// What the switch-on question says: that the automation sends by itself from now on, its first send and what it
// costs, and, live, that real texts go to real phones (answering yes acknowledges it: liveAcknowledged). Pure, so
// its words are testable.
import type { Mode, NextSends } from '../../src-shared/contract';
import type { ConfirmationWords } from '../components/compose/send-confirmation';

/** The send confirmation's words: the two questions speak alike. */
export type SwitchOnWords = ConfirmationWords;

export interface SwitchOnConfirmation {
  title: string;
  body: string;
  /** Live only: its own paragraph, first. */
  warning: string | null;
  positiveText: string;
  liveAcknowledged: boolean;
}

export function switchOnConfirmation(name: string, mode: Mode, next: NextSends | null, w: SwitchOnWords): SwitchOnConfirmation {
  const live = mode === 'live';
  const lines = [w.t('automations.switchOnDialog.body')];
  const first = next?.occurrences[0];
  if (first) {
    lines.push(w.t('automations.switchOnDialog.nextRun', { time: w.dateTime(first.at) }));
    if (first.cost !== null && first.currency) {
      const recipients = w.t('automations.switchOnDialog.recipients', { n: w.number(first.recipients) }, first.recipients);
      lines.push(w.t('automations.switchOnDialog.perRun', { recipients, cost: w.money(first.cost, first.currency) }));
    }
  }
  return {
    title: live ? w.t('automations.switchOnDialog.liveTitle') : w.t('automations.switchOnDialog.title', { name }),
    body: lines.join(' '),
    warning: live ? w.t('automations.switchOnDialog.liveWarning') : null,
    positiveText: live ? w.t('automations.switchOnDialog.liveButton') : w.t('automations.switchOnDialog.button'),
    liveAcknowledged: live,
  };
}
