// Legacy messages after sending: lookup from long-term storage, deleting scheduled ones, and refunds of charged ones.
import { reportedAt } from './delivery';
import { LegacyError } from './legacy-errors';
import { asInteger, asObject, asString, isHttpUrl, readLegacyFields } from './legacy-input';
import { chargeStatus, legacyTimeline } from './notifications';
import type { Platform } from './platform';
import type { Reply, RouteContext } from './routing';
import type { LegacyMessage } from './state';

/** A sent message reaches long-term storage (and GET /rest/mtsms/{id}) this long after it was sent. */
export const ARCHIVE_DELAY_S = 2;

function messageId(ctx: RouteContext, name = 'id'): number {
  const raw = ctx.params[name] ?? '';
  if (!/^\d{1,15}$/.test(raw)) throw new LegacyError('invalidValue', ['message id', `expected an integer, got ${raw}`]);
  return Number(raw);
}

function findMessage(platform: Platform, id: number): LegacyMessage {
  const m = platform.store.legacyMessage(id);
  if (!m) throw new LegacyError('notFound', ['Message', id]);
  return m;
}

/** Secret-class content is blurred wherever the service shows it. */
function blur(text: string | null): string | null {
  return text === null ? null : text.replace(/\S/g, '*');
}

/** The stored message as GET /rest/mtsms/{id} returns it, with each recipient's latest report. */
export function storedMessage(m: LegacyMessage, now: number) {
  const secret = m.class === 'secret';
  const byOutcome = new Map<string, ReturnType<typeof reportedAt>>();
  const senttime = Math.floor(m.sendAt / 1000);
  return {
    class: m.class,
    message: secret ? blur(m.message) : m.message,
    payload: m.payload,
    id: m.id,
    label: m.label,
    recipients: m.recipients.map((r) => {
      let report = byOutcome.get(r.outcome);
      if (report === undefined) {
        report = reportedAt(legacyTimeline(m, r), now);
        byOutcome.set(r.outcome, report);
      }
      const entry: Record<string, unknown> = {
        country: r.country,
        csms: r.parts,
        dsnerror: report?.error?.details ?? null,
        dsnerrorcode: report?.error?.code ?? null,
        dsnstatus: report?.status ?? 'UNKNOWN',
        dsntime: report ? Math.floor(report.statusAt / 1000) : null,
        mcc: r.mcc,
        mnc: r.mnc,
        msisdn: String(r.msisdn),
        senttime,
        tagvalues: r.tagvalues,
      };
      if (m.class === 'charge') entry['charge_status'] = chargeStatus(r, report?.status ?? '');
      return entry;
    }),
    sender: m.sender,
    sendtime: m.sendtime,
    tags: m.tags,
    userref: m.userref,
    priority: m.priority,
    validity_period: m.validity_period,
    encoding: m.encoding,
    destaddr: m.destaddr,
    udh: m.udh,
    callback_url: m.callback_url,
  };
}

/** GET /rest/mtsms/{id}: 404 until the message is sent and archived. */
export function getMtsms(ctx: RouteContext): Reply {
  const id = messageId(ctx);
  const m = findMessage(ctx.platform, id);
  const now = ctx.platform.clock.now();
  if (m.deletedAt !== null) throw new LegacyError('notFound', ['Message', id]);
  if (now < m.sendAt + ARCHIVE_DELAY_S * 1000) throw new LegacyError('notStoredYet', [id]);
  return { status: 200, body: [storedMessage(m, now)] };
}

/** DELETE /rest/mtsms/{id}: only a scheduled message still waiting; its cost goes back to the credit. */
export function deleteMtsms(ctx: RouteContext): Reply {
  const platform = ctx.platform;
  const id = messageId(ctx);
  const m = findMessage(platform, id);
  const now = platform.clock.now();
  if (m.deletedAt !== null) throw new LegacyError('noLongerScheduled', [id, 'it was already deleted']);
  if (m.sendAt === m.createdAt) throw new LegacyError('notScheduled', [id, 'it was not scheduled (no sendtime)']);
  if (now >= m.sendAt) throw new LegacyError('noLongerScheduled', [id, 'it has already been sent']);
  m.deletedAt = now;
  let refund = 0;
  for (const r of m.recipients) refund += r.cost;
  platform.store.refund(refund);
  platform.store.journal([
    { t: 'legacyDeleted', id, at: now },
    { t: 'set', key: 'account', value: platform.store.state.account },
  ]);
  platform.notifier.legacyDeleted(m);
  return { status: 204 };
}

/** POST /rest/refund: a charged message to one recipient whose charge was CAPTURED. */
export async function refund(ctx: RouteContext): Promise<Reply> {
  const platform = ctx.platform;
  const f = asObject(await readLegacyFields(ctx), 'body');
  if (f['mtsms_id'] === undefined) throw new LegacyError('missingField', ['mtsms_id']);
  if (f['msisdn'] === undefined) throw new LegacyError('missingField', ['msisdn']);
  const id = asInteger(f['mtsms_id'], 'mtsms_id');
  const msisdn = asInteger(f['msisdn'], 'msisdn');
  const callbackUrl = f['callback_url'] == null ? null : asString(f['callback_url'], 'callback_url');
  if (callbackUrl !== null && !isHttpUrl(callbackUrl)) throw new LegacyError('invalidValue', ['callback_url', 'expected an http or https URL']);
  const m = findMessage(platform, id);
  const r = m.recipients.find((x) => x.msisdn === msisdn);
  if (!r) throw new LegacyError('notFound', ['Recipient', msisdn]);
  if (m.class !== 'charge') throw new LegacyError('notRefundable', [id, msisdn, 'it is not an overcharged (charge class) message']);
  if (r.refundedAt != null) throw new LegacyError('notRefundable', [id, msisdn, 'it was already refunded']);
  const now = platform.clock.now();
  const status = chargeStatus(r, reportedAt(legacyTimeline(m, r), now)?.status ?? '') ?? 'PENDING';
  if (status !== 'CAPTURED') throw new LegacyError('notRefundable', [id, msisdn, `its charge status is ${status}, not CAPTURED`]);
  r.refundedAt = now;
  const refunded = { mtsms_id: id, msisdn, callback_url: callbackUrl, at: now };
  platform.store.state.refunds.push(refunded);
  platform.store.journal([
    { t: 'legacyRefunded', id, msisdn, at: now },
    { t: 'push', key: 'refunds', items: [refunded] },
  ]);
  platform.notifier.refunded(m, r, callbackUrl);
  return { status: 200, body: { mtsms_id: id, msisdn, status: 'REFUND_REQUESTED' } };
}

