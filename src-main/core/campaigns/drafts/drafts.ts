// Drafts: created empty or from a selection, saved whole on every change (the composer debounces), duplicated,
// and made from a sent campaign's failed recipients. Nothing here sends.
import type { CampaignDraft, RecipientSpec } from '../../../../src-shared/contract';
import type { Db } from '../../db/database';
import { BeskedError } from '../../errors';
import { CampaignStore, DEFAULT_OPTIONS, EMPTY_SPEC, draftOf, type CampaignRow } from '../campaign-store';
import { coded } from '../../../../src-shared/error-codes';
import { campaignFacts, enforce } from '../campaign-rules';
import { insertCampaign } from './new-campaign';
import { currentCaller } from '../../team/caller';
import { draftAccess } from '../../../../src-shared/campaigns/draft-access';
import { factsOf, viewerOf } from './draft-owners';
import { computerClock } from '../../clock';

export interface DraftDeps {
  db: Db;
  store: CampaignStore;
  defaultSender: () => string;
  now?: () => number;
}

export class Drafts {
  private readonly now: () => number;

  constructor(private readonly deps: DraftDeps) {
    this.now = deps.now ?? computerClock.now;
  }

  private iso(): string {
    return new Date(this.now()).toISOString();
  }

  /** A draft written by a user on a server is theirs alone until they share it (draft-access.ts). */
  create(init: { recipients?: Partial<RecipientSpec> | undefined; text?: string | undefined; name?: string; duplicatedFrom?: number } = {}): number {
    const at = new Date(this.now()).toISOString();
    const caller = currentCaller();
    const author = caller.kind === 'remote' && caller.user ? { id: caller.user.id, name: caller.user.name } : null;
    const spec: RecipientSpec = { ...EMPTY_SPEC, ...stripUndefined(init.recipients ?? {}) };
    return insertCampaign(this.deps.db, {
      kind: 'campaign',
      name: init.name ?? '',
      sender: this.deps.defaultSender(),
      text: init.text ?? '',
      options: DEFAULT_OPTIONS,
      recipients: spec,
      at,
      duplicatedFrom: init.duplicatedFrom ?? null,
      ...(author ? { author, shared: false } : {}),
    });
  }

  save(id: number, draft: CampaignDraft): { id: number; updatedAt: string } {
    const row = this.deps.store.row(id);
    if (row.state !== 'draft') {
      throw new BeskedError('conflict', 'This campaign has already been sent or scheduled, so it can no longer be edited. Duplicate it to send a changed copy.', coded('campaign.notEditable'));
    }
    const updatedAt = new Date(this.now()).toISOString();
    this.deps.db
      .prepare(
        `UPDATE campaigns SET name = ?, channel = ?, sender = ?, text = ?, fallbacks = ?, options = ?, recipient_spec = ?, send_at = ?, updated_at = ?
         WHERE id = ? AND state = 'draft'`,
      )
      .run(
        draft.name,
        draft.channel,
        draft.sender,
        draft.text,
        JSON.stringify(draft.fallbacks),
        JSON.stringify(draft.options),
        JSON.stringify(draft.recipients),
        draft.sendAt,
        updatedAt,
        id,
      );
    return { id, updatedAt };
  }

  delete(id: number): boolean {
    const row = this.deps.store.maybeRow(id);
    if (!row) return false;
    // Nothing of it may still be on its way, at the gateway neither (cancel it first).
    enforce('delete', row, campaignFacts(this.deps.store, row, this.iso()));
    this.deps.db.transaction(() => {
      // status_events and exclusions cascade with the campaign; chunks are referenced by recipients, so go after them.
      this.deps.db.prepare('DELETE FROM status_events WHERE campaign_id = ?').run(id);
      this.deps.store.recipients.deleteAll(id);
      this.deps.db.prepare('DELETE FROM recipient_batches WHERE campaign_id = ?').run(id);
      this.deps.db.prepare('DELETE FROM gateway_messages WHERE campaign_id = ?').run(id);
      this.deps.db.prepare('DELETE FROM send_chunks WHERE campaign_id = ?').run(id);
      this.deps.db.prepare('DELETE FROM campaigns WHERE id = ?').run(id);
    })();
    return true;
  }

  /** A new draft with the same text, sender, options and recipient choice (not the frozen list). */
  duplicate(id: number): number {
    const row = this.deps.store.row(id);
    enforce('duplicate', row, campaignFacts(this.deps.store, row, this.iso()));
    const d = draftOf(row);
    const newId = this.create({ recipients: d.recipients, text: d.text, name: d.name, duplicatedFrom: id });
    this.save(newId, { ...d, sendAt: null });
    return newId;
  }

  /**
   * A new draft addressed to the recipients that failed: refused requests and deliveries that failed or expired.
   * Accepted recipients that may still arrive are never included, so nobody gets the text twice by this.
   */
  resendFailed(id: number): { id: number; recipients: number } {
    const row = this.deps.store.row(id);
    const msisdns = this.deps.store.recipients.failedNumbers(id);
    // Only once it has finished: until then more may fail, and a copy now would miss them.
    enforce('resendFailed', row, campaignFacts(this.deps.store, row, this.iso(), msisdns.length));
    // At most one resend per campaign: a second press (a double click, or a colleague at the same moment) gets the
    // first one's draft, and once that has gone out nobody makes another that would text the same people twice.
    const earlier = this.deps.db.prepare('SELECT * FROM campaigns WHERE resend_of = ?').get(id) as CampaignRow | undefined;
    if (earlier) return this.earlierResend(earlier);
    const d = draftOf(row);
    const name = d.name ? `${d.name} (failed again)` : '';
    return this.deps.db.transaction(() => {
      const newId = this.create({ duplicatedFrom: id, name });
      this.save(newId, {
        ...d,
        name,
        sendAt: null,
        // Typed numbers of known contacts pick up the contacts' merge fields again when resolved.
        recipients: { ...EMPTY_SPEC, numbers: msisdns.map((m) => `+${m}`) },
      });
      this.deps.db.prepare('UPDATE campaigns SET resend_of = ? WHERE id = ?').run(id, newId);
      return { id: newId, recipients: msisdns.length };
    })();
  }

  private earlierResend(earlier: CampaignRow): { id: number; recipients: number } {
    if (earlier.state === 'draft' && draftAccess(factsOf(earlier), viewerOf(currentCaller())) !== 'edit') {
      // A colleague's resend draft, not shared: one resend still, theirs.
      const name = earlier.author_name ?? 'A colleague';
      throw new BeskedError(
        'conflict',
        `${name} is already preparing to send to the failed recipients again, in a draft not shared with you. Ask ${name} to send it or to share it.`,
        coded('campaign.resendByColleague', { name }),
      );
    }
    if (earlier.state === 'draft') return { id: earlier.id, recipients: draftOf(earlier).recipients.numbers.length };
    throw new BeskedError(
      'conflict',
      `The failed recipients were already sent to again in campaign ${earlier.id}. Open it to see how that went, and send to its own failed recipients from there.`,
      coded('campaign.alreadyResent', { id: earlier.id }),
    );
  }
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
