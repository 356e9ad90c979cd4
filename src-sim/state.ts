// What one platform of the simulated service remembers: account, sent messages, inbox, keywords and emails.
import type { JournalOp } from './journal';
import { roundMoney, type Currency } from './prices';
import type { Channel, NumberOutcome, Outcome } from './delivery';

export type PlatformName = 'default' | 'eu';

/** Parts of the offer an account may lack; the demo account has all of them. */
export interface Features {
  keywords: boolean;
  email: boolean;
  hlr: boolean;
  premium: boolean;
  secret: boolean;
  charge: boolean;
}

export const FEATURE_NAMES: Record<keyof Features, string> = {
  keywords: 'Keyword management',
  email: 'Email sending',
  hlr: 'Number lookup',
  premium: 'The premium message class',
  secret: 'The secret message class',
  charge: 'Overcharged (charge class) messages',
};

export interface Account {
  id: number;
  credit: number;
  currency: Currency;
  features: Features;
  /** Short codes leased whole by the account; the shared short code is SHARED_SHORTCODE. */
  shortcodes: number[];
}

export const SHARED_SHORTCODE = 1204;

export interface WebhookTarget {
  url: string;
  secret: string | null;
}

export interface MessagingRecord {
  id: string;
  recipient: number;
  sender: string;
  text: string;
  reference: string | null;
  label: string | null;
  priority: 'normal' | 'urgent';
  encoding: 'GSM-7' | 'UCS-2';
  parts: number;
  country: string | null;
  cost: number;
  outcome: Outcome;
  channel: Channel;
  createdAt: number;
  expiresAt: number;
}

export interface ChargeInfo {
  amount: number;
  currency: string;
  code: string;
  description: string;
  category: string;
}

export interface LegacyRecipient {
  msisdn: number;
  tagvalues: string[] | null;
  /** The final text when it differs from the message's (tags substituted). */
  text?: string;
  /** Encoding on the air when it differs from the message's (tag values that need UCS-2). */
  encoding?: 'GSM-7' | 'UCS-2';
  parts: number;
  country: string | null;
  mcc: number | null;
  mnc: number | null;
  cost: number;
  outcome: Outcome;
  charge?: ChargeInfo;
  refundedAt?: number;
}

export type MessageClass = 'standard' | 'premium' | 'secret' | 'charge';

export interface LegacyMessage {
  id: number;
  class: MessageClass;
  /** The message as submitted (with tags, before transcoding); null for binary. */
  message: string | null;
  /** The text recipients get when no tags apply: transcoded and capped by max_parts. */
  text: string;
  payload: string | null;
  udh: string | null;
  sender: string | null;
  sendtime: number | null;
  tags: string[] | null;
  userref: string | null;
  priority: string | null;
  validity_period: number;
  encoding: 'UTF8' | 'UCS2';
  /** Encoding on the air: GSM-7, UCS-2 or binary. */
  airEncoding: 'GSM-7' | 'UCS-2' | 'binary';
  destaddr: string;
  callback_url: string | null;
  label: string | null;
  max_parts: number | null;
  createdAt: number;
  sendAt: number;
  expiresAt: number;
  deletedAt: number | null;
  recipients: LegacyRecipient[];
}

export interface InboundSms {
  id: number;
  msisdn: number;
  receiver: number;
  message: string;
  sender: string | null;
  /** Epoch seconds. */
  senttime: number;
  webhook: string;
  keyword: string | null;
}

export interface Keyword {
  shortcode: number;
  keyword: string;
  pushsetting_reference: string | null;
  createdAt: number;
  /** When the lease was cancelled; it stays active until activeUntil. */
  cancelledAt: number | null;
  activeUntil: number | null;
}

export interface EmailRecord {
  id: number;
  address: string;
  name: string | null;
  from: string;
  reply: string | null;
  subject: string;
  html: string | null;
  plaintext: string | null;
  cc: { address: string; name?: string }[];
  bcc: { address: string; name?: string }[];
  attachments: { filename: string; mimetype: string; bytes: number }[];
  userref: string | null;
  callback_url: string | null;
  cost: number;
  createdAt: number;
}

export interface Refund {
  mtsms_id: number;
  msisdn: number;
  callback_url: string | null;
  at: number;
}

export interface Lookup {
  at: number;
  lookups: number;
  cost: number;
}

export interface PlatformState {
  account: Account;
  webhooks: { messaging: WebhookTarget | null; legacy: WebhookTarget | null };
  counters: { legacyId: number; moId: number; emailId: number };
  messaging: MessagingRecord[];
  legacy: LegacyMessage[];
  inbox: InboundSms[];
  keywords: Keyword[];
  emails: EmailRecord[];
  refunds: Refund[];
  lookups: Lookup[];
  /** Outcomes forced on numbers through the control API, by msisdn; absent in state files from before them. */
  outcomes?: Record<string, NumberOutcome>;
}

export const ALL_FEATURES: Features = { keywords: true, email: true, hlr: true, premium: true, secret: true, charge: true };

/** A fresh demo account: everything enabled, enough credit to try it all. */
export function initialState(platform: PlatformName): PlatformState {
  const eu = platform === 'eu';
  return {
    account: {
      id: eu ? 2001 : 1001,
      credit: eu ? 1500 : 10_000,
      currency: eu ? 'EUR' : 'DKK',
      features: { ...ALL_FEATURES },
      shortcodes: [],
    },
    webhooks: { messaging: null, legacy: null },
    counters: { legacyId: eu ? 200_000_000 : 100_000_000, moId: eu ? 20_000 : 10_000, emailId: eu ? 2_000_000 : 1_000_000 },
    messaging: [],
    legacy: [],
    inbox: [],
    keywords: [],
    emails: [],
    refunds: [],
    lookups: [],
    outcomes: {},
  };
}

/** The state of one platform with the indexes built over it; `changed()` tells the persistence layer. */
export class PlatformStore {
  private readonly legacyById = new Map<number, LegacyMessage>();
  private readonly messagingById = new Map<string, MessagingRecord>();

  constructor(
    readonly name: PlatformName,
    readonly state: PlatformState,
    readonly changed: () => void,
    /** Writes changes to the journal before the request that made them is answered (journal.ts); none in memory. */
    private readonly append: (platform: PlatformName, ops: JournalOp[]) => void = () => undefined,
  ) {
    this.reindex();
  }

  /** Records changes already made to the state, durably, then schedules the state file's compaction. */
  journal(ops: JournalOp[]): void {
    this.append(this.name, ops);
    this.changed();
  }

  /** Rebuilds the indexes after the state's content was replaced. */
  reindex(): void {
    this.legacyById.clear();
    this.messagingById.clear();
    for (const m of this.state.legacy) this.legacyById.set(m.id, m);
    for (const m of this.state.messaging) this.messagingById.set(m.id, m);
  }

  addMessaging(records: MessagingRecord[]): void {
    for (const r of records) {
      this.state.messaging.push(r);
      this.messagingById.set(r.id, r);
    }
    this.journal([{ t: 'messaging', items: records }, { t: 'set', key: 'account', value: this.state.account }]);
  }

  addLegacy(messages: LegacyMessage[]): void {
    for (const m of messages) {
      this.state.legacy.push(m);
      this.legacyById.set(m.id, m);
    }
    this.journal([
      { t: 'legacy', items: messages },
      { t: 'set', key: 'counters', value: this.state.counters },
      { t: 'set', key: 'account', value: this.state.account },
    ]);
  }

  legacyMessage(id: number): LegacyMessage | undefined {
    return this.legacyById.get(id);
  }

  messagingRecord(id: string): MessagingRecord | undefined {
    return this.messagingById.get(id);
  }

  /** Takes money from the credit; false (and nothing taken) when the credit does not cover it. */
  debit(amount: number): boolean {
    const a = this.state.account;
    if (amount > a.credit + 1e-9) return false;
    a.credit = Math.max(0, roundMoney(a.credit - amount));
    this.changed();
    return true;
  }

  /** Gives money back, e.g. for a deleted scheduled message. */
  refund(amount: number): void {
    this.state.account.credit = roundMoney(this.state.account.credit + amount);
    this.changed();
  }

  nextLegacyId(): number {
    return ++this.state.counters.legacyId;
  }

  nextMoId(): number {
    return ++this.state.counters.moId;
  }

  nextEmailId(): number {
    return ++this.state.counters.emailId;
  }
}
