// Refunds of overcharged SMS (POST /rest/refund): refused early when not eligible, asked once, remembered.
import type { RefundReceipt } from '../../../src-shared/contract';
import { refundEligibility, type RefundEligibility } from '../../../src-shared/account/refund-eligibility';
import { BeskedError } from '../errors';
import type { AccountDeps, Mode } from './deps';
import { coded } from '../../../src-shared/error-codes';

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

    if (ask.messageClass !== undefined || ask.chargeStatus !== undefined) {
      const e = refundEligibility({ messageClass: ask.messageClass ?? 'charge', chargeStatus: ask.chargeStatus });
      if (!e.eligible) throw refusal(e, ask.chargeStatus);
    }
    // The gateway's stored copy says whether it was an overcharged message to this number.
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
    if (typeof storedStatus === 'string') {
      const e = refundEligibility({ messageClass: 'charge', chargeStatus: storedStatus });
      if (!e.eligible) throw refusal(e, storedStatus);
    }

    await this.deps.gateway.refund({ mtsms_id: ask.mtsmsId, msisdn: Number(msisdn) });
    const at = this.deps.now().toISOString();
    this.deps.db
      .prepare('INSERT INTO account_refunds (mode, mtsms_id, msisdn, requested_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING')
      .run(mode, ask.mtsmsId, msisdn, at);
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
