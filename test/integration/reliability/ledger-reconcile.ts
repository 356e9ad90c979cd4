// The at-most-once audit: the simulator's ledger (what the gateway really accepted) held against Besked's
// campaign_recipients (what Besked believes). Pure, so the rules themselves are tested with hand-made cases.
import type { Db } from '../../../src-main/core/db/database';

export interface SimLedgerEntry {
  interface: 'messaging' | 'legacy';
  id: string;
  recipient: number;
  status: string;
  /** Messaging reference `c<campaign>r<recipient>` or legacy userref `c<campaign>k<chunk>`, as Besked set them. */
  reference: string | null;
}

export interface RecipientRow {
  id: number;
  campaign_id: number;
  msisdn: number;
  state: string;
  gateway_id: string | null;
}

/** States a recipient may rest in once its campaign is settled; queued and in_flight mean "not done yet". */
const SETTLED = new Set(['accepted', 'excluded', 'failed', 'uncertain', 'dismissed', 'cancelled']);
/** States in which the gateway may or may not have the message: zero or one ledger entry, never two. */
const MAYBE_SENT = new Set(['uncertain', 'dismissed']);

function campaignOf(ref: string | null): { campaignId: number; recipientId: number | null } | null {
  const m = /^c(\d+)(?:r(\d+)|k\d+)$/.exec(ref ?? '');
  if (!m) return null;
  return { campaignId: Number(m[1]), recipientId: m[2] === undefined ? null : Number(m[2]) };
}

/**
 * Every problem found, as sentences (empty when Besked's books match the gateway's):
 * - no ledger entry unknown to Besked: each names a campaign and recipient row that is accepted with that
 *   gateway id, or uncertain/dismissed;
 * - nobody twice: at most one ledger entry per campaign and number;
 * - every accepted row has exactly its one ledger entry; failed and excluded rows have none;
 * - with `settled`, nothing is left queued or in flight.
 */
export function reconcile(rows: readonly RecipientRow[], ledger: readonly SimLedgerEntry[], opts: { settled?: boolean } = {}): string[] {
  const problems: string[] = [];
  const byKey = new Map<string, RecipientRow>();
  for (const r of rows) byKey.set(`${r.campaign_id}:${r.msisdn}`, r);
  const entriesPerRow = new Map<number, SimLedgerEntry[]>();

  for (const e of ledger) {
    const owner = campaignOf(e.reference);
    const label = `ledger ${e.interface} ${e.id} to ${e.recipient}`;
    if (!owner) {
      problems.push(`${label}: reference ${JSON.stringify(e.reference)} names no Besked campaign`);
      continue;
    }
    const row = byKey.get(`${owner.campaignId}:${e.recipient}`);
    if (!row) {
      problems.push(`${label}: campaign ${owner.campaignId} has no recipient row for this number`);
      continue;
    }
    if (owner.recipientId !== null && owner.recipientId !== row.id) {
      problems.push(`${label}: reference names recipient ${owner.recipientId}, but the number belongs to row ${row.id}`);
    }
    const list = entriesPerRow.get(row.id) ?? [];
    list.push(e);
    entriesPerRow.set(row.id, list);
    if (row.state === 'accepted' || row.state === 'cancelled') {
      if (row.gateway_id !== e.id) problems.push(`${label}: Besked has it ${row.state} with gateway id ${row.gateway_id}`);
    } else if (!MAYBE_SENT.has(row.state)) {
      problems.push(`${label}: Besked has this recipient ${row.state}, so it believes nothing went out`);
    }
  }

  for (const r of rows) {
    const n = entriesPerRow.get(r.id)?.length ?? 0;
    if (n > 1) problems.push(`recipient ${r.msisdn} of campaign ${r.campaign_id} is in the ledger ${n} times`);
    if (r.state === 'accepted' && n === 0) problems.push(`recipient ${r.msisdn} of campaign ${r.campaign_id} is accepted but not in the ledger`);
    if (opts.settled && !SETTLED.has(r.state)) problems.push(`recipient ${r.msisdn} of campaign ${r.campaign_id} is still ${r.state}`);
  }
  return problems;
}

export function recipientRows(db: Db, campaignId?: number): RecipientRow[] {
  const sql = 'SELECT id, campaign_id, msisdn, state, gateway_id FROM campaign_recipients' + (campaignId === undefined ? '' : ' WHERE campaign_id = ?');
  const stmt = db.prepare(sql);
  return (campaignId === undefined ? stmt.all() : stmt.all(campaignId)) as RecipientRow[];
}

/** How many recipients rest in each state, for assertions that the faults really bit. */
export function stateCounts(rows: readonly RecipientRow[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of rows) out[r.state] = (out[r.state] ?? 0) + 1;
  return out;
}
