// Incoming SMS: receiving one (routed by keyword to a webhook label) and listing them by date (/rest/mosms).
import { matchKeyword } from './keywords';
import { LegacyError } from './legacy-errors';
import { asDate, asInteger } from './legacy-input';
import type { Platform } from './platform';
import type { Reply, RouteContext } from './routing';
import type { InboundSms } from './state';

export const MOSMS_PAGE = { defaultPerPage: 100, maxPerPage: 200 } as const;
/** Label of the account's default webhook, used when no keyword names another. */
export const DEFAULT_WEBHOOK_LABEL = 'default';

export interface InboundInput {
  msisdn: number;
  receiver: number;
  message: string;
  sender?: string | null;
}

/** Stores an incoming SMS at the current simulated time and sends it to the incoming webhook. */
export function receiveInbound(platform: Platform, input: InboundInput): InboundSms {
  const state = platform.store.state;
  const now = platform.clock.now();
  const keyword = matchKeyword(state, input.receiver, input.message, now);
  const sms: InboundSms = {
    id: platform.store.nextMoId(),
    msisdn: input.msisdn,
    receiver: input.receiver,
    message: input.message,
    sender: input.sender ?? null,
    senttime: Math.floor(now / 1000),
    webhook: keyword?.pushsetting_reference ?? DEFAULT_WEBHOOK_LABEL,
    keyword: keyword?.keyword ?? null,
  };
  state.inbox.push(sms);
  platform.store.journal([
    { t: 'push', key: 'inbox', items: [sms] },
    { t: 'set', key: 'counters', value: state.counters },
  ]);
  platform.notifier.inbound(sms);
  return sms;
}

/** GET /rest/mosms?from=YYYY-MM-DD&to=YYYY-MM-DD[&page=1][&per_page=100]: whole UTC days, oldest first. */
export function listMosms(ctx: RouteContext): Reply {
  const q = ctx.query;
  const fromRaw = q.get('from');
  const toRaw = q.get('to');
  if (fromRaw === null) throw new LegacyError('missingField', ['from']);
  if (toRaw === null) throw new LegacyError('missingField', ['to']);
  const from = asDate(fromRaw, 'from') / 1000;
  const to = asDate(toRaw, 'to') / 1000 + 86_400;
  if (to <= from) throw new LegacyError('invalidValue', ['to', 'must not be before from']);
  const page = q.get('page') === null ? 1 : asInteger(q.get('page'), 'page');
  if (page < 1) throw new LegacyError('invalidValue', ['page', 'must be 1 or more']);
  const perPage = q.get('per_page') === null ? MOSMS_PAGE.defaultPerPage : asInteger(q.get('per_page'), 'per_page');
  if (perPage < 1 || perPage > MOSMS_PAGE.maxPerPage)
    throw new LegacyError('invalidValue', ['per_page', `must be 1 to ${MOSMS_PAGE.maxPerPage}`]);
  // The inbox is kept in arrival order, which is senttime order.
  const matching = ctx.platform.store.state.inbox.filter((m) => m.senttime >= from && m.senttime < to);
  const start = (page - 1) * perPage;
  return {
    status: 200,
    body: {
      results: matching.length,
      pages: Math.ceil(matching.length / perPage),
      per_page: perPage,
      page,
      messages: matching.slice(start, start + perPage).map((m) => ({
        anonymized: false,
        encoding: 'UTF8',
        message: m.message,
        mosms_id: m.id,
        msisdn: m.msisdn,
        receiver: m.receiver,
        sender: m.sender,
        senttime: m.senttime,
        webhook: m.webhook,
      })),
    },
  };
}
