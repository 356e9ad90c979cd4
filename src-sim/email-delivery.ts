// What happens to a sent email, decided by the recipient address: the documented rule and its status timeline.

export interface EmailStatusStep {
  at: number;
  status: 'PROCESSED' | 'DEFERRED' | 'DELIVERED' | 'BOUNCED' | 'BLOCKED';
  details?: string;
}

/**
 * The address's local part picks the outcome: containing "bounce" → BOUNCED, "block" → BLOCKED,
 * "defer" → DEFERRED then DELIVERED a minute later; anything else → DELIVERED. All start PROCESSED.
 */
export function emailTimeline(address: string, createdAt: number): EmailStatusStep[] {
  const local = (address.split('@')[0] ?? '').toLowerCase();
  const s = (sec: number) => createdAt + sec * 1000;
  const steps: EmailStatusStep[] = [{ at: s(1), status: 'PROCESSED' }];
  if (local.includes('bounce')) steps.push({ at: s(3), status: 'BOUNCED', details: '550 5.1.1 <' + address + '>: Recipient address rejected: User unknown' });
  else if (local.includes('block')) steps.push({ at: s(3), status: 'BLOCKED', details: '554 5.7.1 Message rejected as spam by the receiving server' });
  else if (local.includes('defer')) {
    steps.push({ at: s(3), status: 'DEFERRED', details: '451 4.7.1 Greylisted, please try again later' });
    steps.push({ at: s(63), status: 'DELIVERED', details: '250 2.0.0 OK' });
  } else steps.push({ at: s(3), status: 'DELIVERED', details: '250 2.0.0 OK' });
  return steps;
}
