// Taking back what an automation handed to the gateway ahead: on pause, edit and delete, and for one contact whose
// date moved, who was deleted or who opted out. Each recipient of a run has its own gateway message
// (options.separateMessages), so DELETE /rest/mtsms/{id} takes back exactly one: 204 withdrawn; 409/410 already
// sent or deleted (not withdrawn, shown); 404 not stored yet and network errors are tried again on the next tick.
import type { HistoryCause } from '../../../src-shared/contract/automations';
import { coded } from '../../../src-shared/error-codes';
import type { Db } from '../db/database';
import { prepared } from '../db/prepared';
import type { GatewayClient } from '../gateway';
import type { Logger } from '../log';
import type { CampaignsModule } from '../campaigns';
import { toAppError } from '../errors';
import type { OccurrenceLog, OccurrenceRow } from './occurrence-log';

export interface WithdrawalDeps {
  db: Db;
  logger: Logger;
  campaigns: () => CampaignsModule;
  gateway: () => Pick<GatewayClient, 'deleteScheduled'>;
  log: OccurrenceLog;
  now: () => number;
}

/** What happened to the messages of one withdrawal. */
export interface Withdrawn {
  withdrawn: number;
  /** The gateway said they went out already (or were deleted): they cannot be taken back. */
  alreadySent: number;
  /** Not stored at the gateway yet, or it could not be reached: tried again. */
  again: number;
  /**
   * Handed over, but the answer with their ids was lost (Besked stopped mid hand-over): the gateway may hold them,
   * and the legacy interface offers no look-up by anything but the id, so they cannot be withdrawn.
   */
  idUnknown: number;
}

/** Messages that could not be taken back and may still go out: the user is told at once. */
export const notWithdrawnOf = (w: Withdrawn): number => w.alreadySent + w.idUnknown;

const ALREADY_SENT = 'It had already been sent (or deleted) at the gateway, so it could not be withdrawn.';
const ID_UNKNOWN =
  "Besked stopped while handing it to the gateway, so the gateway's answer with its id was lost: it cannot be withdrawn and may still go out at its send time.";

export class Withdrawal {
  constructor(private readonly d: WithdrawalDeps) {}

  private iso(): string {
    return new Date(this.d.now()).toISOString();
  }

  /**
   * Withdraws every open run of an automation (pause, edit, delete; `cause` goes into their history entries).
   * Returns how many texts handed to the gateway were taken back, and how many could not be (already sent, or
   * still being tried).
   */
  async automation(automationId: number, cause: HistoryCause): Promise<{ withdrawn: number; notWithdrawn: number }> {
    let notWithdrawn = 0;
    let withdrawn = 0;
    // A held run stays the user's draft to send or delete from Campaigns.
    for (const row of this.d.log.inStates(['planned', 'handed_over', 'withdrawing'], automationId)) {
      const r = await this.row(row, null, cause);
      notWithdrawn += notWithdrawnOf(r) + r.again;
      withdrawn += r.withdrawn;
    }
    return { withdrawn, notWithdrawn };
  }

  /** Rows left 'withdrawing' are tried again, for the cause they were withdrawn for. */
  async retry(): Promise<void> {
    for (const row of this.d.log.inStates(['withdrawing'])) await this.row(row, null, row.cause);
  }

  /**
   * Withdraws one occurrence row: its whole run, or (msisdns) only those recipients of a whole run. A draft (held or
   * not yet sent) is deleted, or loses the row's contact. Returns the counts; the row's state follows them, its
   * history entry naming `cause`.
   */
  async row(row: OccurrenceRow, msisdns: readonly number[] | null, cause: HistoryCause | null): Promise<Withdrawn> {
    const c = this.d.campaigns();
    const out: Withdrawn = { withdrawn: 0, alreadySent: 0, again: 0, idUnknown: 0 };
    const campaign = row.campaign_id === null ? null : c.store.maybeRow(row.campaign_id);
    if (!campaign || campaign.automation_id !== row.automation_id) {
      if (msisdns === null) this.d.log.move([row.id], ['planned', 'held', 'handed_over', 'withdrawing'], 'withdrawn', null, null, cause);
      return out;
    }
    const cid = campaign.id;
    if (campaign.state === 'draft') {
      if (msisdns === null) this.dropFromDraft(cid, row, cause);
      return out;
    }
    if (campaign.state === 'cancelled' && msisdns === null) {
      this.d.log.move([row.id], ['handed_over', 'withdrawing'], 'withdrawn', null, null, cause);
      return out;
    }
    c.outbox.settle(cid);
    const { gids, waiting, unknown } = this.targets(cid, row.contact_id, msisdns);
    if (row.contact_id === 0 && msisdns === null && gids.length === 0 && unknown === 0) {
      // Gone out already, or finished otherwise: the run follows its campaign (runner.follow), nothing to take back.
      if (['sent', 'partly_failed', 'failed'].includes(campaign.state)) return out;
      // Nothing handed to the gateway yet: the outbox's own cancel takes the queue back.
      const r = await c.outbox.cancel(cid).catch((err: unknown) => ({ notCancelled: 1, problem: toAppError(err).message }));
      if (r.notCancelled === 0) this.d.log.move([row.id], ['handed_over', 'withdrawing', 'sending'], 'withdrawn', null, null, cause);
      else out.again += r.notCancelled;
      return out;
    }
    out.again += waiting;
    out.idUnknown += unknown;
    for (const gid of gids) {
      try {
        await this.d.gateway().deleteScheduled(Number(gid));
        const at = this.iso();
        this.d.db.transaction(() => {
          c.store.recipients.cancelAtGateway(cid, gid, at);
          prepared(this.d.db, 'UPDATE gateway_messages SET done = 1 WHERE gateway_id = ?').run(gid);
        })();
        out.withdrawn++;
      } catch (err) {
        const e = toAppError(err);
        if (e.kind === 'conflict') out.alreadySent++;
        else {
          out.again++;
          if (e.kind !== 'not_found') this.d.logger.warn('automation: a handed-over message could not be withdrawn yet', { campaign: cid, err: e.message });
        }
      }
    }
    if (out.withdrawn > 0) {
      c.outbox.finishIfDone(cid, true);
      c.outbox.changed(cid);
    }
    if (msisdns !== null) return out;
    const open: OccurrenceRow['state'][] = ['handed_over', 'withdrawing', 'sending'];
    if (out.again > 0) this.d.log.move([row.id], open, 'withdrawing', null, null, cause);
    else if (out.idUnknown > 0) this.d.log.move([row.id], open, 'not_withdrawn', ID_UNKNOWN, coded('automation.idUnknown'), cause);
    else if (out.alreadySent > 0) this.d.log.move([row.id], open, 'not_withdrawn', ALREADY_SENT, coded('automation.alreadySent'), cause);
    else this.d.log.move([row.id], open, 'withdrawn', null, null, cause);
    return out;
  }

  /**
   * Contacts changed: a run handed over (or planned) for a contact who was deleted, opted out, or whose date no
   * longer gives it (`stillDue`), is withdrawn; so are such recipients of a whole run. Returns how many messages
   * could not be withdrawn, per automation.
   */
  async contactsChanged(stillDue: (row: OccurrenceRow) => boolean): Promise<Map<number, number>> {
    const notWithdrawn = new Map<number, number>();
    const count = (automationId: number, n: number) => n > 0 && notWithdrawn.set(automationId, (notWithdrawn.get(automationId) ?? 0) + n);
    const nowMs = this.d.now();
    const contact = prepared(
      this.d.db,
      'SELECT c.id, o.msisdn AS opted FROM contacts c LEFT JOIN opt_outs o ON o.msisdn = c.msisdn WHERE c.id = ?',
    );
    for (const row of this.d.log.inStates(['planned', 'held', 'handed_over'])) {
      if (Date.parse(row.due_at) <= nowMs) continue;
      if (row.contact_id !== 0) {
        const c = contact.get(row.contact_id) as { id: number; opted: number | null } | undefined;
        if (c && c.opted === null && stillDue(row)) continue;
        const cause: HistoryCause = !c ? 'contact_deleted' : c.opted !== null ? 'opted_out' : 'date_changed';
        count(row.automation_id, notWithdrawnOf(await this.row(row, null, cause)));
        continue;
      }
      if (row.state !== 'handed_over' || row.campaign_id === null) continue;
      this.d.campaigns().outbox.settle(row.campaign_id);
      const gone = prepared(
        this.d.db,
        `SELECT r.msisdn, r.contact_id AS contactId, r.msisdn IN (SELECT msisdn FROM opt_outs) AS opted FROM campaign_recipients r
         WHERE r.campaign_id = ?
           AND ((r.state = 'accepted' AND r.gateway_id IS NOT NULL)
             -- A hand-over whose answer was lost: listed once as not withdrawn, not again at every change.
             OR (r.state = 'uncertain' AND NOT EXISTS (SELECT 1 FROM automation_occurrences n
                   WHERE n.campaign_id = r.campaign_id AND n.contact_id = r.contact_id AND n.state = 'not_withdrawn')))
           AND (r.msisdn IN (SELECT msisdn FROM opt_outs) OR (r.contact_id IS NOT NULL AND r.contact_id NOT IN (SELECT id FROM contacts)))`,
      ).all(row.campaign_id) as { msisdn: number; contactId: number | null; opted: number }[];
      // One recipient at a time, so each one taken back, or not, is listed by name in the history.
      for (const { msisdn, contactId, opted } of gone) {
        const r = await this.row(row, [msisdn], null);
        count(row.automation_id, notWithdrawnOf(r));
        const cause: HistoryCause = opted ? 'opted_out' : 'contact_deleted';
        if (notWithdrawnOf(r) > 0) this.listNotWithdrawn(row, row.campaign_id, msisdn, r.idUnknown > 0, cause);
        if (r.withdrawn > 0) this.d.log.noteRecipient(row, contactId, 'withdrawn', cause);
      }
    }
    return notWithdrawn;
  }

  /**
   * A recipient of a whole run that could not be withdrawn (already sent, or its request's answer was lost) gets a
   * row of its own under the run's occurrence, so the automation's counts and history list it. A number that is no
   * contact has no key of its own there: the attention notice is all that tells of it.
   */
  private listNotWithdrawn(run: OccurrenceRow, campaignId: number, msisdn: number, idUnknown: boolean, cause: HistoryCause): void {
    const contactId = prepared(
      this.d.db,
      'SELECT contact_id FROM campaign_recipients WHERE campaign_id = ? AND msisdn = ? AND contact_id IS NOT NULL',
      'pluck',
    ).get(campaignId, msisdn) as number | undefined;
    if (contactId === undefined) return;
    this.d.log.claim({
      automationId: run.automation_id,
      occurrence: run.occurrence,
      contactId,
      dueAt: run.due_at,
      state: 'not_withdrawn',
      campaignId,
      recipients: 1,
      revision: run.revision,
      reason: idUnknown ? ID_UNKNOWN : ALREADY_SENT,
      reasonCode: coded(idUnknown ? 'automation.idUnknown' : 'automation.alreadySent'),
      cause,
    });
  }

  /**
   * What to take back: the gateway ids still waiting there (one recipient each: the run was handed over with
   * separate messages), and how many recipients are not at the gateway yet (queued, or their request's answer
   * unknown), which are tried again. A whole run reads the gateway's messages, as a campaign's cancel does, so
   * recipients frozen as batches are covered; one contact's or some numbers' read their recipient rows.
   */
  private targets(campaignId: number, contactId: number, msisdns: readonly number[] | null): { gids: string[]; waiting: number; unknown: number } {
    const db = this.d.db;
    if (contactId === 0 && msisdns === null) {
      const gids = prepared(db, "SELECT gateway_id FROM gateway_messages WHERE campaign_id = ? AND interface = 'legacy' AND done = 0", 'pluck').all(campaignId) as string[];
      const waiting = prepared(db, "SELECT COUNT(*) FROM campaign_recipients WHERE campaign_id = ? AND state IN ('queued', 'in_flight')", 'pluck').get(campaignId) as number;
      const unknown = prepared(db, "SELECT COUNT(*) FROM campaign_recipients WHERE campaign_id = ? AND state = 'uncertain'", 'pluck').get(campaignId) as number;
      return { gids, waiting, unknown };
    }
    const rows = (
      msisdns !== null
        ? prepared(db, 'SELECT state, gateway_id FROM campaign_recipients WHERE campaign_id = ? AND msisdn IN (SELECT value FROM json_each(?))').all(campaignId, JSON.stringify(msisdns))
        : prepared(db, "SELECT state, gateway_id FROM campaign_recipients WHERE campaign_id = ? AND contact_id = ? AND state <> 'excluded'").all(campaignId, contactId)
    ) as { state: string; gateway_id: string | null }[];
    const gids = rows.filter((r) => r.state === 'accepted' && r.gateway_id !== null).map((r) => r.gateway_id!);
    const waiting = rows.filter((r) => r.state === 'queued' || r.state === 'in_flight').length;
    // A request whose answer was lost: the gateway may hold it under an id Besked never learnt, so it cannot be taken back.
    const unknown = rows.filter((r) => r.state === 'uncertain').length;
    return { gids, waiting, unknown };
  }

  /** A run not sent yet: the contact leaves its draft (the draft goes when nobody is left); the row is withdrawn. */
  private dropFromDraft(campaignId: number, row: OccurrenceRow, cause: HistoryCause | null): void {
    this.d.db.transaction(() => {
      const others = prepared(
        this.d.db,
        "SELECT contact_id FROM automation_occurrences WHERE campaign_id = ? AND id <> ? AND state IN ('planned', 'held')",
        'pluck',
      ).all(campaignId, row.id) as number[];
      if (row.contact_id === 0 || others.length === 0) {
        prepared(this.d.db, "DELETE FROM campaigns WHERE id = ? AND state = 'draft'").run(campaignId);
      } else {
        const spec = JSON.parse(prepared(this.d.db, 'SELECT recipient_spec FROM campaigns WHERE id = ?', 'pluck').get(campaignId) as string) as { contactIds: number[] };
        spec.contactIds = spec.contactIds.filter((id) => id !== row.contact_id);
        prepared(this.d.db, 'UPDATE campaigns SET recipient_spec = ? WHERE id = ?').run(JSON.stringify(spec), campaignId);
      }
      this.d.log.move([row.id], ['planned', 'held'], 'withdrawn', null, null, cause);
    })();
  }
}
