// A core on the built-in test gateway with automations written straight into its store (the runner's tests do not
// need the editor's handlers), the test gateway's clock stepped through sandbox.advanceClock, and what the runner
// recorded read back.
import type { DateTime } from 'luxon';
import type { AutomationDraft, AutomationMessage, AutomationSpec, DateFieldSpec, RecurringSpec } from '../../../src-shared/contract/automations';
import { AutomationStore } from '../../../src-main/core/automations/automation-store';
import { DueIndex } from '../../../src-main/core/automations/due-index';
import type { TestCore } from '../campaigns/helpers';

export const message = (o: Partial<AutomationMessage> = {}): AutomationMessage => ({
  channel: 'legacy',
  sender: 'Besked',
  text: 'Hello from the shop',
  fallbacks: {},
  options: { label: '', priority: 'normal', validitySeconds: null, messageClass: 'standard', flash: false },
  ...o,
});

export const noRecipients = { contactIds: [], groupIds: [], searches: [], numbers: [] };

/** A birthday rule: on the day, at 09:00, every year, to everyone with a birthday field. */
export const birthdays: DateFieldSpec = {
  kind: 'date_field',
  field: 'birthday',
  offset: { direction: 'on', amount: 0, unit: 'days' },
  time: '09:00',
  repeat: 'yearly',
  recipients: noRecipients,
};

/** A rule that sends every day at `due`'s local time from `due`'s date on, to typed numbers. */
export function dailyAt(due: DateTime, numbers: string[]): RecurringSpec {
  return {
    kind: 'recurring',
    recurrence: { every: 'day', interval: 1 },
    time: due.toFormat('HH:mm'),
    startDate: due.toISODate()!,
    end: { kind: 'never' },
    recipients: { contactIds: [], groupIds: [], searches: [], numbers },
    resolve: 'each_run',
  };
}

export async function simNow(t: TestCore): Promise<number> {
  return Date.parse(((await t.sim('GET', '/_sim/clock')) as { now: string }).now);
}

/** The store on the test gateway's clock (activation is stamped with it, as the module's own store does). */
export function storeOf(t: TestCore, now: { ms: number }): AutomationStore {
  return new AutomationStore(t.core.db, () => now.ms);
}

/** Saves and switches on an automation; date-field rules get their due index built as the handlers would. */
export async function activate(t: TestCore, spec: AutomationSpec, o: { name?: string; timeZone?: string; message?: Partial<AutomationMessage> } = {}): Promise<number> {
  const now = { ms: await simNow(t) };
  const store = storeOf(t, now);
  const draft: AutomationDraft = { name: o.name ?? 'Automation', timeZone: o.timeZone ?? 'Europe/Copenhagen', spec, message: message(o.message) };
  const row = store.activate(store.insert(draft).id);
  if (spec.kind === 'date_field') new DueIndex(t.core.db, () => now.ms).rebuild(row);
  // As automations.activate does: look at once.
  t.core.automations.wake();
  await settled(t);
  return row.id;
}

/** Waits until the runner is idle and no automation's campaign is still on its way to the gateway. */
export async function settled(t: TestCore, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  const busy = t.core.db.prepare("SELECT COUNT(*) FROM campaigns WHERE automation_id IS NOT NULL AND state IN ('sending', 'waiting')").pluck();
  for (;;) {
    await t.core.automations.idle();
    if ((busy.get() as number) === 0) {
      await t.core.automations.idle();
      if ((busy.get() as number) === 0) return;
    }
    if (Date.now() > until) throw new Error('automation campaigns still on their way');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Moves the test gateway's clock on (which wakes the runner) and waits for what fell due. */
export async function advance(t: TestCore, seconds: number): Promise<void> {
  await t.ok('sandbox.advanceClock', { seconds });
  await settled(t);
}

export interface OccurrenceRecord {
  occurrence: string;
  contact_id: number;
  state: string;
  campaign_id: number | null;
  reason: string | null;
  due_at: string;
}

export function occurrences(t: TestCore, automationId: number): OccurrenceRecord[] {
  return t.core.db
    .prepare('SELECT occurrence, contact_id, state, campaign_id, reason, due_at FROM automation_occurrences WHERE automation_id = ? ORDER BY due_at, id')
    .all(automationId) as OccurrenceRecord[];
}

/** Legacy messages at the gateway that were not withdrawn, per recipient. */
export async function sentTo(t: TestCore): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  for (const e of await t.ledger()) {
    if (e.interface !== 'legacy' || e.status === 'DELETED') continue;
    counts.set(e.recipient, (counts.get(e.recipient) ?? 0) + 1);
  }
  return counts;
}
