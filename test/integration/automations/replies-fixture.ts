// Keyword and welcome automations on a core over the simulator: rules written through the automation store (as the
// automations.* calls do), inbound texts through /_sim/inbound, and what came of them read from the database and ledger.
import type { AutomationDraft, AutomationSpec, KeywordSpec } from '../../../src-shared/contract/automations';
import { AutomationStore } from '../../../src-main/core/automations/automation-store';
import { eventually, type TestCore } from '../inbox/core-fixture';

export const OPTIONS = { label: '', priority: 'normal', validitySeconds: null, messageClass: 'standard', flash: false } as const;

export function draftOf(name: string, spec: AutomationSpec, text: string, sender = 'Butikken'): AutomationDraft {
  return { name, timeZone: 'Europe/Copenhagen', spec, message: { channel: 'legacy', sender, text, fallbacks: { first_name: 'kunde' }, options: { ...OPTIONS } } };
}

export function keyword(over: Partial<KeywordSpec> = {}): KeywordSpec {
  return { kind: 'keyword', keywords: [], fallback: false, frequency: { kind: 'every' }, addToGroupId: null, optIn: false, ...over };
}

/** Saves and switches on an automation; returns its id. */
export function activate(t: TestCore, draft: AutomationDraft): number {
  const store = new AutomationStore(t.core.db, Date.now);
  const id = store.insert(draft).id;
  // Switched on a moment in the past by the simulator's clock, so texts sent from now on come after it.
  store.activate(id);
  t.core.db.prepare('UPDATE automations SET activated_at = ? WHERE id = ?').run(new Date(Date.now() - 60_000).toISOString(), id);
  return id;
}

export interface Decision {
  inbound_id: number;
  automation_id: number | null;
  msisdn: number;
  outcome: string;
  campaign_id: number | null;
  text: string;
}

export function decisions(t: TestCore): Decision[] {
  return t.core.db
    .prepare('SELECT r.inbound_id, r.automation_id, r.msisdn, r.outcome, r.campaign_id, i.text FROM auto_replies r JOIN inbound_messages i ON i.id = r.inbound_id ORDER BY r.inbound_id')
    .all() as Decision[];
}

/** Sends texts from the customers, fetches the inbox and waits until every stored text (but `notOwed`) is decided. */
export async function texts(
  t: TestCore,
  list: readonly (readonly [msisdn: number, text: string, sender?: string])[],
  receiver = 1204,
  notOwed = 0,
): Promise<Decision[]> {
  for (const [msisdn, message, sender] of list) await t.sim('POST', '/_sim/inbound', { msisdn, receiver, message, ...(sender ? { sender } : {}) });
  await t.call('sync.now', {});
  const stored = () => (t.core.db.prepare('SELECT COUNT(*) AS n FROM inbound_messages').get() as { n: number }).n;
  return eventually(() => {
    const all = decisions(t);
    if (all.length < stored() - notOwed) throw new Error(`${all.length} of ${stored()} decided`);
    return all;
  }, 60_000);
}

/** The reply texts the gateway accepted, per recipient. */
export async function ledger(t: TestCore): Promise<{ recipient: number; text: string; sender: string | null }[]> {
  return (await t.sim<{ messages: { recipient: number; text: string; sender: string | null }[] }>('GET', '/_sim/ledger')).messages;
}

export async function ledgerOf(t: TestCore, n: number): Promise<{ recipient: number; text: string; sender: string | null }[]> {
  return eventually(async () => {
    const l = await ledger(t);
    if (l.length < n) throw new Error(`${l.length} of ${n} accepted`);
    return l;
  }, 60_000);
}
