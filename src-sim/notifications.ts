// Turns status reports, incoming SMS, email statuses and refunds into webhook calls at their simulated time.
import type { SimClock } from './clock';
import { timeline, type StatusReport } from './delivery';
import { countryByIso } from './prices';
import type { EmailRecord, InboundSms, LegacyMessage, LegacyRecipient, MessagingRecord, PlatformStore } from './state';
import { legacySignature, messagingSignature, type OutgoingCall, type WebhookDispatcher, type WebhookKind } from './webhooks';
import { emailTimeline } from './email-delivery';

export class Notifier {
  /** Legacy calls being signed (jose signs asynchronously); a clock advance waits for them. */
  private readonly signing = new Set<Promise<void>>();
  private signChain: Promise<void> = Promise.resolve();
  /** Bumped by forgetScheduled(): work scheduled under an older epoch does nothing. */
  private epoch = 0;

  constructor(
    private readonly store: PlatformStore,
    private readonly clock: SimClock,
    private readonly dispatcher: WebhookDispatcher,
    private readonly newEventId: () => string,
  ) {}

  /** Drops everything scheduled so far (after a reset of the state). */
  forgetScheduled(): void {
    this.epoch++;
  }

  /** Schedules on the clock, unless forgotten by then. */
  private at(at: number, work: () => void): void {
    const epoch = this.epoch;
    this.clock.schedule(at, () => {
      if (epoch === this.epoch) work();
    });
  }

  /** Resolves once every call that is due has been queued. */
  async settled(): Promise<void> {
    while (this.signing.size > 0) await Promise.all([...this.signing]);
  }

  /** Schedules the status events of newly accepted messaging-interface messages; `from` skips reports already past. */
  messagingAccepted(records: readonly MessagingRecord[], from = -Infinity): void {
    const groups = new Map<number, { record: MessagingRecord; report: StatusReport }[]>();
    for (const record of records) {
      const reports = timeline({
        outcome: record.outcome,
        iface: 'messaging',
        createdAt: record.createdAt,
        sendAt: record.createdAt,
        expiresAt: record.expiresAt,
      });
      for (const report of reports) {
        if (report.at <= from) continue;
        let g = groups.get(report.at);
        if (!g) groups.set(report.at, (g = []));
        g.push({ record, report });
      }
    }
    for (const [at, items] of groups) this.at(at, () => this.fireMessaging(items));
  }

  private fireMessaging(items: { record: MessagingRecord; report: StatusReport }[]): void {
    const target = this.store.state.webhooks.messaging;
    if (!target) return;
    const now = new Date(this.clock.now()).toISOString();
    for (const { record, report } of items) {
      const rcs = record.channel === 'rcs';
      const event = {
        msg_id: record.id,
        recipient: record.recipient,
        reference: record.reference,
        status: report.status,
        status_at: new Date(report.statusAt).toISOString(),
        error: report.error ? { hex_code: report.error.code, details: report.error.details } : null,
      };
      this.sendMessagingEvent(rcs ? 'message.status.rcs' : 'message.status.sms', event, now, record.id);
    }
  }

  private sendMessagingEvent(eventType: string, event: Record<string, unknown>, timestamp: string, orderKey?: string): void {
    const target = this.store.state.webhooks.messaging;
    if (!target) return;
    const body = JSON.stringify({ event_id: this.newEventId(), timestamp, event_type: eventType, event });
    const headers: Record<string, string> = {};
    if (target.secret) headers['signature'] = messagingSignature(body, target.secret);
    this.dispatcher.send({ kind: 'messaging', url: target.url, body, headers, ...(orderKey ? { orderKey } : {}) });
  }

  /** Schedules the delivery callbacks of a newly accepted legacy message; `from` skips reports already past. */
  legacyAccepted(msg: LegacyMessage, from = -Infinity): void {
    const byOutcome = new Map<string, LegacyRecipient[]>();
    for (const r of msg.recipients) {
      let g = byOutcome.get(r.outcome);
      if (!g) byOutcome.set(r.outcome, (g = []));
      g.push(r);
    }
    for (const recipients of byOutcome.values()) {
      const reports = legacyTimeline(msg, recipients[0]!);
      for (const report of reports) {
        if (report.at <= from) continue;
        this.at(report.at, () => {
          // A deleted scheduled message produces nothing after its deletion but the DELETED report.
          if (msg.deletedAt != null && report.status !== 'SCHEDULED' && report.status !== 'DELETED') return;
          this.fireLegacy(msg, recipients, report);
        });
      }
    }
  }

  /** A scheduled message was deleted just now: its recipients report DELETED. */
  legacyDeleted(msg: LegacyMessage): void {
    const at = msg.deletedAt!;
    const report: StatusReport = { at, statusAt: at, status: 'DELETED', error: null };
    this.at(at, () => this.fireLegacy(msg, msg.recipients, report));
  }

  private fireLegacy(msg: LegacyMessage, recipients: readonly LegacyRecipient[], report: StatusReport): void {
    const target = msg.callback_url ?? this.store.state.webhooks.legacy?.url;
    if (!target) return;
    for (const r of recipients) {
      const country = r.country ? countryByIso(r.country) : undefined;
      const fields: Record<string, unknown> = {
        id: msg.id,
        msisdn: r.msisdn,
        time: Math.floor(report.statusAt / 1000),
        status: report.status,
      };
      if (report.error) {
        fields['error'] = report.error.details;
        fields['code'] = report.error.code;
      }
      if (msg.userref != null) fields['userref'] = msg.userref;
      if (country) {
        fields['country_code'] = country.country;
        fields['country_prefix'] = country.prefix;
      }
      if (msg.class === 'charge') {
        const cs = chargeStatus(r, report.status);
        if (cs) fields['charge_status'] = cs;
      }
      this.sendLegacy('legacy-status', target, fields, `sms:${msg.id}:${r.msisdn}`);
    }
  }

  /** An incoming SMS goes to the account's default webhook, and to the messaging webhook as a user-message event. */
  inbound(sms: InboundSms): void {
    const legacy = this.store.state.webhooks.legacy;
    if (legacy) {
      const fields: Record<string, unknown> = {
        id: sms.id,
        msisdn: sms.msisdn,
        receiver: sms.receiver,
        message: sms.message,
        senttime: sms.senttime,
        webhook_label: sms.webhook,
        encoding: 'UTF8',
      };
      if (sms.sender != null) fields['sender'] = sms.sender;
      this.sendLegacy('legacy-incoming', legacy.url, fields);
    }
    this.sendMessagingEvent(
      'user-message.text.sms',
      {
        msg_id: String(sms.id),
        sender: sms.msisdn,
        recipient: sms.receiver,
        text: sms.message,
        received_at: new Date(sms.senttime * 1000).toISOString(),
      },
      new Date(this.clock.now()).toISOString(),
    );
  }

  /** A refund's outcome, reported one simulated second after it was requested. */
  refunded(msg: LegacyMessage, r: LegacyRecipient, callbackUrl: string | null): void {
    const at = r.refundedAt! + 1000;
    this.at(at, () => {
      const target = callbackUrl ?? msg.callback_url ?? this.store.state.webhooks.legacy?.url;
      if (!target) return;
      const fields: Record<string, unknown> = {
        id: msg.id,
        msisdn: r.msisdn,
        time: Math.floor(at / 1000),
        status: 'REFUNDED',
        charge_status: 'REFUNDED',
      };
      if (msg.userref != null) fields['userref'] = msg.userref;
      this.sendLegacy('legacy-refund', target, fields, `sms:${msg.id}:${r.msisdn}`);
    });
  }

  /** Schedules the status callbacks of accepted emails that have a callback_url. */
  emailsAccepted(emails: readonly EmailRecord[], from = -Infinity): void {
    for (const email of emails) {
      const url = email.callback_url;
      if (!url) continue;
      for (const s of emailTimeline(email.address, email.createdAt)) {
        if (s.at <= from) continue;
        this.at(s.at, () => {
          const fields: Record<string, unknown> = {
            id: email.id,
            time: Math.floor(s.at / 1000),
            email_address: email.address,
            status: s.status,
            userref: email.userref ?? '',
            callback_url: url,
          };
          if (s.details) fields['details'] = s.details;
          this.sendLegacy('email-status', url, fields, `email:${email.id}`);
        });
      }
    }
  }

  private sendLegacy(kind: WebhookKind, url: string, fields: Record<string, unknown>, orderKey?: string): void {
    const body = JSON.stringify(fields);
    const secret = this.store.state.webhooks.legacy?.secret;
    const call: OutgoingCall = { kind, url, body, headers: {}, ...(orderKey ? { orderKey } : {}) };
    if (!secret) {
      this.dispatcher.send(call);
      return;
    }
    // Signing is asynchronous; one chain keeps the calls in the order they were made.
    const p: Promise<void> = (this.signChain = this.signChain
      .then(() => legacySignature(fields, secret))
      .then((jwt) => {
        call.headers['x-service-signature'] = jwt;
        this.dispatcher.send(call);
      })
      .catch((err: Error) => process.emitWarning(`simulator could not sign a callback: ${err.message}`))
      .finally(() => this.signing.delete(p)));
    this.signing.add(p);
  }
}

/** The reports of one legacy recipient. */
export function legacyTimeline(msg: LegacyMessage, r: LegacyRecipient): StatusReport[] {
  return timeline({
    outcome: r.outcome,
    iface: 'legacy',
    createdAt: msg.createdAt,
    sendAt: msg.sendAt,
    expiresAt: msg.expiresAt,
    deletedAt: msg.deletedAt,
  });
}

/** Charge status of an overcharged message: CAPTURED once delivered, FAILED when it ends otherwise. */
export function chargeStatus(r: LegacyRecipient, status: string): string | null {
  if (r.refundedAt != null) return 'REFUNDED';
  if (status === 'DELIVERED') return 'CAPTURED';
  if (['UNDELIVERABLE', 'EXPIRED', 'REJECTED', 'DELETED', 'SKIPPED'].includes(status)) return 'FAILED';
  return null;
}
