// A request that got no 2xx answer: what its recipients become (uncertain, failed, or queued again) and what the
// campaign does next (wait and retry, or pause for the user). Nothing that may have reached the gateway is resent.
import { BeskedError } from '../../errors';
import { prepared } from '../../db/prepared';
import type { CampaignRow } from '../campaign-store';
import type { OutboxContext } from './outbox-context';

const UNCERTAIN_MESSAGE =
  'The gateway did not answer this request, so Besked cannot tell whether these messages were sent. They are not sent again by themselves.';

/** What a failed request means for its recipients. */
export type SendFailure =
  /** It may have been accepted: never resent by itself. */
  | 'uncertain'
  /** The gateway refused the request's content: these recipients fail. */
  | 'refused'
  /** Certainly not sent, and worth trying again after a wait. */
  | 'retry'
  /** Certainly not sent, and the user has to act (token, credit, a feature not enabled). */
  | 'pause';

export function classifySendFailure(err: unknown): SendFailure {
  const e = err instanceof BeskedError ? err : null;
  // Anything not known to have stayed on this computer may have been accepted.
  if (!e || e.maybeAccepted !== false) return 'uncertain';
  if (e.kind === 'validation') return 'refused';
  if (e.kind === 'network' || e.kind === 'server' || e.kind === 'rate_limited') return 'retry';
  return 'pause';
}

/** A send_chunks.error_code: the error's {code, params} as JSON, or NULL for an error without a code. */
function errorCodeJson(e: BeskedError | null): string | null {
  return e?.code === undefined ? null : JSON.stringify({ code: e.code, ...(e.params ? { params: e.params } : {}) });
}

/** Records a failed request's outcome on its chunk and moves the campaign on. */
export function recordSendFailure(ctx: OutboxContext, row: CampaignRow, chunkId: number, n: number, err: unknown): void {
  const { db, runs } = ctx;
  const e = err instanceof BeskedError ? err : null;
  const message = e ? e.message : 'Something went wrong inside Besked while sending.';
  if (!e) ctx.deps.log.error('send failed unexpectedly', { err, campaign: row.id });
  const at = ctx.iso();
  const t = runs.tracker(row.id);
  t.counts.inFlight -= n;
  const failure = classifySendFailure(err);
  if (failure === 'uncertain') {
    prepared(db, "UPDATE send_chunks SET state = 'uncertain', finished_at = ?, error = ?, error_code = ? WHERE id = ?").run(
      at,
      `${UNCERTAIN_MESSAGE} (${message})`,
      errorCodeJson(e),
      chunkId,
    );
    // Rare, and the user will look at exactly these recipients: settle now.
    ctx.settle(row.id);
    t.counts.uncertain += n;
    ctx.deps.log.warn('chunk outcome unknown', { campaign: row.id, chunk: chunkId, message });
    // The line may be bad: pause briefly before the next chunk, as for a refused connection.
    runs.wait(row.id, 'offline', ctx.now() + runs.backoff(1), 0, null);
    return;
  }
  if (failure === 'refused') {
    // With its code, so the campaign page says why in the UI's language.
    prepared(db, "UPDATE send_chunks SET state = 'failed', finished_at = ?, error = ?, error_code = ? WHERE id = ?").run(at, message, errorCodeJson(e), chunkId);
    ctx.settle(row.id);
    t.counts.failed += n;
    return;
  }
  // Certainly not sent: the recipients go back to the queue.
  // Its recipients were never marked, so they are simply queued again once the chunk no longer covers them.
  prepared(db, "UPDATE send_chunks SET state = 'requeued', finished_at = ?, error = ?, settled = 1 WHERE id = ?").run(at, message, chunkId);
  t.counts.queued += n;
  if (failure === 'retry') {
    const attempts = row.attempts + 1;
    const wait = e!.retryAfterS !== undefined ? e!.retryAfterS * 1000 : runs.backoff(attempts);
    runs.wait(row.id, e!.kind === 'rate_limited' ? 'rate' : 'offline', ctx.now() + wait, attempts, null);
    return;
  }
  // Token refused, too little credit, a feature not enabled…: the user has to act, so stop here and say why.
  runs.pauseWithError(row.id, e!);
}
