// A sender problem in the UI's language, the same under the sender field as in the list of what stops a send.
import type { SendChannel, SenderIssue } from '../../../src-shared/senders';

type Translate = (key: string, named: Record<string, string>) => string;

export function senderIssueText(issue: SenderIssue, channel: SendChannel, t: Translate): string {
  const text = t(`compose.sender.issue.${issue.code}`, { chars: (issue.chars ?? []).map((c) => (c === ' ' ? '␣' : c)).join(' ') });
  // The SMS interface refuses what other networks would only cut: say what to do instead.
  const refused = issue.level === 'error' && channel === 'legacy' && (issue.code === 'alnum_over_11' || issue.code === 'digits_over_15');
  return refused ? `${text} ${t('compose.sender.legacyError', {})}` : text;
}
