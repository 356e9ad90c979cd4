// Sender-name rules of both interfaces: what is refused outright and what only risks replacement downstream.

export type SendChannel = 'legacy' | 'messaging';

export type SenderIssueCode =
  | 'empty'
  | 'too_short'
  | 'too_long'
  | 'alnum_over_11'
  | 'digits_over_15'
  | 'special_chars'
  | 'control_chars';

export interface SenderIssue {
  /** 'error' blocks sending; 'warning' is shown but allowed. */
  level: 'error' | 'warning';
  code: SenderIssueCode;
  /** The characters outside A–Z a–z 0–9, once each, for 'special_chars'. */
  chars?: string[];
}

export const SENDER_MIN = 3;
export const SENDER_MAX = 18;
export const SENDER_ALNUM_MAX = 11;
export const SENDER_DIGITS_MAX = 15;

function codePoints(s: string): string[] {
  return [...s];
}

/** C0 controls and DEL: line breaks and the like, which no phone shows as a sender. */
function isControl(c: string): boolean {
  const n = c.codePointAt(0) ?? 0;
  return n < 0x20 || n === 0x7f;
}

/**
 * Checks a sender name. The messaging interface takes 3–18 characters and warns that destinations allow at most
 * 11 alphanumeric or 15 numeric ones; the legacy interface refuses anything beyond those two limits, so there
 * they are errors.
 */
export function checkSender(sender: string, channel: SendChannel): SenderIssue[] {
  const chars = codePoints(sender);
  const issues: SenderIssue[] = [];
  if (chars.length === 0) return [{ level: 'error', code: 'empty' }];
  if (chars.some(isControl)) issues.push({ level: 'error', code: 'control_chars' });
  if (chars.length < SENDER_MIN) issues.push({ level: 'error', code: 'too_short' });
  if (chars.length > SENDER_MAX) issues.push({ level: 'error', code: 'too_long' });
  const overLimitLevel = channel === 'legacy' ? 'error' : 'warning';
  // The legacy interface counts only plain digits as a numeric sender; a leading + makes it alphanumeric there.
  const numeric = channel === 'legacy' ? /^\d+$/.test(sender) : /^\+?\d+$/.test(sender);
  const digits = sender.replace(/^\+/, '').length;
  if (numeric) {
    if (digits > SENDER_DIGITS_MAX && chars.length <= SENDER_MAX) issues.push({ level: overLimitLevel, code: 'digits_over_15' });
  } else if (chars.length > SENDER_ALNUM_MAX && chars.length <= SENDER_MAX) {
    issues.push({ level: overLimitLevel, code: 'alnum_over_11' });
  }
  const special = [...new Set(chars.filter((c) => !/^[A-Za-z0-9]$/.test(c) && !isControl(c)))];
  // A leading + on a phone-number sender is the usual way to write it, not a special character.
  const specialShown = numeric ? special.filter((c) => c !== '+') : special;
  if (specialShown.length) issues.push({ level: 'warning', code: 'special_chars', chars: specialShown });
  return issues;
}

export function senderBlocks(issues: readonly SenderIssue[]): boolean {
  return issues.some((i) => i.level === 'error');
}

/** A sender issue as a registered code with its figures (src-shared/error-codes.ts), for the UI's language. */
export function senderIssueCode(issue: SenderIssue): { code: `sender.${SenderIssueCode}`; params: Record<string, string | number> } {
  const params: Record<SenderIssueCode, Record<string, string | number>> = {
    empty: { min: SENDER_MIN, max: SENDER_MAX },
    too_short: { min: SENDER_MIN },
    too_long: { max: SENDER_MAX },
    alnum_over_11: { max: SENDER_ALNUM_MAX },
    digits_over_15: { max: SENDER_DIGITS_MAX },
    special_chars: { chars: (issue.chars ?? []).join(' ') },
    control_chars: {},
  };
  return { code: `sender.${issue.code}`, params: params[issue.code] };
}

/** English wording for the core's error messages and logs; the UI words them by senderIssueCode. */
export function describeSenderIssue(issue: SenderIssue): string {
  switch (issue.code) {
    case 'empty':
      return 'Enter a sender name or number (3 to 18 characters).';
    case 'too_short':
      return `A sender needs at least ${SENDER_MIN} characters.`;
    case 'too_long':
      return `A sender can have at most ${SENDER_MAX} characters.`;
    case 'alnum_over_11':
      return `Phones show at most ${SENDER_ALNUM_MAX} letters and digits as the sender; a longer name is cut or refused.`;
    case 'digits_over_15':
      return `A numeric sender can have at most ${SENDER_DIGITS_MAX} digits.`;
    case 'special_chars':
      return `Characters other than A–Z, a–z and 0–9 (${(issue.chars ?? []).join(' ')}) may be replaced or refused by phone networks.`;
    case 'control_chars':
      return 'The sender contains a line break or another invisible control character.';
  }
}
