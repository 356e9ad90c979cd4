// Turns what the gateway reports about a message's recipients into status changes for Besked's rows (pure).
import { GAVE_UP_ERROR } from '../../../src-shared/delivery-failures';
import { describeGatewayStatus, isFinalState, mergeStatus, type BeskedState, type StatusSource } from '../../../src-shared/delivery-status';

/** A recipient row the status poller watches. */
export interface WatchedRecipient {
  id: number;
  msisdn: number;
  status: BeskedState | null;
  gatewayStatus: string | null;
}

/** One recipient's status as a report carries it (GET /rest/mtsms/{id}, a legacy callback or a messaging event). */
export interface ReportedStatus {
  msisdn: number | string;
  status: string | null | undefined;
  /** Words from the gateway about a failure. */
  error?: string | null | undefined;
  /** Hex code of a failure. */
  code?: string | null | undefined;
  /** When the status happened (epoch ms), if the report says. */
  at?: number | null | undefined;
}

export interface StatusChange {
  recipientId: number;
  /** The state after merging; equal to the previous one when only the gateway's own word changed. */
  status: BeskedState;
  previous: BeskedState | null;
  gatewayStatus: string;
  error: string | null;
  /** ISO time of the status. */
  at: string;
}

export interface StatusOutcome {
  changes: StatusChange[];
  /** Whether every watched recipient now has a final status, so the message needs no more polling. */
  allFinal: boolean;
}

/** Digits only, without a leading 00: the gateway may write a number as a string, with + or 00. */
export function msisdnKey(m: number | string): string {
  return String(m).replace(/\D/g, '').replace(/^00/, '');
}

function errorText(r: ReportedStatus): string | null {
  const words = r.error?.trim() || null;
  const code = r.code?.trim() || null;
  if (words && code) return `${words} (${code})`;
  return words ?? code;
}

/**
 * Applies reports to watched recipients. A final status is never replaced by a later transient one, since reports
 * arrive out of order (see mergeStatus). A change is produced when Besked's state moves, or when the gateway's word
 * changes while the state stays (ENROUTE → BUFFERED), so the detail shown stays current without a status event.
 */
export function applyReports(
  watched: readonly WatchedRecipient[],
  reports: readonly ReportedStatus[],
  source: StatusSource,
  now: number,
): StatusOutcome {
  const byNumber = new Map<string, WatchedRecipient>();
  for (const w of watched) byNumber.set(msisdnKey(w.msisdn), w);
  // 'pending' written when the gateway accepted the message is Besked's own placeholder, not a report: the first
  // report replaces it whatever it says (an UNKNOWN from the gateway is shown as unknown, not as waiting).
  const current = new Map<number, { status: BeskedState | null; gatewayStatus: string | null }>();
  for (const w of watched) current.set(w.id, { status: w.gatewayStatus === null && w.status === 'pending' ? null : w.status, gatewayStatus: w.gatewayStatus });
  const changes = new Map<number, StatusChange>();

  for (const r of reports) {
    if (!r.status || !r.status.trim()) continue;
    const w = byNumber.get(msisdnKey(r.msisdn));
    if (!w) continue;
    const cur = current.get(w.id)!;
    const described = describeGatewayStatus(source, r.status);
    const merged = mergeStatus(cur.status, described.state);
    const stateMoved = merged !== cur.status;
    const wordMoved = merged === described.state && described.gatewayStatus !== cur.gatewayStatus;
    if (!stateMoved && !wordMoved) continue;
    const at = new Date(r.at && Number.isFinite(r.at) ? r.at : now).toISOString();
    const first = changes.get(w.id);
    changes.set(w.id, {
      recipientId: w.id,
      status: merged,
      previous: first ? first.previous : w.status,
      gatewayStatus: described.gatewayStatus,
      error: isFinalState(merged) && merged !== 'delivered' && merged !== 'read' ? errorText(r) : null,
      at,
    });
    current.set(w.id, { status: merged, gatewayStatus: described.gatewayStatus });
  }

  const allFinal = watched.every((w) => {
    const s = current.get(w.id)!.status;
    return s !== null && isFinalState(s);
  });
  return { changes: [...changes.values()], allFinal };
}

// Shared so the campaign page can tell this sentence of Besked's own from a gateway's words, and translate it.
export { GAVE_UP_ERROR };

/** When polling ends at expiry: every recipient still without a final status becomes 'unknown'. */
export function giveUp(watched: readonly WatchedRecipient[], now: number): StatusChange[] {
  const at = new Date(now).toISOString();
  return watched
    .filter((w) => w.status === null || (!isFinalState(w.status) && w.status !== 'unknown'))
    .map((w) => ({
      recipientId: w.id,
      status: 'unknown' as const,
      previous: w.status,
      gatewayStatus: w.gatewayStatus ?? 'UNKNOWN',
      error: GAVE_UP_ERROR,
      at,
    }));
}
