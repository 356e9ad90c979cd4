// Keyword auto-replies: every inbound text of the current mode that arrived after a keyword rule was switched on is
// decided exactly once (one auto_replies row per inbound message), and a reply is written in the same transaction
// as its decision, so a crash or a second pass can never answer one message twice.
import type { Settings } from '../../../src-shared/contract';
import { writeGate } from '../db/write-gate';
import type { AutomationDraft, KeywordSpec } from '../../../src-shared/contract/automations';
import { renderTemplate } from '../../../src-shared/sms/personalised';
import type { Db } from '../db/database';
import type { EventBus } from '../events';
import type { Logger } from '../log';
import { BeskedError } from '../errors';
import { isOptedOut, recordOptIn } from '../contacts/consent';
import { ContactStore } from '../contacts/contact-store';
import { defaultCountry } from '../contacts/contact-prefs';
import { GroupStore } from '../contacts/groups';
import { SqlContactDirectory } from '../campaigns/recipients/contact-directory';
import { contactValues } from '../campaigns/recipients/recipients';
import type { ReplyRequest } from '../inbox/reply';
import { Assignments } from '../inbox/assignments';
import type { AutomationRow } from './automation-store';
import { OneAtATime } from './one-at-a-time';
import { firstWord, isOptOutText, matchRule } from '../../../src-shared/automations/keyword-match';
import { answersFrom, frequencyAllows, isPhoneSender, loopGuard, loopTextKey, tooOldToAnswer } from '../../../src-shared/automations/reply-guards';
import { inRestoredWindow, readRestoredWindow, type RestoredWindow } from '../backup/restored-window';

export type ReplyOutcome = 'replied' | 'no_rule' | 'limited' | 'opted_out' | 'not_a_phone' | 'loop' | 'opt_out_word' | 'too_old' | 'assigned' | 'failed';

export interface AutoReplyDeps {
  db: Db;
  events: EventBus;
  log: Logger;
  settings: () => Settings;
  mode: () => Promise<'sandbox' | 'live'>;
  reply: (req: ReplyRequest) => Promise<{ campaignId: number; recipientId: number }>;
  now: () => number;
  /** The switched-on keyword rules. */
  rules: () => AutomationRow[];
  /** After decisions that joined contacts to groups: the welcome texts look at their queue. */
  afterJoins: () => void;
}

interface Inbound {
  id: number;
  mode: 'sandbox' | 'live';
  msisdn: number;
  text: string;
  sender: string | null;
  sentAt: string;
  optOutKeyword: string | null;
}

interface KeywordRule {
  id: number;
  name: string;
  activatedAt: string;
  draft: AutomationDraft;
  spec: KeywordSpec;
}

/** What one pass knows once: the rules, the opt-out words and our own numbers (which must never be answered). */
interface Pass {
  rules: KeywordRule[];
  optOutWords: readonly string[];
  ownNumbers: Set<string>;
  graceMinutes: number;
  /** Texts in the span a restored backup does not know about are not answered (core/backup/restored-window.ts). */
  restored: RestoredWindow | null;
  touched: Set<number>;
  contactsChanged: Set<'created' | 'groups' | 'consent'>;
}

const PAGE = 500;
const HOUR_MS = 3600_000;
const digits = (s: string): string => s.replace(/\D/g, '');

export class AutoReplies {
  /**
   * Per mode, inbound ids up to this one were looked at in this run of Besked (decided, or not owed to any rule); per
   * mode, so texts of the other mode wait until Besked is in it again rather than being passed over.
   */
  private readonly seenUpTo = { sandbox: 0, live: 0 };
  private readonly passes: OneAtATime;

  constructor(private readonly d: AutoReplyDeps) {
    this.passes = new OneAtATime(d.log, writeGate(d.db));
  }

  /** Decides what is new (new texts were stored, or Besked started); passes run one after another. */
  poke(): Promise<void> {
    return this.passes.pass(() => this.pass(), 'auto-replies failed');
  }

  stop(): Promise<void> {
    return this.passes.stop();
  }

  private async pass(): Promise<void> {
    const mode = await this.d.mode();
    const rules = this.keywordRules();
    const upTo = (this.d.db.prepare('SELECT COALESCE(MAX(id), 0) AS n FROM inbound_messages').get() as { n: number }).n;
    if (rules.length === 0 || upTo <= this.seenUpTo[mode]) {
      this.seenUpTo[mode] = Math.max(this.seenUpTo[mode], upTo);
      return;
    }
    const settings = this.d.settings();
    const p: Pass = {
      rules,
      optOutWords: settings.optOutKeywords,
      ownNumbers: this.ownNumbers(mode, settings, rules),
      graceMinutes: settings.automations.graceMinutes,
      restored: readRestoredWindow(this.d.db),
      touched: new Set(),
      contactsChanged: new Set(),
    };
    const earliest = rules.reduce((min, r) => (r.activatedAt < min ? r.activatedAt : min), rules[0]!.activatedAt);
    const page = this.d.db.prepare(
      `SELECT i.id, i.mode, i.msisdn, i.text, i.sender, i.sent_at AS sentAt, i.opt_out_keyword AS optOutKeyword
       FROM inbound_messages i
       WHERE i.id > ? AND i.id <= ? AND i.mode = ? AND i.sent_at >= ?
         AND NOT EXISTS (SELECT 1 FROM auto_replies r WHERE r.inbound_id = i.id)
       ORDER BY i.id LIMIT ${PAGE}`,
    );
    let from = this.seenUpTo[mode];
    for (;;) {
      const rows = page.all(from, upTo, mode, earliest) as Inbound[];
      for (const m of rows) {
        if (this.passes.stopped) return;
        try {
          await this.decide(m, p);
        } catch (err) {
          // Left undecided for the next start rather than blocking every text after it.
          this.d.log.warn('auto-reply: could not decide an inbound text', { inbound: m.id, err });
        }
        from = m.id;
      }
      if (rows.length < PAGE) break;
    }
    this.seenUpTo[mode] = upTo;
    for (const reason of p.contactsChanged) this.d.events.emit('contacts.changed', { reason });
    if (p.contactsChanged.has('groups')) this.d.afterJoins();
    if (p.touched.size > 0) this.d.events.emit('automations.changed', { ids: [...p.touched] });
  }

  private keywordRules(): KeywordRule[] {
    const out: KeywordRule[] = [];
    for (const r of this.d.rules()) {
      if (r.draft.spec.kind !== 'keyword' || r.activatedAt === null) continue;
      out.push({ id: r.id, name: r.draft.name, activatedAt: answersFrom(r.activatedAt), draft: r.draft, spec: r.draft.spec });
    }
    return out;
  }

  /** The numbers we send from or customers write to: a text from one of them is Besked (or the shop) talking to itself. */
  private ownNumbers(mode: 'sandbox' | 'live', s: Settings, rules: readonly KeywordRule[]): Set<string> {
    const own = new Set<string>();
    const add = (v: string | number | null | undefined) => {
      const n = digits(String(v ?? ''));
      if (n.length > 0) own.add(n);
    };
    add(s.defaultSender);
    for (const r of rules) add(r.draft.message.sender);
    for (const v of this.d.db.prepare('SELECT sender FROM recent_senders').pluck().all() as string[]) if (!/\p{L}/u.test(v)) add(v);
    for (const v of this.d.db.prepare('SELECT DISTINCT receiver FROM inbound_messages WHERE mode = ? AND receiver IS NOT NULL').pluck().all(mode) as number[]) add(v);
    return own;
  }

  private async decide(m: Inbound, p: Pass): Promise<void> {
    const rules = p.rules.filter((r) => r.activatedAt <= m.sentAt);
    if (rules.length === 0) return;
    // Composed first: a phone may send Å as A + ring, which a word split would cut in two.
    const hit = matchRule(m.text.normalize('NFC'), rules.map((r) => ({ id: r.id, keywords: r.spec.keywords, fallback: r.spec.fallback })), p.optOutWords);
    const rule = hit ? (rules.find((r) => r.id === hit.id) ?? null) : null;
    const note = (outcome: ReplyOutcome, reason: string | null) => this.note(m, rule?.id ?? null, outcome, reason, null, p);

    if (m.optOutKeyword !== null || isOptOutText(m.text, p.optOutWords)) return note('opt_out_word', 'An opt-out word: the number was opted out, not answered');
    if (p.ownNumbers.has(String(m.msisdn))) return note('not_a_phone', 'One of our own numbers');
    if (!isPhoneSender(m.msisdn, m.sender)) return note('not_a_phone', 'Not a phone number (a short code or a name)');
    if (tooOldToAnswer(Date.parse(m.sentAt), this.d.now(), p.graceMinutes)) return note('too_old', 'Arrived while Besked was closed, longer ago than the grace period');
    if (inRestoredWindow(p.restored, m.sentAt)) return note('too_old', 'Arrived between the time of the backup restored and the restore: it may have been answered then');
    if (!rule) return note('no_rule', null);
    // A colleague answers this customer in person (issue 21): a machine's reply would talk over them.
    const assignee = new Assignments(this.d.db).of(m.mode, m.msisdn);
    if (assignee) return note('assigned', `Assigned to ${assignee.name}: they answer this conversation in person`);
    if (loopGuard(this.sameTextsInHour(m))) return note('loop', 'The same text more than 3 times in an hour');
    if (!rule.spec.optIn && isOptedOut(this.d.db, m.msisdn)) return note('opted_out', 'The number has opted out');
    if (!frequencyAllows(rule.spec.frequency, this.lastReplyAt(rule.id, m), Date.parse(m.sentAt))) {
      this.d.db.transaction(() => {
        this.act(rule, m, p);
        this.insert(m, rule.id, 'limited', 'Already answered within the rule’s limit', null);
      })();
      p.touched.add(rule.id);
      return;
    }
    await this.answer(rule, m, p);
  }

  /** Writes the reply; the decision and the rule's actions commit in its transaction. A refused reply is noted 'failed'. */
  private async answer(rule: KeywordRule, m: Inbound, p: Pass): Promise<void> {
    const text = renderTemplate(rule.draft.message.text, this.valuesFor(m.msisdn), rule.draft.message.fallbacks);
    try {
      if (text.trim() === '') throw new BeskedError('validation', 'The rule has no reply text.');
      await this.d.reply({
        msisdn: m.msisdn,
        text,
        ...(rule.draft.message.sender.trim() ? { sender: rule.draft.message.sender } : {}),
        // The rule opts the number in within the same transaction, so the reply may reach a number opted out until now.
        toOptedOut: rule.spec.optIn,
        name: `Auto-reply: ${rule.name}`,
        record: ({ campaignId }) => {
          this.act(rule, m, p);
          this.d.db.prepare('UPDATE campaigns SET automation_id = ? WHERE id = ?').run(rule.id, campaignId);
          this.insert(m, rule.id, 'replied', null, campaignId);
        },
      });
      p.touched.add(rule.id);
    } catch (err) {
      if (this.decided(m.id)) return;
      this.note(m, rule.id, 'failed', err instanceof Error ? err.message : String(err), null, p);
    }
  }

  /** The rule's side effects: the number's contact (created when missing) joins the group; the number is opted in. */
  private act(rule: KeywordRule, m: Inbound, p: Pass): void {
    const keyword = firstWord(m.text).toLocaleUpperCase('da');
    if (rule.spec.addToGroupId !== null) {
      const groupId = rule.spec.addToGroupId;
      if (this.d.db.prepare('SELECT 1 FROM contact_groups WHERE id = ?').get(groupId) === undefined) {
        this.d.log.warn('auto-reply: the rule’s group no longer exists', { automation: rule.id, groupId });
      } else {
        const contacts = new ContactStore(this.d.db);
        let contactId = contacts.idByMsisdn(m.msisdn);
        if (contactId === undefined) {
          contactId = contacts.create({ phone: `+${m.msisdn}`, notes: `Joined by texting ${keyword}` }, defaultCountry(this.d.db)).id;
          p.contactsChanged.add('created');
        }
        if (new GroupStore(this.d.db).add(groupId, [contactId]) > 0) p.contactsChanged.add('groups');
      }
    }
    if (rule.spec.optIn) {
      recordOptIn(this.d.db, m.msisdn, { source: 'keyword', by: `${keyword} from +${m.msisdn}`, note: `inbound #${m.id}`, at: new Date(m.sentAt) });
      p.contactsChanged.add('consent');
    }
  }

  private note(m: Inbound, ruleId: number | null, outcome: ReplyOutcome, reason: string | null, campaignId: number | null, p: Pass): void {
    this.insert(m, ruleId, outcome, reason, campaignId);
    if (ruleId !== null) p.touched.add(ruleId);
  }

  /** One decision per inbound message; a second (a race, a restart) is refused by the primary key. */
  private insert(m: Inbound, ruleId: number | null, outcome: ReplyOutcome, reason: string | null, campaignId: number | null): void {
    const sql = `INSERT INTO auto_replies (inbound_id, automation_id, mode, msisdn, outcome, campaign_id, reason, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`;
    // A reply's row must be the first, or its transaction (and so the reply) rolls back; other outcomes just stand.
    this.d.db.prepare(outcome === 'replied' ? sql : `${sql} ON CONFLICT (inbound_id) DO NOTHING`).run(m.id, ruleId, m.mode, m.msisdn, outcome, campaignId, reason, m.sentAt);
  }

  private decided(inboundId: number): boolean {
    return this.d.db.prepare('SELECT 1 FROM auto_replies WHERE inbound_id = ?').get(inboundId) !== undefined;
  }

  /** How often the number sent this text in the hour up to and including it. */
  private sameTextsInHour(m: Inbound): number {
    const texts = this.d.db
      .prepare('SELECT text FROM inbound_messages WHERE mode = ? AND msisdn = ? AND sent_at > ? AND sent_at <= ? AND id <= ?')
      .pluck()
      .all(m.mode, m.msisdn, new Date(Date.parse(m.sentAt) - HOUR_MS).toISOString(), m.sentAt, m.id) as string[];
    const mine = loopTextKey(m.text);
    return texts.filter((t) => loopTextKey(t) === mine).length;
  }

  /** When this rule last answered the number (by the inbound text's time), or null. */
  private lastReplyAt(ruleId: number, m: Inbound): number | null {
    const at = this.d.db
      .prepare("SELECT MAX(at) FROM auto_replies WHERE automation_id = ? AND msisdn = ? AND mode = ? AND outcome = 'replied'")
      .pluck()
      .get(ruleId, m.msisdn, m.mode) as string | null;
    return at === null ? null : Date.parse(at);
  }

  /** The merge-field values of the number's contact; a number of no contact has only {phone}, the rest take fallbacks. */
  private valuesFor(msisdn: number): Record<string, string> {
    const c = new SqlContactDirectory(this.d.db).byMsisdn([msisdn]).get(msisdn);
    return c ? contactValues(c) : { phone: `+${msisdn}` };
  }
}
