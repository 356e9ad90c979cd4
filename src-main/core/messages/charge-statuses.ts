// The charge status of overcharged SMS as delivery callbacks report it, per mode, message id and number: written by the
// webhook receiver for any message on the account (Besked's or the webshop's), read by the message lookup.
import type { Db } from '../db/database';
import { computerClock } from '../clock';

export type ChargeMode = 'sandbox' | 'live';

export interface ChargeReport {
  mtsmsId: number;
  msisdn: number | string;
  chargeStatus: string;
  /** The status event's own time (ms). */
  at: number;
}

export interface RecordedCharge {
  msisdn: string;
  chargeStatus: string;
  statusAt: string;
  seenAt: string;
}

export const msisdnDigits = (m: number | string): string => String(m).trim().replace(/^\+/, '').replace(/^00/, '');

export class ChargeStatuses {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = computerClock.now,
  ) {}

  /**
   * Keeps the report unless one with a later status time is already stored: callbacks can arrive out of order
   * (redeliveries, a late report), and a REFUNDED must not turn back into CAPTURED. Returns whether it was kept.
   */
  record(mode: ChargeMode, r: ChargeReport): boolean {
    const status = r.chargeStatus.trim().toUpperCase();
    if (!status || !Number.isFinite(r.at)) return false;
    const res = this.db
      .prepare(
        `INSERT INTO charge_statuses (mode, mtsms_id, msisdn, charge_status, status_at, seen_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (mode, mtsms_id, msisdn) DO UPDATE SET charge_status = excluded.charge_status, status_at = excluded.status_at, seen_at = excluded.seen_at
         WHERE excluded.status_at >= charge_statuses.status_at`,
      )
      .run(mode, r.mtsmsId, msisdnDigits(r.msisdn), status, new Date(r.at).toISOString(), new Date(this.now()).toISOString());
    return res.changes > 0;
  }

  /** What the callbacks said about each recipient of a message, by number (digits). */
  forMessage(mode: ChargeMode, mtsmsId: number): Map<string, RecordedCharge> {
    const rows = this.db
      .prepare('SELECT msisdn, charge_status, status_at, seen_at FROM charge_statuses WHERE mode = ? AND mtsms_id = ?')
      .all(mode, mtsmsId) as { msisdn: string; charge_status: string; status_at: string; seen_at: string }[];
    return new Map(rows.map((r) => [r.msisdn, { msisdn: r.msisdn, chargeStatus: r.charge_status, statusAt: r.status_at, seenAt: r.seen_at }]));
  }
}
