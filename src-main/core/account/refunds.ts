// Refunds of overcharged SMS (POST /rest/refund): refused early when not eligible, asked once, remembered.
import type { RefundReceipt } from '../../../src-shared/contract';
import { refundEligibility, type RefundEligibility } from '../../../src-shared/account/refund-eligibility';
import { describeGatewayStatus } from '../../../src-shared/delivery-status';
import { BeskedError } from '../errors';
import type { AccountDeps, Mode } from './deps';
import { coded } from '../../../src-shared/error-codes';
import { writeGate } from '../db/write-gate';

export interface RefundAsk {
  mtsmsId: number;
  msisdn: number | string;
  messageClass?: string | undefined;
  chargeStatus?: string | null | undefined;
}

const digitsOf = (m: number | string) => String(m).replace(/^\+/, '').replace(/^00/, '');

export class RefundService {
  constructor(private readonly deps: AccountDeps) {}

  private requestedAt(mode: Mode, mtsmsId: number, msisdn: string): string | null {
    const r = this.deps.db
      .prepare('SELECT requested_at FROM account_refunds WHERE mode = ? AND mtsms_id = ? AND msisdn = ?')
      .get(mode, mtsmsId, msisdn) as { requested_at: string } | undefined;
    return r?.requested_at ?? null;
  }

  async state(mtsmsId: number, msisdn: number | string): Promise<{ requestedAt: string | null }> {
    return { requestedAt: this.requestedAt(await this.deps.mode(), mtsmsId, digitsOf(msisdn)) };
  }

  async refund(ask: RefundAsk): Promise<RefundReceipt> {
    const mode = await this.deps.mode();
    const msisdn = digitsOf(ask.msisdn);
    const before = this.requestedAt(mode, ask.mtsmsId, msisdn);
    if (before) return { mtsmsId: ask.mtsmsId, msisdn, requestedAt: before, alreadyRequested: true };

    // A status the view already knows settles it before any request (an unknown one waits for the stored message).
    const known = typeof ask.chargeStatus === 'string' && ask.chargeStatus.trim() !== '' ? ask.chargeStatus : null;
    if ((ask.messageClass !== undefined && ask.messageClass !== 'charge') || known !== null) {
      const e = refundEligibility({ messageClass: ask.messageClass ?? 'charge', chargeStatus: known });
      if (!e.eligible) throw refusal(e, known);
    }
    // The gateway's stored copy says whether it was an overcharged message to this number, and whether it arrived.
    const [stored] = await this.deps.gateway.getMtsms(ask.mtsmsId);
    if (stored?.class && stored.class !== 'charge') {
      const e = refundEligibility({ messageClass: stored.class, chargeStatus: null });
      if (!e.eligible) throw refusal(e, null);
    }
    const recipient = stored?.recipients.find((r) => digitsOf(r.msisdn) === msisdn);
    if (stored && !recipient) {
      throw new BeskedError('not_found', `Message ${ask.mtsmsId} was not sent to ${msisdn}, so there is nothing to refund for that number.`, {
        ...coded('refund.notSentTo', { id: String(ask.mtsmsId), msisdn: String(msisdn) }),
      });
    }
    // Not in the spec's stored message, but when the gateway adds the charge status there, it is the freshest word.
    const storedStatus = recipient?.['charge_status'];
    const status = typeof storedStatus === 'string' ? storedStatus : known;
    const delivered = typeof recipient?.dsnstatus === 'string' && describeGatewayStatus('legacy', recipient.dsnstatus).state === 'delivered';
    const e = refundEligibility({ messageClass: 'charge', chargeStatus: status, delivered });
    if (!e.eligible) throw refusal(e, status);

    await this.deps.gateway.refund({ mtsms_id: ask.mtsmsId, msisdn: Number(msisdn) });
    const at = this.deps.now().toISOString();
    // After the gateway's answer: through the write gate, as every write after an await (db/write-gate.ts).
    await writeGate(this.deps.db).run(() =>
      this.deps.db
        .prepare('INSERT INTO account_refunds (mode, mtsms_id, msisdn, requested_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING')
        .run(mode, ask.mtsmsId, msisdn, at),
    );
    this.deps.spent();
    return { mtsmsId: ask.mtsmsId, msisdn, requestedAt: at, alreadyRequested: false };
  }
}

/** The refusal of an ineligible refund, coded by its reason so the UI can say it in the shop owner's language. */
function refusal(e: Extract<RefundEligibility, { eligible: false }>, chargeStatus: string | null | undefined): BeskedError {
  const code =
    e.reason === 'not_overcharged'
      ? coded('refund.notOvercharged')
      : e.reason === 'charge_pending'
        ? coded('refund.chargePending')
        : e.reason === 'charge_not_captured'
          ? coded('refund.chargeNotCaptured', { status: chargeStatus?.trim().toUpperCase() ?? '' })
          : {};
  return new BeskedError('conflict', e.message, code);
}
