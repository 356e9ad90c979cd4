// Welcome texts: the schema's trigger queues every contact who joins a switched-on welcome automation's group (import,
// by hand or a keyword rule); each queued contact gets the text once. The occurrence row ('welcome', UNIQUE per
// contact), the reply and the queue row's removal commit in one transaction, so a crash never sends one twice. A join
// that waited longer than the grace period for a Besked to start is recorded missed, never welcomed months late.
import type { Coded } from '../../../src-shared/error-codes';
import { coded } from '../../../src-shared/error-codes';
import { renderTemplate } from '../../../src-shared/sms/personalised';
import type { Db } from '../db/database';
import type { EventBus } from '../events';
import type { Logger } from '../log';
import { BeskedError } from '../errors';
import { isOptedOut } from '../contacts/consent';
import { SqlContactDirectory } from '../campaigns/contact-directory';
import { contactValues } from '../campaigns/recipients';
import type { ReplyRequest } from '../inbox/reply';
import type { AutomationRow } from './automation-store';
import { OneAtATime } from './one-at-a-time';
import { isPhoneSender, welcomeTooLate } from '../../../src-shared/automations/reply-guards';
import { computerClock } from '../clock';

export interface WelcomeDeps {
  db: Db;
  events: EventBus;
  log: Logger;
  reply: (req: ReplyRequest) => Promise<{ campaignId: number; recipientId: number }>;
  now: () => number;
  automation: (id: number) => AutomationRow | undefined;
  /** The grace period of every automation (settings): a join queued longer ago is missed. */
  graceMinutes: () => number;
  /** When this Besked started, on the clock the queue's joined_at is written on: the computer's (the trigger's 'now'). */
  runningSince?: number;
}

interface Queued {
  automationId: number;
  contactId: number;
  joinedAt: string;
}

export const WELCOME = 'welcome';
const PAGE = 200;
const MISSED = 'The contact joined while Besked was not running, longer ago than the grace period, so the welcome text was not sent late.';

export class WelcomeTexts {
  private readonly passes: OneAtATime;
  private readonly runningSince: number;

  constructor(private readonly d: WelcomeDeps) {
    this.passes = new OneAtATime(d.log);
    this.runningSince = d.runningSince ?? computerClock.now();
  }

  /** Works through the queue; calls run one after another. */
  poke(): Promise<void> {
    return this.passes.pass(() => this.pass(), 'welcome texts failed');
  }

  stop(): Promise<void> {
    return this.passes.stop();
  }

  private async pass(): Promise<void> {
    const touched = new Set<number>();
    const missed = new Set<number>();
    const page = this.d.db.prepare(
      `SELECT automation_id AS automationId, contact_id AS contactId, joined_at AS joinedAt
       FROM automation_welcome_queue ORDER BY joined_at, automation_id, contact_id LIMIT ${PAGE}`,
    );
    // A row that could not be handled stays queued for the next pass instead of being read again in this one.
    const tried = new Set<string>();
    for (;;) {
      const rows = (page.all() as Queued[]).filter((q) => !tried.has(`${q.automationId}:${q.contactId}`));
      if (rows.length === 0) break;
      for (const q of rows) {
        if (this.passes.stopped) return;
        tried.add(`${q.automationId}:${q.contactId}`);
        try {
          const outcome = await this.welcome(q);
          if (outcome) touched.add(q.automationId);
          if (outcome === 'missed') missed.add(q.automationId);
        } catch (err) {
          this.d.log.warn('welcome text: could not handle a queued contact', { ...q, err });
        }
      }
    }
    if (touched.size > 0) this.d.events.emit('automations.changed', { ids: [...touched] });
    for (const id of missed) {
      const name = this.d.automation(id)?.draft.name ?? '';
      this.d.events.emit('automations.attention', { id, name, message: MISSED, code: { code: 'automation.welcome.missed', params: {} } });
    }
  }

  /** Handles one queued join; true (or 'missed') when it recorded something for the automation. */
  private async welcome(q: Queued): Promise<boolean | 'missed'> {
    const rule = this.d.automation(q.automationId);
    if (!rule || rule.draft.spec.kind !== 'welcome') {
      this.dequeue(q);
      return false;
    }
    if (this.recorded(q)) {
      // Welcomed before (rejoined the group, or a second way of joining): once per contact.
      this.dequeue(q);
      return false;
    }
    if (rule.state !== 'active') return this.skip(q, 'The automation was switched off before the text went', coded('automation.welcome.paused'));
    // joined_at is the computer's time (the trigger's), so it is held against the start on that clock, whichever the runner keeps.
    if (welcomeTooLate(Date.parse(q.joinedAt), this.runningSince, this.d.graceMinutes())) {
      this.skip(q, MISSED, coded('automation.welcome.missed'), 'missed');
      return 'missed';
    }
    const contact = [...new SqlContactDirectory(this.d.db).contacts({ contactIds: [q.contactId], groupIds: [], searches: [] })][0];
    if (!contact) return this.skip(q, 'The contact was deleted', coded('automation.welcome.contactDeleted'));
    if (isOptedOut(this.d.db, contact.msisdn)) return this.skip(q, 'The number has opted out', coded('automation.welcome.optedOut'));
    if (!isPhoneSender(contact.msisdn, null)) return this.skip(q, 'Not a phone number', coded('automation.welcome.notAPhone'));

    const message = rule.draft.message;
    const text = renderTemplate(message.text, contactValues(contact), message.fallbacks);
    try {
      if (text.trim() === '') throw new BeskedError('validation', 'The automation has no text.', coded('automation.emptyText'));
      await this.d.reply({
        msisdn: contact.msisdn,
        text,
        ...(message.sender.trim() ? { sender: message.sender } : {}),
        name: `Welcome: ${rule.draft.name}`,
        record: ({ campaignId }) => {
          this.insert(q, 'sending', campaignId, null, null);
          this.d.db.prepare('UPDATE campaigns SET automation_id = ? WHERE id = ?').run(rule.id, campaignId);
          this.dequeue(q);
        },
      });
      return true;
    } catch (err) {
      if (this.recorded(q)) return false;
      const e = err instanceof BeskedError ? err : null;
      const why = e?.code ? ({ code: e.code, params: e.params } as Coded) : null;
      const message = err instanceof Error ? err.message : String(err);
      this.d.events.emit('automations.attention', { id: rule.id, name: rule.draft.name, message: `A welcome text was not sent: ${message}`, code: why ? { code: why.code, params: why.params ?? {} } : null });
      return this.skip(q, message, why);
    }
  }

  private skip(q: Queued, reason: string, why: Coded | null, state: 'skipped' | 'missed' = 'skipped'): boolean {
    this.d.db.transaction(() => {
      this.insert(q, state, null, reason, why);
      this.dequeue(q);
    })();
    return true;
  }

  private insert(q: Queued, state: 'sending' | 'skipped' | 'missed', campaignId: number | null, reason: string | null, why: Coded | null): void {
    const at = new Date(this.d.now()).toISOString();
    // Plain INSERT for a send: a second row for the contact fails the reply's transaction, so nothing goes twice.
    this.d.db
      .prepare(
        `INSERT ${state === 'sending' ? '' : 'OR IGNORE '}INTO automation_occurrences
           (automation_id, occurrence, contact_id, due_at, state, campaign_id, recipients, reason, reason_code, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(q.automationId, WELCOME, q.contactId, this.joinedOnCoreClock(q), state, campaignId, state === 'sending' ? 1 : 0, reason, why ? JSON.stringify(why) : null, at, at);
  }

  /**
   * When the contact joined, on the core's clock (what the history shows beside the ledger's times): the trigger
   * wrote the computer's time, and the two clocks are as far apart now as when it fired (both run on while Besked
   * runs, and a join happens only while it runs).
   */
  private joinedOnCoreClock(q: Queued): string {
    return new Date(Date.parse(q.joinedAt) + (this.d.now() - computerClock.now())).toISOString();
  }

  private recorded(q: Queued): boolean {
    return (
      this.d.db.prepare('SELECT 1 FROM automation_occurrences WHERE automation_id = ? AND occurrence = ? AND contact_id = ?').get(q.automationId, WELCOME, q.contactId) !==
      undefined
    );
  }

  private dequeue(q: Queued): void {
    this.d.db.prepare('DELETE FROM automation_welcome_queue WHERE automation_id = ? AND contact_id = ?').run(q.automationId, q.contactId);
  }
}
