// The legacy interface (POST /rest/mtsms) as the outbox sends on it: one request per chunk carrying the template
// and tag values, an answer of one id per message, statuses polled later. The recipients' rows are not touched
// when the answer comes: the chunk holds the outcome until it is settled (settlement.ts).
import type { SendResponse } from '../../gateway';
import { prepared } from '../../db/prepared';
import { accountLegacy, unaccountedReason } from './answer-accounting';
import { frozenOptions, lastErrorColumns } from '../campaign-store';
import { localDay } from '../checks/limits';
import { buildLegacyRequestJson } from './legacy-request';
import type { ChunkJob, OutboxChannel } from './outbox-channel';
import type { OutboxContext } from './outbox-context';
import { SCHEDULE_THRESHOLD_MS } from '../checks/scheduling';
import { DEFAULT_VALIDITY_S } from './send-spec';

export const legacyChannel: OutboxChannel = {
  build(ctx, job) {
    // Straight from the frozen rows to JSON: the stored tagvalues are not parsed and serialised again.
    const req = buildLegacyRequestJson(job.spec, job.seq, job.chunk, job.sendtime);
    return async (chunkId) => {
      const res = await ctx.deps.gateway.sendBuiltMtsms(req.json);
      return () => accept(ctx, job, chunkId, req.groups, res, job.sendtime ?? ctx.now());
    };
  },
};

function accept(ctx: OutboxContext, job: ChunkJob, chunkId: number, groups: { id: number }[][], res: SendResponse, sendAtMs: number): void {
  const { db, deps } = ctx;
  const row = job.row;
  const at = ctx.iso();
  const validity = frozenOptions(row).validitySeconds ?? DEFAULT_VALIDITY_S;
  const firstPoll = Math.max(sendAtMs, ctx.now()) + (deps.firstPollDelayMs ?? 30_000);
  const held = prepared(db, 'SELECT 1 FROM gateway_messages WHERE gateway_id = ?', 'pluck');
  const account = accountLegacy(groups.length, res.ids, (id) => held.get(id) !== undefined);
  const unaccounted = groups.filter((_, i) => account.ids[i] === null).flat();
  if (unaccounted.length > 0) {
    deps.log.warn('legacy send: the answer does not account for every message', { campaign: row.id, ids: res.ids.length, messages: groups.length, problem: account.problem });
  }
  const addMessage = prepared(
    db,
    `INSERT INTO gateway_messages (gateway_id, interface, campaign_id, chunk_id, recipients, send_at, expires_at, next_poll_at, done, recipient_ids)
     VALUES (?, 'legacy', ?, ?, ?, ?, ?, ?, 0, ?)`,
  );
  const n = groups.reduce((sum, g) => sum + g.length, 0);
  const why = unaccounted.length > 0 ? unaccountedReason(n - unaccounted.length, n) : null;
  db.transaction(() => {
    // Every group but the largest by its ids, the largest as "the rest of the chunk" (settlement.ts takes the
    // listed ones first): a chunk of mostly GSM-7 texts stores a few UCS-2 ids, not a thousand GSM-7 ones. When
    // some group is unaccounted for, every accounted group lists its ids and the rest is uncertain.
    const rest = unaccounted.length > 0 ? -1 : groups.reduce((best, g, i) => (g.length > groups[best]!.length ? i : best), 0);
    groups.forEach((g, i) => {
      const id = account.ids[i];
      if (id === null || id === undefined) return;
      const ids = i === rest ? null : JSON.stringify(g.map((r) => r.id));
      addMessage.run(id, row.id, chunkId, g.length, ctx.iso(sendAtMs), ctx.iso(sendAtMs + validity * 1000), ctx.iso(firstPoll), ids);
    });
    // Ids the answer gave without saying whose: polled like any message, their reports confirm the uncertain
    // recipients they name (sync/status-store.ts).
    if (account.problem === 'count') {
      const probe = prepared(
        db,
        `INSERT OR IGNORE INTO gateway_messages (gateway_id, interface, campaign_id, chunk_id, recipients, send_at, expires_at, next_poll_at, done, probe)
         VALUES (?, 'legacy', ?, ?, ?, ?, ?, ?, 0, 1)`,
      );
      for (const n of new Set(res.ids)) {
        if (held.get(String(n)) === undefined) probe.run(String(n), row.id, chunkId, unaccounted.length, ctx.iso(sendAtMs), ctx.iso(sendAtMs + validity * 1000), ctx.iso(firstPoll));
      }
    }
    const cost = res.usage.total_cost;
    prepared(db, "UPDATE send_chunks SET state = 'accepted', finished_at = ?, cost = ?, uncertain_ids = ?, error = ?, error_code = ? WHERE id = ?").run(
      at,
      cost,
      unaccounted.length > 0 ? JSON.stringify(unaccounted.map((r) => r.id)) : null,
      ...lastErrorColumns(why),
      chunkId,
    );
    ctx.spend.add(localDay(sendAtMs, ctx.offset), job.mode, cost);
    prepared(
      db,
      `UPDATE campaigns SET attempts = 0, last_error = NULL, last_error_code = NULL, currency = COALESCE(currency, ?),
         scheduled_at_gateway = CASE WHEN ? THEN 1 ELSE scheduled_at_gateway END WHERE id = ?`,
    ).run(res.usage.currency, sendAtMs > ctx.now() + SCHEDULE_THRESHOLD_MS ? 1 : 0, row.id);
  })();
  const t = ctx.runs.tracker(row.id);
  t.counts.inFlight -= n;
  t.counts.accepted += n - unaccounted.length;
  t.counts.uncertain += unaccounted.length;
  // Rare, and the user will look at exactly these recipients: settle now.
  if (unaccounted.length > 0) ctx.settle(row.id);
  // Cancelled while this chunk was on its way: take its scheduled messages back out of the gateway's queue.
  if (sendAtMs > ctx.now() + SCHEDULE_THRESHOLD_MS && deps.store.row(row.id).state === 'cancelled') {
    void ctx.cancel(row.id).catch((err: unknown) => deps.log.warn('cancel after late acceptance failed', { err }));
  }
}
