// The messaging interface (POST /mobile/multi) as the outbox sends on it: one message per recipient with its final
// text, an answer naming each recipient's message id, statuses by webhook only. Each recipient has its own id, so
// its row is settled as the answer comes.
import type { MultiMobileMessageResponse } from '../../gateway';
import { prepared } from '../../db/prepared';
import { accountMessaging, unaccountedReason } from './answer-accounting';
import { frozenOptions, lastErrorColumns } from '../campaign-store';
import { localDay } from '../checks/limits';
import { buildMessagingRequest } from './messaging-request';
import type { ChunkJob, OutboxChannel } from './outbox-channel';
import type { OutboxContext } from './outbox-context';
import { DEFAULT_VALIDITY_S, type ChunkRecipient } from './send-spec';

export const messagingChannel: OutboxChannel = {
  build(ctx, job) {
    const recipients: ChunkRecipient[] = job.chunk.map((c) => ({
      id: c.id,
      msisdn: c.msisdn,
      text: c.text,
      tagvalues: c.tagvaluesJson === null ? null : (JSON.parse(c.tagvaluesJson) as string[]),
      parts: c.parts,
      ucs2: c.ucs2,
    }));
    const messages = buildMessagingRequest(job.spec, recipients);
    return async (chunkId) => {
      const res = await ctx.deps.gateway.sendMulti(messages);
      return () => accept(ctx, job, chunkId, res);
    };
  },
};

function accept(ctx: OutboxContext, job: ChunkJob, chunkId: number, res: MultiMobileMessageResponse): void {
  const { db, deps } = ctx;
  const { row, chunk } = job;
  const at = ctx.iso();
  const held = prepared(db, 'SELECT 1 FROM gateway_messages WHERE gateway_id = ?', 'pluck');
  const account = accountMessaging(row.id, chunk, res.responses, (id) => held.get(id) !== undefined);
  const why = account.unaccounted.length > 0 ? unaccountedReason(account.accepted.size, chunk.length) : null;
  if (why) deps.log.warn('messaging send: the answer does not account for every recipient', { campaign: row.id, responses: res.responses.length, sent: chunk.length });
  const validity = frozenOptions(row).validitySeconds ?? DEFAULT_VALIDITY_S;
  let cost = 0;
  db.transaction(() => {
    // Accepted by the 202, but not named in it: the gateway may well have it, so never failed, never resent.
    const { accepted: setAccepted, uncertain: setUncertain } = deps.store.recipients.messagingAnswer();
    // Status of messaging sends arrives only by webhook: nothing to poll, so the rows are born done.
    const addMessage = prepared(
      db,
      `INSERT INTO gateway_messages (gateway_id, interface, campaign_id, chunk_id, recipients, send_at, expires_at, next_poll_at, done)
       VALUES (?, 'messaging', ?, ?, 1, ?, ?, NULL, 1)`,
    );
    for (const r of chunk) {
      const msgId = account.accepted.get(r.id);
      if (msgId === undefined) {
        setUncertain.run(chunkId, why!.message, r.id);
        continue;
      }
      cost += r.cost ?? 0;
      setAccepted.run(chunkId, msgId, at, r.id);
      addMessage.run(msgId, row.id, chunkId, at, ctx.iso(ctx.now() + validity * 1000));
    }
    prepared(db, "UPDATE send_chunks SET state = 'accepted', finished_at = ?, cost = ?, settled = 1, uncertain_ids = ?, error = ?, error_code = ? WHERE id = ?").run(
      at,
      cost,
      why ? JSON.stringify(account.unaccounted) : null,
      ...lastErrorColumns(why),
      chunkId,
    );
    ctx.spend.add(localDay(ctx.now(), ctx.offset), job.mode, cost);
    prepared(db, 'UPDATE campaigns SET attempts = 0, last_error = NULL, last_error_code = NULL WHERE id = ?').run(row.id);
  })();
  const t = ctx.runs.tracker(row.id);
  t.counts.inFlight -= chunk.length;
  t.counts.accepted += account.accepted.size;
  t.counts.uncertain += chunk.length - account.accepted.size;
}
