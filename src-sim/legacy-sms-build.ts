// The stored legacy messages a checked request becomes: each recipient's text (tags filled in), parts,
// country, outcome and cost, the send and expiry times, and the overcharged-SMS rules that need the countries.
import { LegacyError } from './legacy-errors';
import type { MessageInput } from './legacy-sms-input';
import { recipientPricer } from './legacy-sms-pricing';
import { binaryParts, render, type Rendered } from './legacy-sms-text';
import type { Platform } from './platform';
import { mncOf } from './prices';
import { SHARED_SHORTCODE, type LegacyMessage, type LegacyRecipient } from './state';
import { tagFiller } from './tags';

/** Builds the stored messages (without ids) with their recipients' texts, parts, outcomes and costs. */
export function buildMessages(platform: Platform, inputs: MessageInput[], now: number): LegacyMessage[] {
  const account = platform.store.state.account;
  return inputs.map((inp) => {
    const priceOf = recipientPricer(platform, inp.class, inp.sender);
    let base: Rendered;
    let airEncoding: LegacyMessage['airEncoding'];
    // With tags, a recipient whose values need UCS-2 records that on its own entry.
    if (inp.payload !== null) {
      base = { text: inp.payload, parts: binaryParts(inp.payload, inp.udh), encoding: 'GSM-7' };
      airEncoding = 'binary';
    } else {
      base = render(inp.message!, inp.encoding, inp.max_parts);
      airEncoding = base.encoding;
    }
    const fill = inp.tags ? tagFiller(inp.tags) : null;
    const recipients: LegacyRecipient[] = new Array(inp.recipients.length);
    for (let j = 0; j < inp.recipients.length; j++) {
      const ri = inp.recipients[j]!;
      let parts = base.parts;
      let text: string | undefined;
      let encoding: 'GSM-7' | 'UCS-2' | undefined;
      if (fill && ri.tagvalues) {
        const r = render(fill(inp.message!, ri.tagvalues), inp.encoding, null);
        parts = r.parts;
        text = r.text;
        if (r.encoding !== airEncoding) encoding = r.encoding;
      }
      const { country, outcome, cost } = priceOf(ri.msisdn, parts);
      const rec: LegacyRecipient = {
        msisdn: ri.msisdn,
        tagvalues: ri.tagvalues,
        parts,
        country: country?.country ?? null,
        mcc: country?.mcc ?? null,
        mnc: country ? mncOf(country, ri.msisdn) : null,
        cost,
        outcome,
      };
      if (text !== undefined && text !== base.text) rec.text = text;
      if (encoding) rec.encoding = encoding;
      if (ri.charge) rec.charge = ri.charge;
      recipients[j] = rec;
    }
    if (inp.class === 'charge') checkOvercharged(inp, recipients, account.shortcodes);
    const sendAt = inp.sendtime !== null && inp.sendtime * 1000 > now ? inp.sendtime * 1000 : now;
    return {
      id: 0,
      class: inp.class,
      message: inp.message,
      text: base.text,
      payload: inp.payload,
      udh: inp.udh,
      sender: inp.sender,
      sendtime: inp.sendtime,
      tags: inp.tags,
      userref: inp.userref,
      priority: inp.priority,
      validity_period: inp.validity_period,
      encoding: inp.encoding,
      airEncoding,
      destaddr: inp.destaddr,
      callback_url: inp.callback_url,
      label: inp.label,
      max_parts: inp.max_parts,
      createdAt: now,
      sendAt,
      expiresAt: sendAt + inp.validity_period * 1000,
      deletedAt: null,
      recipients,
    };
  });
}

/** Overcharged SMS: Denmark only, one recipient, the shared or the account's own short code as sender. */
function checkOvercharged(inp: MessageInput, recipients: LegacyRecipient[], ownShortcodes: number[]): void {
  if (recipients.length !== 1) throw new LegacyError('chargeRules', ['a charged message must have exactly one recipient']);
  if (recipients[0]!.country !== 'DK') throw new LegacyError('chargeRules', ['charged messages can only be sent to Danish numbers']);
  const allowed = [String(SHARED_SHORTCODE), ...ownShortcodes.map(String)];
  if (inp.sender === null || !allowed.includes(inp.sender))
    throw new LegacyError('chargeRules', [`the sender must be the short code ${allowed.join(' or ')}`]);
}

