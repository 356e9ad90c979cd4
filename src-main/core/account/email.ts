// Email (POST /rest/email): sends a composed email to contacts and keeps a list of what was sent with the gateway's ids.
import type { SentEmail } from '../../../src-shared/contract';
import type { AccountDeps, Mode } from './deps';
import { buildEmailRequest } from './email-message';
import { writeGate } from '../db/write-gate';

interface Row {
  id: number;
  sent_at: string;
  subject: string;
  recipients: number;
  gateway_ids: string;
  attachments: number;
  cost: number;
  currency: string;
}

const toSent = (r: Row): SentEmail => ({
  id: r.id,
  sentAt: r.sent_at,
  subject: r.subject,
  recipients: r.recipients,
  ids: JSON.parse(r.gateway_ids) as number[],
  attachments: r.attachments,
  cost: r.cost,
  currency: r.currency,
});

export class EmailService {
  constructor(private readonly deps: AccountDeps) {}

  async send(input: Parameters<typeof buildEmailRequest>[0]): Promise<SentEmail> {
    const request = buildEmailRequest(input);
    const mode = await this.deps.mode();
    const res = await this.deps.caps.spend(
      'email',
      mode,
      this.lastUnitPrice(mode, input.recipients.length),
      () => this.deps.features.guard(mode, 'email', () => this.deps.gateway.sendEmail(request)),
      (r) => r.usage.total_cost,
    );
    this.deps.spent();
    const at = this.deps.now().toISOString();
    // After the gateway's answer: through the write gate, as every write after an await (db/write-gate.ts).
    const info = await writeGate(this.deps.db).run(() =>
      this.deps.db
        .prepare(
          'INSERT INTO account_emails (mode, sent_at, subject, recipients, gateway_ids, attachments, cost, currency) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        )
        .run(mode, at, input.subject, input.recipients.length, JSON.stringify(res.ids), input.attachments?.length ?? 0, res.usage.total_cost, res.usage.currency),
    );
    return toSent({
      id: Number(info.lastInsertRowid),
      sent_at: at,
      subject: input.subject,
      recipients: input.recipients.length,
      gateway_ids: JSON.stringify(res.ids),
      attachments: input.attachments?.length ?? 0,
      cost: res.usage.total_cost,
      currency: res.usage.currency,
    });
  }

  /** What `recipients` emails cost at the price per recipient the gateway last charged in this mode (it publishes none). */
  private lastUnitPrice(mode: Mode, recipients: number): number | null {
    const r = this.deps.db.prepare('SELECT cost, recipients FROM account_emails WHERE mode = ? AND recipients > 0 ORDER BY id DESC LIMIT 1').get(mode) as
      | { cost: number; recipients: number }
      | undefined;
    return r ? (r.cost / r.recipients) * recipients : null;
  }

  async sent(limit = 100): Promise<SentEmail[]> {
    const mode = await this.deps.mode();
    const rows = this.deps.db
      .prepare(
        'SELECT id, sent_at, subject, recipients, gateway_ids, attachments, cost, currency FROM account_emails WHERE mode = ? ORDER BY id DESC LIMIT ?',
      )
      .all(mode, limit) as Row[];
    return rows.map(toSent);
  }
}

