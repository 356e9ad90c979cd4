// Answers a customer from the inbox: a one-recipient campaign of kind 'reply', sent by the same outbox as campaigns.
import type { Db } from '../db/database';
import { BeskedError } from '../errors';
import { isOptedOut } from '../contacts/consent';
import { countSegments } from '../../../src-shared/sms/segments';
import { coded } from '../../../src-shared/error-codes';
import { checkSender, describeSenderIssue } from '../../../src-shared/senders';
import { CampaignRecipients } from '../campaigns/recipients/campaign-recipients';
import { EMPTY_SPEC } from '../campaigns/campaign-store';
import { insertCampaign } from '../campaigns/drafts/new-campaign';
import type { SpendCaps } from '../campaigns/checks/spend-caps';
import { computerClock } from '../clock';

export interface ReplyDeps {
  db: Db;
  currentMode: () => Promise<'sandbox' | 'live'>;
  /** Settings: the sender new messages start with, and the parts cap. */
  defaultSender: () => string;
  maxParts: () => number | null;
  /** The number the customer last wrote to, to answer from it when no sender is set. */
  lastReceiver: (mode: 'sandbox' | 'live', msisdn: number) => number | null;
  /** The outbox takes the queued recipient at once. */
  wake: () => void;
  /** The owner's spending caps: a reply's cost from the price list, refused when it breaks one (every kind of reply). */
  caps: Pick<SpendCaps, 'checkReply'>;
  now?: () => number;
}

export interface ReplyRequest {
  msisdn: number;
  text: string;
  sender?: string | undefined;
  /** The opt-out confirmation goes to a number that just opted out; nothing else may. */
  toOptedOut?: boolean;
  name?: string;
  /** Who wrote it on a Besked server, shown beside the reply to colleagues; left out on one PC and by automations. */
  author?: { id: number; name: string } | null;
  /** Runs inside the reply's transaction, so what the caller records (an auto-reply's decision) commits with it or not at all. */
  record?: (ids: { campaignId: number; recipientId: number }) => void;
}

/** Replies go out on the legacy interface, so its sender rule is theirs (the same one a campaign there meets). */
const REPLY_CHANNEL = 'legacy';

/** Why the sender is refused, in words, or null when it may be used (warnings do not stop a reply). */
function senderProblem(sender: string): string | null {
  const refused = checkSender(sender, REPLY_CHANNEL).find((i) => i.level === 'error');
  return refused ? describeSenderIssue(refused) : null;
}

/**
 * Writes the reply's campaign (state 'sending', frozen) and its one queued recipient in one transaction, then wakes the
 * outbox. Returns the ids; the outbox sends with the same at-most-once rules as any campaign.
 */
export async function writeReply(deps: ReplyDeps, req: ReplyRequest): Promise<{ campaignId: number; recipientId: number }> {
  const text = req.text;
  if (text.trim() === '') {
    throw new BeskedError('validation', 'Write a reply first.', { fields: [{ path: ['text'], message: 'Write a reply' }], ...coded('reply.empty') });
  }
  if (!req.toOptedOut && isOptedOut(deps.db, req.msisdn)) {
    throw new BeskedError('conflict', 'This number has opted out, so Besked will not text it. If the customer asked to hear from you again, opt the number in under Contacts first.', coded('reply.optedOut'));
  }
  const mode = await deps.currentMode();
  const segments = countSegments(text);
  const cap = deps.maxParts();
  if (cap !== null && segments.segments > cap) {
    throw new BeskedError('limit', `This reply takes ${segments.segments} SMS parts; your limit in Settings is ${cap}. Shorten it or raise the limit.`, {
      fields: [{ path: ['text'], message: `At most ${cap} parts` }],
      ...coded('reply.tooLong', { parts: segments.segments, cap }),
    });
  }
  const sender = (req.sender?.trim() || deps.defaultSender().trim() || String(deps.lastReceiver(mode, req.msisdn) ?? '')).trim();
  if (sender === '') {
    throw new BeskedError('validation', 'Choose who the reply is from: set a default sender in Settings or type one here.', {
      fields: [{ path: ['sender'], message: 'Choose a sender' }],
      ...coded('reply.noSender'),
    });
  }
  const bad = senderProblem(sender);
  if (bad) throw new BeskedError('validation', bad, { fields: [{ path: ['sender'], message: bad }], ...coded('reply.badSender') });

  const cost = await deps.caps.checkReply(mode, req.msisdn, segments.segments);

  const at = new Date((deps.now ?? computerClock.now)()).toISOString();
  const contact = deps.db.prepare('SELECT id, first_name, last_name FROM contacts WHERE msisdn = ?').get(req.msisdn) as
    | { id: number; first_name: string; last_name: string }
    | undefined;
  const name = contact ? `${contact.first_name} ${contact.last_name}`.trim() || null : null;
  const options = { label: '', priority: 'normal', validitySeconds: null, messageClass: 'standard', flash: false, maxParts: cap };
  const recipients = new CampaignRecipients(deps.db);
  const ids = deps.db.transaction(() => {
    const campaignId = insertCampaign(deps.db, {
      kind: 'reply',
      name: req.name ?? `Reply to +${req.msisdn}`,
      sender,
      text,
      options,
      recipients: { ...EMPTY_SPEC, numbers: [String(req.msisdn)] },
      at,
      frozen: { mode, estimatedParts: segments.segments },
      author: req.author ?? null,
    });
    const recipientId = recipients.addQueued(campaignId, { msisdn: req.msisdn, contactId: contact?.id ?? null, name, text, parts: segments.segments, cost });
    req.record?.({ campaignId, recipientId });
    return { campaignId, recipientId };
  })();
  deps.wake();
  return ids;
}
