// The one gate every call that spends money passes before the gateway is asked (replies of every kind, number
// lookups, emails): its cost against the owner's per-campaign and daily caps (limits.ts), counting what other paid
// calls on their way will spend, and its charge added to the day's spend so the next check counts it.
import { coded, type Coded } from '../../../../src-shared/error-codes';
import type { Db } from '../../db/database';
import { BeskedError } from '../../errors';
import type { Mode, PriceBook } from '../../pricing/price-book';
import { checkSpend, localDay, systemOffset, type OffsetFn, type SendingLimits } from './limits';
import { FALLBACK_CURRENCY } from '../drafts/preview';
import { SpendLedger } from './spend-ledger';

/** The paid calls besides campaigns (whose caps the preview and the outbox apply): named in refusals. */
export type PaidCall = 'reply' | 'lookup' | 'email';

export interface SpendCapsDeps {
  db: Db;
  limits: () => Pick<SendingLimits, 'campaignCap' | 'dailyCap'>;
  now: () => number;
  /** The price list replies are priced from (the one Compose prices campaigns from). */
  prices: () => PriceBook;
  offset?: OffsetFn;
}

/** How long a capped reply waits for the first price list on its way before it is refused as unpriced. */
const FIRST_PRICE_LIST_WAIT_MS = 3_000;

const money = (n: number, currency: string) => `${n.toFixed(2)} ${currency}`;
/** An amount as the refusal's parameters carry it: to the cent, as the texts show money. */
const cents = (n: number) => Math.round(n * 100) / 100;

export class SpendCaps {
  private readonly ledger: SpendLedger;
  private readonly offset: OffsetFn;
  /** What paid calls already checked but not yet charged will spend, per mode: two at once cannot both fit in one room. */
  private readonly pending = new Map<Mode, number>();

  constructor(private readonly deps: SpendCapsDeps) {
    this.ledger = new SpendLedger(deps.db);
    this.offset = deps.offset ?? systemOffset;
  }

  /** The currency prices are read in: the account's, as the balance last said, else the gateway's home currency. */
  currency(mode: Mode): string {
    return this.ledger.balance(mode)?.currency ?? FALLBACK_CURRENCY;
  }

  /** Refuses a paid call whose cost (null: not known) breaks a cap, with a coded 'limit' error saying which. */
  check(what: PaidCall, mode: Mode, cost: number | null): void {
    const spent = this.ledger.spentOn(this.today(), mode) + (this.pending.get(mode) ?? 0);
    const r = checkSpend(cost, this.deps.limits(), spent);
    if (r.ok) return;
    const currency = this.currency(mode);
    if (r.cap === 'unpriced') {
      throw refusal(
        `Besked does not know yet what this ${what} costs, so it cannot keep it within your spending limits. The owner can lift the limits in Settings for it.`,
        coded('spend.unpriced'),
      );
    }
    const c = money(cost!, currency);
    const amounts = { cost: cents(cost!), cap: r.limit, currency };
    if (r.cap === 'campaign') {
      throw refusal(`This ${what} costs ${c}, more than your limit of ${money(r.limit, currency)} per send. The owner can raise it in Settings.`, coded('spend.overCampaignCap', amounts));
    }
    throw refusal(
      `This ${what} costs ${c}; only ${money(r.room, currency)} of today's limit of ${money(r.limit, currency)} is left. The owner can raise it in Settings.`,
      coded('spend.overDailyCap', { ...amounts, room: cents(r.room) }),
    );
  }

  /**
   * A reply's cost from the price list (null without a price), refused when it breaks a cap. The caller keeps the
   * cost on the reply's recipient, so the outbox's daily cap counts it until the gateway accepts it.
   */
  async checkReply(mode: Mode, msisdn: number, parts: number): Promise<number | null> {
    const limits = this.deps.limits();
    const prices = this.deps.prices();
    if (limits.campaignCap !== null || limits.dailyCap !== null) {
      prices.refreshIfStale(mode);
      await prices.firstList(mode, FIRST_PRICE_LIST_WAIT_MS);
    }
    const part = prices.index(mode)?.partPrice(msisdn, 'standard', this.currency(mode)) ?? null;
    const cost = part === null ? null : part * parts;
    this.check('reply', mode, cost);
    return cost;
  }

  /**
   * Checks a paid call, holds its estimate while it runs (so a second call at the same moment counts it), and adds
   * what the gateway says it charged to the day's spend.
   */
  async spend<T>(what: PaidCall, mode: Mode, estimate: number | null, run: () => Promise<T>, charged: (t: T) => number): Promise<T> {
    this.check(what, mode, estimate);
    const held = estimate ?? 0;
    this.pending.set(mode, (this.pending.get(mode) ?? 0) + held);
    try {
      const result = await run();
      await this.ledger.addWhenFree(this.today(), mode, charged(result));
      return result;
    } finally {
      this.pending.set(mode, (this.pending.get(mode) ?? 0) - held);
    }
  }

  private today(): string {
    return localDay(this.deps.now(), this.offset);
  }
}

function refusal(message: string, code: Coded): BeskedError {
  return new BeskedError('limit', message, code);
}
