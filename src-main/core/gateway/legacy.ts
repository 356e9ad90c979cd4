// The legacy interface's endpoints: /rest/mtsms, refunds, incoming SMS, lookup, balance, prices, usage, keywords, email.
import { z } from 'zod';
import { countSegments } from '../../../src-shared/sms/segments';
import type { CallOptions, GatewayCaller } from './caller';
import { NotFound } from './errors';
import {
  Account,
  EmailRequest,
  EmailResponse,
  HlrRequest,
  HlrResponse,
  KeywordCheck,
  KeywordCheckRequest,
  KeywordCreateRequest,
  KeywordCreated,
  KeywordList,
  LegacySmsMessage,
  LegacySmsMessageList,
  MosmsPage,
  MosmsQuery,
  PriceList,
  RefundRequest,
  SendResponse,
  StoredMessageResponse,
  Unspecified,
  UsageLabelsRequest,
  UsageLabelsResponse,
  type IncomingSms,
  type LegacySmsRequest,
  type StoredMessage,
  type UsageLabelItem,
  type Keyword,
} from './legacy-schemas';
import { checkRequest } from './request-check';
import { coded } from '../../../src-shared/error-codes';

type CheckedSms = z.output<typeof LegacySmsMessage>;

function needsUcs2(text: string): boolean {
  return countSegments(text).encoding === 'UCS-2';
}

/**
 * The legacy interface does not detect the encoding: without `encoding: "UCS2"` a text with characters outside
 * GSM-7 arrives garbled. Merge-field values are checked too, since they end up in the same text.
 */
export function withEncoding(m: CheckedSms): CheckedSms {
  if (m.payload !== undefined || m.encoding === 'UCS2' || m.message === undefined) return m;
  let ucs2 = needsUcs2(m.message);
  if (!ucs2 && m.tags) {
    // One pass over all values joined: a single non-GSM character anywhere makes the whole message UCS-2.
    const values: string[] = [];
    for (const r of m.recipients) if (r.tagvalues) values.push(...r.tagvalues);
    ucs2 = needsUcs2(values.join(''));
  }
  return ucs2 ? { ...m, encoding: 'UCS2' } : m;
}

/** POST /rest/mtsms with a JSON body: one message or a list, each to up to 10000 recipients. */
export async function sendMtsms(gw: GatewayCaller, request: LegacySmsRequest, options?: CallOptions): Promise<SendResponse> {
  const body = Array.isArray(request)
    ? checkRequest(LegacySmsMessageList, request, 'the messages').map(withEncoding)
    : withEncoding(checkRequest(LegacySmsMessage, request, 'the message'));
  return gw.call({ api: 'legacy', method: 'POST', path: '/rest/mtsms', body, response: { schema: SendResponse } }, options);
}

/**
 * POST /rest/mtsms with a body Besked's campaign builder (campaigns/legacy-request buildLegacyRequestJson) already
 * serialised, encoding set per message. Not checked again here: zod over 1,000 recipients per chunk cost more than
 * the request itself, and the builder's output is tested against LegacySmsMessage/LegacySmsMessageList. Anything
 * the gateway still refuses comes back as its validation error, with nothing sent.
 */
export async function sendBuiltMtsms(gw: GatewayCaller, json: string, options?: CallOptions): Promise<SendResponse> {
  return gw.call({ api: 'legacy', method: 'POST', path: '/rest/mtsms', json, response: { schema: SendResponse } }, options);
}

const MessageId = z.int('Must be a message id (a whole number)').positive('Must be a message id (a whole number)');

function messageId(id: number): string {
  return String(checkRequest(MessageId, id, 'the request'));
}

/** GET /rest/mtsms/{id}. Works only once the message has been sent; webhooks give stronger guarantees. */
export async function getMtsms(gw: GatewayCaller, id: number, options?: CallOptions): Promise<StoredMessage[]> {
  try {
    return await gw.call(
      { api: 'legacy', method: 'GET', path: `/rest/mtsms/${messageId(id)}`, response: { schema: StoredMessageResponse } },
      options,
    );
  } catch (err) {
    if (err instanceof NotFound) {
      throw new NotFound(
        `The gateway has no sent message with id ${id}. A message can only be looked up after it has been sent; a scheduled one is not there yet.`,
        { maybeAccepted: false, status: 404, cause: err, ...coded('gateway.noStoredMessage', { id: String(id) }) },
      );
    }
    throw err;
  }
}

/** DELETE /rest/mtsms/{id}: removes a scheduled message from the queue (only scheduled ones can be deleted). */
export async function deleteScheduled(gw: GatewayCaller, id: number, options?: CallOptions): Promise<unknown> {
  return gw.call({ api: 'legacy', method: 'DELETE', path: `/rest/mtsms/${messageId(id)}`, response: { schema: Unspecified } }, options);
}

/** POST /rest/refund for a charged SMS whose charge was CAPTURED. The outcome arrives by callback. */
export async function refund(gw: GatewayCaller, request: RefundRequest, options?: CallOptions): Promise<unknown> {
  const body = checkRequest(RefundRequest, request, 'the refund');
  return gw.call({ api: 'legacy', method: 'POST', path: '/rest/refund', body, response: { schema: Unspecified } }, options);
}

/** GET /rest/mosms: one page of incoming SMS between two dates. */
export async function listIncoming(gw: GatewayCaller, query: MosmsQuery, options?: CallOptions): Promise<MosmsPage> {
  const q = checkRequest(MosmsQuery, query, 'the date range');
  return gw.call({ api: 'legacy', method: 'GET', path: '/rest/mosms', query: q, response: { schema: MosmsPage } }, options);
}

export const MOSMS_MAX_PER_PAGE = 200;

/** Every incoming SMS between two dates, fetching page after page at the largest page size. */
export async function listAllIncoming(
  gw: GatewayCaller,
  range: { from: string; to: string },
  options?: CallOptions,
): Promise<IncomingSms[]> {
  const all: IncomingSms[] = [];
  let pages = 1;
  for (let page = 1; page <= pages; page++) {
    const p = await listIncoming(gw, { ...range, page, per_page: MOSMS_MAX_PER_PAGE }, options);
    all.push(...p.messages);
    // `pages` may grow while we read (new messages arrive); an empty page ends the walk either way.
    pages = p.pages;
    if (p.messages.length === 0) break;
  }
  return all;
}

/** POST /rest/hlr (Danish numbers, selected customers). Charged per lookup, so treated as a send. */
export async function lookupNumbers(gw: GatewayCaller, msisdns: (string | number)[], options?: CallOptions): Promise<HlrResponse> {
  const body = checkRequest(HlrRequest, { msisdns }, 'the lookup');
  return gw.call({ api: 'legacy', method: 'POST', path: '/rest/hlr', body, response: { schema: HlrResponse } }, options);
}

/** GET /rest/me: credit, currency and account id. */
export async function me(gw: GatewayCaller, options?: CallOptions): Promise<Account> {
  return gw.call({ api: 'legacy', method: 'GET', path: '/rest/me', response: { schema: Account } }, options);
}

export async function priceList(gw: GatewayCaller, options?: CallOptions): Promise<PriceList> {
  return gw.call({ api: 'legacy', method: 'GET', path: '/api/prices/list/sms/json', response: { schema: PriceList } }, options);
}

/** The price list as a file to save or open: CSV or XLSX bytes exactly as the gateway sent them. */
export async function priceListFile(gw: GatewayCaller, format: 'csv' | 'xlsx', options?: CallOptions): Promise<Uint8Array> {
  const f = checkRequest(z.enum(['csv', 'xlsx']), format, 'the request');
  return gw.call({ api: 'legacy', method: 'GET', path: `/api/prices/list/sms/${f}`, response: { bytes: true } }, options);
}

/** POST /api/usage/labels: usage and cost per label and country. A read despite the POST. */
export async function usageByLabel(gw: GatewayCaller, request: UsageLabelsRequest, options?: CallOptions): Promise<UsageLabelItem[]> {
  const body = checkRequest(UsageLabelsRequest, request, 'the usage query');
  return gw.call({ api: 'legacy', method: 'POST', path: '/api/usage/labels', body, response: { schema: UsageLabelsResponse } }, options);
}

export async function listKeywords(gw: GatewayCaller, options?: CallOptions): Promise<Keyword[]> {
  return gw.call({ api: 'legacy', method: 'GET', path: '/api/vas', response: { schema: KeywordList } }, options);
}

export async function checkKeyword(gw: GatewayCaller, request: KeywordCheckRequest, options?: CallOptions): Promise<KeywordCheck> {
  const body = checkRequest(KeywordCheckRequest, request, 'the keyword');
  return gw.call({ api: 'legacy', method: 'POST', path: '/api/vas/check', body, response: { schema: KeywordCheck } }, options);
}

/** POST /api/vas: leases a keyword; the full month's price is deducted at once. */
export async function createKeyword(gw: GatewayCaller, request: KeywordCreateRequest, options?: CallOptions): Promise<KeywordCreated> {
  const body = checkRequest(KeywordCreateRequest, request, 'the keyword');
  return gw.call({ api: 'legacy', method: 'POST', path: '/api/vas', body, response: { schema: KeywordCreated } }, options);
}

/** DELETE /api/vas/{shortcode}/{keyword}: cancels a lease (it stays active until the end of its period). */
export async function deleteKeyword(gw: GatewayCaller, shortcode: number, keyword: string, options?: CallOptions): Promise<void> {
  const key = checkRequest(KeywordCheckRequest, { keyword, shortcode }, 'the keyword');
  return gw.call(
    {
      api: 'legacy',
      method: 'DELETE',
      path: `/api/vas/${key.shortcode}/${encodeURIComponent(key.keyword)}`,
      response: { empty: true },
    },
    options,
  );
}

export async function sendEmail(gw: GatewayCaller, request: EmailRequest, options?: CallOptions): Promise<EmailResponse> {
  const body = checkRequest(EmailRequest, request, 'the email');
  return gw.call({ api: 'legacy', method: 'POST', path: '/rest/email', body, response: { schema: EmailResponse } }, options);
}
