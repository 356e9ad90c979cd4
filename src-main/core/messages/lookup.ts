// Looks up one sent SMS on the account by its gateway id (GET /rest/mtsms/{id}) and joins what Besked knows about
// it: the campaign that sent it, charge statuses from callbacks and refunds already asked for.
import type { LookedUpMessage, Mode } from '../../../src-shared/contract';
import type { Db } from '../db/database';
import { BeskedError } from '../errors';
import { NotFound, type GatewayClient, type StoredMessage } from '../gateway';
import type { ChargeStatuses } from './charge-statuses';
import { toLookedUpMessage } from './message-view';
import { coded } from '../../../src-shared/error-codes';

/** Re-exported for this module's users; the one definition is the contract's. */
export type { Mode };

export interface MessageLookupDeps {
  db: Db;
  gateway: Pick<GatewayClient, 'getMtsms'>;
  /** Where gateway calls go right now; ids are numbered per gateway, so Besked's records are kept per mode. */
  mode: () => Promise<Mode>;
  charges: ChargeStatuses;
  now: () => Date;
}

export function notFoundMessage(id: number): string {
  return (
    `The gateway has no sent message with id ${id}. Check the number. A message can only be looked up once it has been ` +
    'sent and moved to the gateway\u2019s long-term storage, a few moments after sending; a scheduled message is not there before its send time.'
  );
}

export class MessageLookup {
  constructor(private readonly d: MessageLookupDeps) {}

  async lookup(gatewayId: number): Promise<LookedUpMessage> {
    const mode = await this.d.mode();
    let stored: StoredMessage | undefined;
    try {
      [stored] = await this.d.gateway.getMtsms(gatewayId);
    } catch (err) {
      if (err instanceof NotFound) throw new BeskedError('not_found', notFoundMessage(gatewayId), { status: 404, cause: err, ...coded('message.notFound', { id: String(gatewayId) }) });
      throw err;
    }
    // The spec answers an array holding the message; an empty one means the same as a 404.
    if (!stored) throw new BeskedError('not_found', notFoundMessage(gatewayId), { status: 404, ...coded('message.notFound', { id: String(gatewayId) }) });
    return toLookedUpMessage({
      stored,
      mode,
      charges: this.d.charges.forMessage(mode, gatewayId),
      refunds: this.refunds(mode, gatewayId),
      campaign: this.campaignOf(mode, gatewayId),
      fetchedAt: this.d.now(),
    });
  }

  private refunds(mode: Mode, id: number): Map<string, string> {
    const rows = this.d.db.prepare('SELECT msisdn, requested_at FROM account_refunds WHERE mode = ? AND mtsms_id = ?').all(mode, id) as {
      msisdn: string;
      requested_at: string;
    }[];
    return new Map(rows.map((r) => [r.msisdn, r.requested_at]));
  }

  private campaignOf(mode: Mode, id: number): LookedUpMessage['campaign'] {
    const row = this.d.db
      .prepare(
        `SELECT c.id, c.name, c.kind FROM gateway_messages g JOIN campaigns c ON c.id = g.campaign_id
          WHERE g.gateway_id = ? AND g.interface = 'legacy' AND c.mode = ?`,
      )
      .get(String(id), mode) as { id: number; name: string; kind: 'campaign' | 'reply' } | undefined;
    return row ? { id: row.id, name: row.name, kind: row.kind } : null;
  }
}
