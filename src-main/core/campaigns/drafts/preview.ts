// The composer's look before sending: recipients resolved (with exclusions), every final text counted, the
// cost priced from the cached price list, and the sender, limits, schedule and balance checked. Offline-safe:
// it reads only the database and caches.
import type { CampaignDraft, ComposePreview, ComposeProblem, Exclusion, RecipientPreview, Settings } from '../../../../src-shared/contract';
import { CostTally, type CostEstimate, type MessageClass, type PriceIndex } from '../../../../src-shared/pricing';
import { MAX_MESSAGE_CHARS } from '../../../../src-shared/sms/segments';
import type { PriceBook, Mode } from '../../pricing/price-book';
import { TemplateComposer, type ComposedText } from '../recipients/composition';
import { checkCampaignCap, isQuiet, nextAllowedTime, systemOffset, type OffsetFn } from '../checks/limits';
import { resolveRecipients, resolveRecipientsInTurns, type ContactDirectory, type Resolution } from '../recipients/recipients';
import { channelTraits } from '../outbox/channel-traits';
import { computerClock } from '../../clock';
import { checkSender, describeSenderIssue, senderIssueCode } from '../../../../src-shared/senders';
import { turnBudget } from '../../event-loop-turns';

export interface CachedBalance {
  credit: number;
  currency: string;
  fetchedAt: string;
}

export interface PreviewDeps {
  directory: ContactDirectory;
  prices: PriceBook;
  settings: () => Settings;
  mode: () => Promise<Mode>;
  /** The last known balance of a mode, without asking the gateway. */
  balance: (mode: Mode) => CachedBalance | null;
  /** Spent on today's local date in a mode (for the daily cap). */
  spentToday: (mode: Mode) => number;
  now?: () => number;
  offset?: OffsetFn;
}

/** Currency for prices when no balance was ever fetched: the gateway's home currency. */
export const FALLBACK_CURRENCY = 'DKK';

/** How long a preview waits for the first price list on its way before it says there is none yet. */
const FIRST_PRICE_LIST_WAIT_MS = 3_000;
/** How long a resolved recipient list is reused while the user types (contacts changes clear it at once). */
const RESOLUTION_TTL_MS = 30_000;
const EXCLUSIONS_IN_PREVIEW = 100;
/**
 * Texts a plan composes between two turns of the event loop: composing and pricing 100,000 held every other call
 * for a second or more (issue 30.3). A send's plan turns the loop too: opt-outs recorded meanwhile are caught by the
 * send itself, which freezes only if none of its recipients opted out since its plan began (send.ts).
 */
const COMPOSE_SLICE = 2_000;
/** A schedule further ahead than this is almost certainly a typo in the year. */
const MAX_SCHEDULE_AHEAD_MS = 366 * 86_400_000;

/** Everything a send needs, computed the same way the preview computed it. */
export interface SendPlan {
  mode: Mode;
  currency: string;
  resolution: Resolution;
  /** Each recipient's final text, in the order of resolution.recipients. */
  texts: ComposedText[];
  fields: string[];
  cost: CostEstimate | null;
  /** Cost per recipient, in the order of resolution.recipients (0 when unpriced). */
  unitCosts: number[];
  preview: ComposePreview;
}

/** Every recipient's text and price, and what the checks need to know about them. */
interface Composed {
  texts: ComposedText[];
  unitCosts: number[];
  cost: CostEstimate | null;
  min: number;
  max: number;
  total: number;
  ucs2: number;
  overLength: number;
  overMaxParts: number;
  missing: Map<string, number>;
}

export class ComposePreviewService {
  private cache: { key: string; at: number; resolution: Resolution } | null = null;
  /** The last draft's texts and prices over the cached resolution: a send right after its preview reuses them. */
  private composed: { key: string; resolution: Resolution; index: PriceIndex | null; value: Composed } | null = null;
  private readonly now: () => number;
  private readonly offset: OffsetFn;
  /** Counts invalidations: a list read in turns while contacts changed is not kept for the next preview. */
  private generation = 0;

  constructor(private readonly deps: PreviewDeps) {
    this.now = deps.now ?? computerClock.now;
    this.offset = deps.offset ?? systemOffset;
  }

  /** Forget resolved lists (contacts, groups or opt-outs changed). */
  invalidate(): void {
    this.generation++;
    this.cache = null;
    this.composed = null;
  }

  /**
   * The draft's recipients. Edits to contacts, groups and consent invalidate the cache (contacts.changed), so a
   * send (`fresh`) may use a list resolved moments ago, the one the user just saw priced; opt-outs are read
   * again anyway, because sending to someone who just wrote STOP is the one mistake a stale list must not make.
   */
  resolve(draft: CampaignDraft, fresh = false): Resolution {
    return this.cached(draft, fresh) ?? this.remember(draft, resolveRecipients(draft.recipients, this.deps.directory));
  }

  /** The same, letting the event loop turn every few thousand contacts when the list is read anew. */
  async resolveInTurns(draft: CampaignDraft, fresh = false): Promise<Resolution> {
    const hit = this.cached(draft, fresh);
    if (hit) return hit;
    const generation = this.generation;
    const resolution = await resolveRecipientsInTurns(draft.recipients, this.deps.directory);
    return generation === this.generation ? this.remember(draft, resolution) : resolution;
  }

  private cached(draft: CampaignDraft, fresh: boolean): Resolution | null {
    const c = this.cache;
    if (!c || c.key !== JSON.stringify(draft.recipients) || this.now() - c.at >= RESOLUTION_TTL_MS) return null;
    if (fresh && this.deps.directory.optedOut(c.resolution.recipients.map((r) => r.msisdn)).size > 0) return null;
    return c.resolution;
  }

  private remember(draft: CampaignDraft, resolution: Resolution): Resolution {
    this.cache = { key: JSON.stringify(draft.recipients), at: this.now(), resolution };
    return resolution;
  }

  async preview(draft: CampaignDraft): Promise<ComposePreview> {
    return (await this.plan(draft)).preview;
  }

  async recipientAt(draft: CampaignDraft, index: number): Promise<RecipientPreview | null> {
    const { recipients } = this.resolve(draft);
    if (recipients.length === 0) return null;
    const i = Math.min(index, recipients.length - 1);
    const r = recipients[i]!;
    const c = new TemplateComposer(draft.text, draft.fallbacks).compose(r.values);
    return {
      index: i,
      total: recipients.length,
      msisdn: r.msisdn,
      name: r.name,
      text: c.text,
      parts: c.parts,
      encoding: c.ucs2 ? 'UCS-2' : 'GSM-7',
      characters: c.characters,
      usedFallback: c.usedFallback,
    };
  }

  exclusions(draft: CampaignDraft, offset: number, limit: number): { total: number; rows: Exclusion[] } {
    const { exclusions } = this.resolve(draft);
    return { total: exclusions.length, rows: exclusions.slice(offset, offset + limit) };
  }

  /**
   * Composes and prices every recipient's text, or returns what the same draft over the same list and price
   * index gave last time (the price index is rebuilt whenever the list changes, so its identity is its version).
   * With `slice`, the event loop turns after every that many texts.
   */
  private async compose(
    resolution: Resolution,
    draft: Pick<CampaignDraft, 'text' | 'fallbacks'>,
    p: { index: PriceIndex | null; cls: MessageClass; currency: string; maxParts: number | null },
    slice: number | null,
  ): Promise<Composed> {
    const key = JSON.stringify({ text: draft.text, fallbacks: draft.fallbacks, cls: p.cls, currency: p.currency, maxParts: p.maxParts });
    const c = this.composed;
    if (c && c.key === key && c.resolution === resolution && c.index === p.index) return c.value;
    const composer = new TemplateComposer(draft.text, draft.fallbacks);
    const tally = new CostTally(p.index, p.cls, p.currency);
    const maxParts = p.maxParts;
    const recipients = resolution.recipients;
    const n = recipients.length;
    const texts: ComposedText[] = new Array(n);
    const unitCosts: number[] = new Array(n);
    let min = Infinity;
    let max = 0;
    let total = 0;
    let ucs2 = 0;
    let overLength = 0;
    let overMaxParts = 0;
    const missing = new Map<string, number>();
    // At most `slice` texts a turn, fewer once the turn has held the loop for its budget (a loaded machine).
    const budget = turnBudget();
    for (let i = 0; i < n; i++) {
      if (slice !== null && i > 0 && (i % slice === 0 || (i % 100 === 0 && budget.spent()))) await budget.turn();
      const r = recipients[i]!;
      const t = composer.compose(r.values);
      texts[i] = t;
      unitCosts[i] = tally.add(r.msisdn, t.parts);
      total += t.parts;
      if (t.parts < min) min = t.parts;
      if (t.parts > max) max = t.parts;
      if (t.ucs2) ucs2++;
      if (t.characters > MAX_MESSAGE_CHARS) overLength++;
      if (maxParts !== null && t.parts > maxParts) overMaxParts++;
      for (const f of t.usedFallback) missing.set(f, (missing.get(f) ?? 0) + 1);
    }
    const value: Composed = { texts, unitCosts, cost: p.index ? tally.result() : null, min, max, total, ucs2, overLength, overMaxParts, missing };
    this.composed = { key, resolution, index: p.index, value };
    return value;
  }

  /**
   * Resolves, composes, prices and checks a draft; `fresh` re-reads opt-outs (as a send must). The event loop turns
   * every few thousand contacts and texts, unless `oneStretch` (a send's last try, when opt-outs kept arriving).
   */
  async plan(draft: CampaignDraft, fresh = false, oneStretch = false): Promise<SendPlan> {
    const settings = this.deps.settings();
    const limits = settings.sendingLimits;
    const mode = await this.deps.mode();
    this.deps.prices.refreshIfStale(mode);
    await this.deps.prices.firstList(mode, FIRST_PRICE_LIST_WAIT_MS);
    const resolution = oneStretch ? this.resolve(draft, fresh) : await this.resolveInTurns(draft, fresh);
    const composer = new TemplateComposer(draft.text, draft.fallbacks);
    const known = new Set(this.deps.directory.fieldKeys());

    const balance = this.deps.balance(mode);
    const currency = balance?.currency ?? FALLBACK_CURRENCY;
    const index = this.deps.prices.index(mode);
    const traits = channelTraits(draft.channel);
    const cls = traits.messageClasses ? draft.options.messageClass : 'standard';
    const recipients = resolution.recipients;
    const n = recipients.length;
    const { texts, unitCosts, cost, min, max, total, ucs2, overLength, overMaxParts, missing } = await this.compose(
      resolution,
      draft,
      { index, cls, currency, maxParts: limits.maxParts },
      oneStretch ? null : COMPOSE_SLICE,
    );

    const problems: ComposeProblem[] = [];
    const err = (code: ComposeProblem['code'], message: string, coded?: ComposeProblem['coded']) => problems.push({ code, level: 'error', message, ...(coded ? { coded } : {}) });
    const warn = (code: ComposeProblem['code'], message: string, coded?: ComposeProblem['coded']) => problems.push({ code, level: 'warning', message, ...(coded ? { coded } : {}) });

    if (n === 0) err('no_recipients', 'Pick at least one recipient: contacts, a group, a search or typed numbers.');
    if (draft.text.trim() === '') err('empty_text', 'Write the message text.');
    for (const issue of checkSender(draft.sender, draft.channel)) {
      (issue.level === 'error' ? err : warn)('sender', describeSenderIssue(issue), senderIssueCode(issue));
    }
    if (overLength > 0) {
      err('over_length', `${plural(overLength, 'recipient’s text is', 'recipients’ texts are')} longer than the gateway's limit of ${MAX_MESSAGE_CHARS} characters.`);
    }
    if (overMaxParts > 0) {
      err('max_parts', `${plural(overMaxParts, 'recipient’s text needs', 'recipients’ texts need')} more than your limit of ${limits.maxParts} SMS parts. Shorten the text or raise the limit in Settings.`);
    }
    const unknown = composer.fields.filter((f) => !known.has(f));
    if (unknown.length) {
      warn('unknown_field', `No contact field is called ${unknown.map((f) => `{${f}}`).join(', ')}: it is replaced by its fallback, or left out.`);
    }
    if (!traits.messageClasses && (draft.options.messageClass !== 'standard' || draft.options.flash)) {
      warn('channel_option', 'SMS/RCS does not offer message classes or flash messages; they are ignored for this channel.');
    }
    if (cost && n > 0) {
      const cap = checkCampaignCap(cost.total, limits.campaignCap);
      if (!cap.ok) err('campaign_cap', `This message costs ${money(cost.total, currency)}, more than your limit of ${money(cap.cap, currency)} per campaign. Send to fewer recipients, shorten the text or raise the limit in Settings.`);
      if (cost.unpriced > 0) warn('no_price', `The price list has no price for ${plural(cost.unpriced, 'recipient', 'recipients')}; their cost is not included.`);
    } else if (!cost && n > 0) {
      const capSet = limits.campaignCap !== null || limits.dailyCap !== null;
      (capSet ? err : warn)(
        'no_price',
        capSet
          ? 'Besked has no price list yet, so it cannot check your spending limits. Connect once so it can fetch the prices.'
          : 'Besked has no price list yet, so the cost cannot be shown. It is fetched as soon as the gateway can be reached.',
      );
    }
    const nowMs = this.now();
    let quietNow = false;
    let nextAllowedAt: string | null = null;
    if (draft.sendAt !== null) {
      const at = Date.parse(draft.sendAt);
      if (at < nowMs - 60_000) err('send_at_past', 'The chosen send time has passed. Choose a later time, or send now.');
      else if (at > nowMs + MAX_SCHEDULE_AHEAD_MS) err('send_at_too_far', 'The chosen send time is more than a year ahead. Check the date.');
      if (traits.later === 'local') {
        warn('channel_option', 'SMS/RCS cannot be scheduled at the gateway: Besked must be running at the chosen time to send it.');
      }
    } else if (isQuiet(nowMs, limits.quietHours, this.offset)) {
      quietNow = true;
      nextAllowedAt = new Date(nextAllowedTime(nowMs, limits.quietHours, this.offset)).toISOString();
    }

    const spentToday = this.deps.spentToday(mode);
    const exclusionCounts = { opted_out: 0, invalid: 0, duplicate: 0, no_phone: 0 };
    for (const e of resolution.exclusions) exclusionCounts[e.reason]++;
    const preview: ComposePreview = {
      recipients: n,
      exclusionTotal: resolution.exclusions.length,
      exclusionCounts,
      exclusions: resolution.exclusions.slice(0, EXCLUSIONS_IN_PREVIEW),
      parts: { min: n ? min : 0, max, total },
      encodings: { gsm: n - ucs2, ucs2 },
      fields: {
        used: composer.fields,
        unknown,
        missing: [...missing].map(([field, recipients]) => ({ field, recipients })),
      },
      cost: cost ? { currency: cost.currency, total: cost.total, unpriced: cost.unpriced, byCountry: cost.byCountry } : null,
      priceBook: this.deps.prices.state(mode),
      balance,
      enoughCredit: balance && cost ? balance.credit >= cost.total : null,
      limits: {
        campaignCap: limits.campaignCap,
        dailyCap: limits.dailyCap,
        spentToday,
        maxParts: limits.maxParts,
        messagesPerMinute: limits.messagesPerMinute,
        quietNow,
        nextAllowedAt,
        overMaxParts,
      },
      problems,
      canSend: !problems.some((p) => p.level === 'error'),
    };
    return { mode, currency, resolution, texts, fields: composer.fields, cost, unitCosts, preview };
  }
}

function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
}

function money(amount: number, currency: string): string {
  return `${amount.toFixed(2)} ${currency}`;
}
