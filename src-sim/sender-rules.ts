// Which sender a destination can use: 11 alphanumeric characters or 15 digits, and no alphanumeric senders to +1.
import { characterCount } from '../src-shared/sms/segments';
import type { Country } from './prices';

export const SENDER_LIMITS = { alphanumeric: 11, numeric: 15 } as const;

export function isNumericSender(sender: string): boolean {
  return /^\+?\d+$/.test(sender);
}

/** Why the destination cannot use this sender, or null when it can. */
export function senderProblem(sender: string, country: Country | undefined): string | null {
  if (isNumericSender(sender)) {
    const digits = sender.replace('+', '').length;
    return digits > SENDER_LIMITS.numeric ? `a numeric sender may have at most ${SENDER_LIMITS.numeric} digits` : null;
  }
  if (characterCount(sender) > SENDER_LIMITS.alphanumeric)
    return `an alphanumeric sender may have at most ${SENDER_LIMITS.alphanumeric} characters`;
  // North American networks accept only numeric senders.
  if (country?.prefix === 1) return 'alphanumeric senders are not supported in the United States';
  return null;
}
