// What the user does to a campaign on its way: pause, resume, cancel (queued recipients at once, messages waiting
// at the gateway through DELETE), and the answer for recipients whose request had an unknown outcome.
import { coded } from '../../../../src-shared/error-codes';
import { BeskedError, toAppError } from '../../errors';
import { prepared } from '../../db/prepared';
import { campaignFacts, enforce } from '../campaign-rules';
import { channelTraits } from './channel-traits';
import type { OutboxContext } from './outbox-context';

export function pauseCampaign(ctx: OutboxContext, id: number): void {
  const row = ctx.deps.store.row(id);
  enforce('pause', row, campaignFacts(ctx.deps.store, row, ctx.iso()));
  prepared(ctx.db, "UPDATE campaigns SET state = 'paused', next_attempt_at = NULL WHERE id = ?").run(id);
  ctx.runs.forget(id);
  ctx.runs.changed(id);
}

export async function resumeCampaign(ctx: OutboxContext, id: number): Promise<void> {
  const row = ctx.deps.store.row(id);
  enforce('resume', row, campaignFacts(ctx.deps.store, row, ctx.iso()));
  const mode = await ctx.deps.mode();
  // A send time still ahead on an interface that cannot hand it to the gateway: it waits here again.
  const later = channelTraits(row.channel).later === 'local' && row.send_at !== null && Date.parse(row.send_at) > ctx.now();
  prepared(
    ctx.db,
    'UPDATE campaigns SET state = ?, mode = ?, last_error = NULL, last_error_code = NULL, attempts = 0, waiting_reason = NULL, next_attempt_at = NULL WHERE id = ?',
  ).run(later ? 'scheduled' : 'sending', mode, id);
  ctx.runs.forget(id);
  ctx.runs.changed(id);
  ctx.wake();
}

/**
 * Cancels what has not gone out: queued recipients at once, and messages waiting at the gateway for their send
 * time through DELETE /rest/mtsms/{id}. Those the gateway could not delete (already sent, or unreachable) are
 * reported; the campaign is only marked cancelled when nothing is left at the gateway.
 */
export async function cancelCampaign(ctx: OutboxContext, id: number): Promise<{ notCancelled: number; problem: string | null }> {
  const db = ctx.db;
  const recipients = ctx.deps.store.recipients;
  const row = ctx.deps.store.row(id);
  enforce('cancel', row, campaignFacts(ctx.deps.store, row, ctx.iso()));
  const at = ctx.iso();
  ctx.settle(id);
  db.transaction(() => {
    // A chunk on its way is not the queue any more: its outcome decides for its recipients.
    recipients.cancelQueued(id, at);
    prepared(db, "UPDATE campaigns SET state = 'cancelled', waiting_reason = NULL, next_attempt_at = NULL, finished_at = ? WHERE id = ? AND state <> 'cancelled'").run(at, id);
  })();
  const pending = prepared(
    db,
    `SELECT gateway_id FROM gateway_messages
     WHERE campaign_id = ? AND interface = 'legacy' AND done = 0 AND send_at > ?`,
    'pluck',
  ).all(id, at) as string[];
  let notCancelled = 0;
  let problem: string | null = null;
  for (const gid of pending) {
    try {
      await ctx.deps.gateway.deleteScheduled(Number(gid));
      db.transaction(() => {
        recipients.cancelAtGateway(id, gid, at);
        prepared(db, 'UPDATE gateway_messages SET done = 1 WHERE gateway_id = ?').run(gid);
      })();
    } catch (err) {
      const n = prepared(db, 'SELECT recipients FROM gateway_messages WHERE gateway_id = ?', 'pluck').get(gid) as number;
      notCancelled += n;
      problem = toAppError(err).message;
    }
  }
  if (notCancelled > 0) {
    // Something is still queued at the gateway: say so instead of pretending it was cancelled.
    // The gateway's reason is part of the sentence, so this one stays in English (no code).
    prepared(db, "UPDATE campaigns SET state = 'scheduled', finished_at = NULL, last_error = ?, last_error_code = NULL WHERE id = ?").run(
      `${notCancelled.toLocaleString('en')} scheduled messages could not be cancelled at the gateway and may still go out: ${problem} Try cancelling again.`,
      id,
    );
  } else {
    prepared(db, 'UPDATE campaigns SET last_error = NULL, last_error_code = NULL WHERE id = ?').run(id);
  }
  ctx.runs.forget(id);
  ctx.runs.changed(id);
  return { notCancelled, problem };
}

/** The user's answer for recipients whose request had an unknown outcome: send again, or leave them. Run exclusively. */
export function resolveUncertainNow(ctx: OutboxContext, id: number, action: 'resend' | 'dismiss'): void {
  const db = ctx.db;
  ctx.settle(id);
  const row = ctx.deps.store.row(id);
  const recipients = ctx.deps.store.recipients;
  const n = recipients.uncertainCount(id);
  if (n === 0) throw new BeskedError('conflict', 'No recipient of this campaign is uncertain any more.', coded('campaign.nothingUncertain'));
  if (action === 'dismiss') {
    recipients.dismissUncertain(id);
    ctx.runs.forget(id);
    ctx.runs.finishIfDone(id, true);
    ctx.runs.changed(id);
    return;
  }
  if (row.state === 'cancelled') throw new BeskedError('conflict', 'This campaign was cancelled. Duplicate it to send again.', coded('campaign.cancelledDuplicate'));
  db.transaction(() => {
    recipients.requeueUncertain(id);
    if (row.state !== 'paused') {
      prepared(db, "UPDATE campaigns SET state = 'sending', finished_at = NULL, waiting_reason = NULL, next_attempt_at = NULL WHERE id = ?").run(id);
    }
  })();
  ctx.runs.forget(id);
  ctx.runs.changed(id);
  ctx.wake();
}
