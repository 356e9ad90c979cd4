// What happens to a sent message, decided by the recipient's number: the outcome rule and its status timeline.

export type SendInterface = 'messaging' | 'legacy';
export type Channel = 'sms' | 'rcs';

/**
 * A recipient's fate. The number rules pick the first eleven; the last three are decided at submit time
 * from the account (credit), the sender and the price list.
 */
export type Outcome =
  | 'delivered'
  | 'undeliverable'
  | 'expired'
  | 'rejected'
  | 'enroute_until_expiry'
  | 'unknown'
  | 'out_of_order'
  | 'buffered'
  | 'accepted'
  | 'deleted'
  | 'skipped'
  | 'rcs'
  | 'rejected_credit'
  | 'rejected_sender'
  | 'no_route';

export interface StatusError {
  /** Hex code such as 0x1092. */
  code: string;
  details: string;
}

/** One status report as the service produces it. */
export interface StatusReport {
  /** When the report reaches the service's storage and webhooks (epoch ms). */
  at: number;
  /** When the status happened according to the report (epoch ms); earlier than `at` for a late report. */
  statusAt: number;
  status: string;
  error: StatusError | null;
}

/** Seconds after sending at which the rules report. Short on purpose: tests speed or advance the clock. */
export const TIMING = {
  firstReportS: 1,
  finalReportS: 3,
  /** The out-of-order rule reports DELIVERED here, then the older ENROUTE at finalReportS. */
  earlyFinalS: 2,
  bufferedDeliveryS: 60,
  rcsDeliveredS: 2,
  rcsReadS: 5,
} as const;

export const ERRORS = {
  credit: { code: '0x1092', details: 'Insufficient credit' },
  sender: { code: '0x1905', details: 'Sender not supported at the destination' },
  noRoute: { code: '0x1150', details: 'No route to the destination country' },
  undeliverable: { code: '0x1420', details: 'Recipient unknown or unreachable (absent subscriber)' },
  operatorExpired: { code: '0x1210', details: 'Message expired in the operator network' },
  validityEnded: { code: '0x1211', details: 'Validity period ended before delivery' },
  rejected: { code: '0x1510', details: 'Rejected by the operator' },
  skipped: { code: '0x1511', details: 'Recipient skipped: number is blocked on the account' },
  deleted: { code: '0x1520', details: 'Deleted by the operator before delivery' },
} as const satisfies Record<string, StatusError>;

/**
 * The documented number rule (see src-sim/README.md): by the recipient's last digits.
 * RCS capability (ending 77) exists on the messaging interface only.
 */
export function outcomeForNumber(msisdn: number | string, iface: SendInterface): Outcome {
  const s = typeof msisdn === 'number' ? String(msisdn) : msisdn;
  const last2 = s.slice(-2);
  switch (last2) {
    case '77':
      return iface === 'messaging' ? 'rcs' : 'delivered';
    case '91':
      return 'expired';
    case '92':
      return 'rejected';
    case '93':
      return 'enroute_until_expiry';
    case '94':
      return 'unknown';
    case '95':
      return 'out_of_order';
    case '96':
      return 'buffered';
    case '97':
      return 'accepted';
    case '98':
      return 'deleted';
    case '99':
      return 'skipped';
  }
  return s.endsWith('0') ? 'undeliverable' : 'delivered';
}

/** The outcomes the number rule can give, which `PUT /_sim/outcomes` may also force on one number. */
export const NUMBER_OUTCOMES = [
  'delivered',
  'undeliverable',
  'expired',
  'rejected',
  'enroute_until_expiry',
  'unknown',
  'out_of_order',
  'buffered',
  'accepted',
  'deleted',
  'skipped',
  'rcs',
] as const satisfies readonly Outcome[];
export type NumberOutcome = (typeof NUMBER_OUTCOMES)[number];

/**
 * A recipient's outcome: the one forced on the number through the control API, else the number rule. A forced RCS
 * outcome on the legacy interface is plain delivery, as the number rule has it (the legacy interface has no RCS).
 */
export function outcomeFor(forced: Readonly<Record<string, NumberOutcome>> | undefined, msisdn: number, iface: SendInterface): Outcome {
  const f = forced?.[String(msisdn)];
  if (f === undefined) return outcomeForNumber(msisdn, iface);
  return f === 'rcs' && iface === 'legacy' ? 'delivered' : f;
}

export function channelOf(outcome: Outcome): Channel {
  return outcome === 'rcs' ? 'rcs' : 'sms';
}

/** Whether the recipient is billed: anything handed to an operator is, refusals before that are not. */
export function isCharged(outcome: Outcome): boolean {
  return !(
    outcome === 'rejected' ||
    outcome === 'skipped' ||
    outcome === 'rejected_credit' ||
    outcome === 'rejected_sender' ||
    outcome === 'no_route'
  );
}

const FINAL = new Set(['DELIVERED', 'UNDELIVERABLE', 'EXPIRED', 'REJECTED', 'DELETED', 'SKIPPED', 'READ', 'UNKNOWN', 'ACCEPTED']);

export interface TimelineInput {
  outcome: Outcome;
  iface: SendInterface;
  /** When the message was accepted (epoch ms). */
  createdAt: number;
  /** When it leaves the queue: createdAt, or a later legacy sendtime. */
  sendAt: number;
  /** End of its validity (epoch ms). */
  expiresAt: number;
  /** When a scheduled legacy message was deleted, if it was. */
  deletedAt?: number | null;
}

/** Every status report the message will produce, in the order they reach the service. */
export function timeline(input: TimelineInput): StatusReport[] {
  const { outcome, iface, createdAt, sendAt, expiresAt } = input;
  const reports: StatusReport[] = [];
  const legacy = iface === 'legacy';
  const at = (s: number) => sendAt + s * 1000;
  const report = (t: number, status: string, error: StatusError | null = null, statusAt = t) =>
    reports.push({ at: t, statusAt, status, error });

  if (legacy && sendAt > createdAt) report(createdAt, 'SCHEDULED');
  if (input.deletedAt != null && input.deletedAt < sendAt) {
    report(input.deletedAt, 'DELETED');
    return reports;
  }
  const first = at(TIMING.firstReportS);
  const final = at(TIMING.finalReportS);
  switch (outcome) {
    case 'delivered':
      report(first, 'ENROUTE');
      report(final, 'DELIVERED');
      break;
    case 'undeliverable':
      report(first, 'ENROUTE');
      report(final, 'UNDELIVERABLE', ERRORS.undeliverable);
      break;
    case 'expired':
      report(first, 'ENROUTE');
      report(final, 'EXPIRED', ERRORS.operatorExpired);
      break;
    case 'rejected':
      report(first, 'REJECTED', ERRORS.rejected);
      break;
    case 'enroute_until_expiry':
      report(first, 'ENROUTE');
      break;
    case 'unknown':
      report(first, 'ENROUTE');
      report(final, 'UNKNOWN');
      break;
    case 'out_of_order':
      report(at(TIMING.earlyFinalS), 'DELIVERED');
      report(final, 'ENROUTE', null, first);
      break;
    case 'buffered':
      report(first, legacy ? 'BUFFERED' : 'ENROUTE');
      report(at(TIMING.bufferedDeliveryS), 'DELIVERED');
      break;
    case 'accepted':
      report(first, 'ACCEPTED');
      break;
    case 'deleted':
      report(first, 'ENROUTE');
      report(final, 'DELETED', ERRORS.deleted);
      break;
    case 'skipped':
      if (legacy) report(first, 'SKIPPED', ERRORS.skipped);
      else report(first, 'REJECTED', ERRORS.skipped);
      break;
    case 'rcs':
      report(first, 'ENROUTE');
      report(at(TIMING.rcsDeliveredS), 'DELIVERED');
      report(at(TIMING.rcsReadS), 'READ');
      break;
    case 'rejected_credit':
      report(first, 'REJECTED', ERRORS.credit);
      break;
    case 'rejected_sender':
      report(first, 'REJECTED', ERRORS.sender);
      break;
    case 'no_route':
      report(first, 'REJECTED', ERRORS.noRoute);
      break;
  }
  return applyExpiry(reports, expiresAt);
}

/** A message not final when its validity ends expires then; reports due later never happen. */
function applyExpiry(reports: StatusReport[], expiresAt: number): StatusReport[] {
  const kept: StatusReport[] = [];
  let final = false;
  for (const r of reports) {
    if (r.at > expiresAt) break;
    kept.push(r);
    if (FINAL.has(r.status)) final = true;
  }
  if (!final) kept.push({ at: expiresAt, statusAt: expiresAt, status: 'EXPIRED', error: ERRORS.validityEnded });
  return kept;
}

/** What the service's storage shows at `now`: the report that arrived last (late reports overwrite). */
export function reportedAt(reports: readonly StatusReport[], now: number): StatusReport | null {
  let shown: StatusReport | null = null;
  for (const r of reports) {
    if (r.at > now) break;
    shown = r;
  }
  return shown;
}

/** The message's actual state at `now`: the report with the latest status time (late reports do not win). */
export function actualAt(reports: readonly StatusReport[], now: number): StatusReport | null {
  let best: StatusReport | null = null;
  for (const r of reports) {
    if (r.at > now) break;
    if (!best || r.statusAt >= best.statusAt) best = r;
  }
  return best;
}
