// Representative rows as a Besked at an older schema version wrote them: for each table that exists at that version,
// rows in the columns it had then (several campaign and recipient states, a chunk not settled yet, frozen batches in
// the form of their day), so the upgrade tests can migrate them and ask whether every one kept its meaning.
import { openDatabase, schemaVersion, type Db } from '../../../../src-main/core/db/database';
import { migrations } from '../../../../src-main/core/db/migrations';
import { m019AutomationHistory } from '../../../../src-main/core/db/migrations/019-automation-history';
import { toColumns } from '../../../../src-main/core/contacts/contact-columns';
import { frozenListOf, writeBatches } from '../../../../src-main/core/campaigns/recipients/frozen-batches';
import { entryHash, GENESIS, type ChainedContent } from '../../../../src-main/core/audit/audit-chain';

export type Cell = string | number | null;
export type Row = Record<string, Cell>;

/** Rows of one table, written by any Besked from schema `since` on. */
export interface RowSet {
  table: string;
  since: number;
  rows: Row[];
  /** Rows the schema's own triggers write as the other tables are filled: not written by hand, but held after an upgrade. */
  byTriggers?: Row[];
}

export const AT = '2026-03-02T09:30:00.000Z';
const LATER = '2026-03-02T09:45:00.000Z';

/** Where the live gateway was: nothing listens there in the tests, so a core over these rows neither sends nor polls. */
const GATEWAY = 'http://127.0.0.1:9';

/** The shop's settings as JSON values by key (settings.ts), none of them a default. */
export const SETTINGS = {
  language: 'da',
  theme: 'dark',
  defaultSender: 'Butikken',
  lowBalanceThreshold: 250,
  sandbox: false,
  endpoints: { default: { messagingUrl: GATEWAY, legacyUrl: GATEWAY }, eu: { messagingUrl: '', legacyUrl: '' } },
};

export const ANNA = 4520000001;
export const BO = 4520000002;
export const OPTED_OUT = 4520000003;
const NO_NAME = 4520000004;

const contact = (id: number, first: string, last: string, msisdn: number, custom: Record<string, string>): Row => ({
  id,
  ...toColumns(
    { e164: `+${msisdn}`, msisdn, national: String(msisdn).slice(2) },
    { firstName: first, lastName: last, email: first ? `${first.toLowerCase()}@example.dk` : '', company: 'Kunde ApS', notes: '', custom },
  ),
  created_at: AT,
  updated_at: AT,
});

/** An automation of schema 12: its draft as the contract's AutomationDraft, with the kind's own spec. */
function automation(id: number, kind: string, state: string, recipients: Record<string, number[]>, fields: Row): Row {
  const nobody = { contactIds: [], groupIds: [], searches: [], numbers: [], ...recipients };
  const specs: Record<string, unknown> = {
    recurring: {
      kind,
      recurrence: { every: 'week', interval: 1, weekdays: ['mo'] },
      time: '09:00',
      startDate: '2026-03-02',
      end: { kind: 'never' },
      recipients: nobody,
      resolve: 'each_run',
    },
    date_field: { kind, field: 'fodselsdag', offset: { direction: 'on', amount: 0, unit: 'days' }, time: '10:00', repeat: 'yearly', recipients: nobody },
    keyword: { kind, keywords: ['ÅBEN'], fallback: false, frequency: { kind: 'period', hours: 24 }, addToGroupId: null, optIn: false },
    welcome: { kind, groupId: 2 },
  };
  const name = `Automatisering ${id}`;
  const message = { channel: 'legacy', sender: 'Butikken', text: 'Hej {first_name}', fallbacks: {}, options: { label: 'jul', priority: 'normal', validitySeconds: null, messageClass: 'standard', flash: false } };
  return {
    id,
    kind,
    name,
    state,
    draft: JSON.stringify({ name, timeZone: 'Europe/Copenhagen', spec: specs[kind], message }),
    created_at: AT,
    updated_at: LATER,
    revision: 1,
    ...fields,
  };
}

const OPTIONS = JSON.stringify({ label: 'jul', priority: 'normal', validitySeconds: null, messageClass: 'standard', flash: false, maxParts: 3 });
const SPEC = JSON.stringify({ contactIds: [1], groupIds: [1], searches: [], numbers: ['20 00 00 09'] });

const campaign = (id: number, fields: Row): Row => ({
  id,
  kind: 'campaign',
  name: `Kampagne ${id}`,
  channel: 'legacy',
  mode: 'live',
  sender: 'Butikken',
  text: 'Hej {first_name}!',
  fallbacks: '{"first_name":"kunde"}',
  options: OPTIONS,
  recipient_spec: SPEC,
  frozen_at: AT,
  currency: 'DKK',
  created_at: AT,
  updated_at: LATER,
  started_at: AT,
  ...fields,
});

const recipient = (id: number, campaignId: number, msisdn: number, fields: Row): Row => ({
  id,
  campaign_id: campaignId,
  msisdn,
  contact_id: msisdn === ANNA ? 1 : msisdn === BO ? 2 : null,
  name: msisdn === ANNA ? 'Anna Hansen' : msisdn === BO ? 'Bo Østergård' : null,
  text: msisdn === ANNA ? 'Hej Anna!' : msisdn === BO ? 'Hej Bo!' : 'Hej kunde!',
  tagvalues: null,
  parts: 1,
  cost: 0.25,
  ...fields,
});

/** The paused campaign 4's first two recipients went out in a chunk whose outcome is on the chunk alone (schema 7). */
const unsettled = (v: number): Row[] =>
  v >= 7
    ? [{ id: 4, campaign_id: 4, seq: 1, state: 'accepted', recipients: 2, started_at: AT, finished_at: AT, error: null, cost: 0.5, first_id: 20, last_id: 21, settled: 0 }]
    : [];

/** The tables of schema `v` with the rows a Besked of that version wrote into them. */
export function rowSets(v: number): RowSet[] {
  const sets: RowSet[] = [
    { table: 'settings', since: 1, rows: Object.entries(SETTINGS).map(([key, value]) => ({ key, value: JSON.stringify(value) })) },
    { table: 'balance_cache', since: 1, rows: [{ mode: 'live', credit: 1234.5, currency: 'DKK', account_id: 4711, fetched_at: AT }] },

    {
      table: 'contacts',
      since: 2,
      rows: [
        contact(1, 'Anna', 'Hansen', ANNA, { by: 'Aarhus' }),
        contact(2, 'Bo', 'Østergård', BO, {}),
        contact(3, 'Carl', 'Ærø', OPTED_OUT, {}),
        contact(5, '', '', NO_NAME, {}),
      ],
    },
    { table: 'contact_groups', since: 2, rows: [{ id: 1, name: 'Stamkunder', created_at: AT }, { id: 2, name: 'Nyhedsbrev', created_at: AT }] },
    { table: 'contact_group_members', since: 2, rows: [{ group_id: 1, contact_id: 1 }, { group_id: 1, contact_id: 2 }, { group_id: 2, contact_id: 1 }] },
    { table: 'opt_outs', since: 2, rows: [{ msisdn: OPTED_OUT, source: 'keyword', by: 'STOP', at: AT }] },
    {
      table: 'consent_log',
      since: 2,
      rows: [
        { id: 1, msisdn: OPTED_OUT, action: 'opt_in', source: 'import', by: 'kunder.csv', note: '', at: AT },
        { id: 2, msisdn: OPTED_OUT, action: 'opt_out', source: 'keyword', by: 'STOP', note: 'svarede STOP', at: LATER },
      ],
    },
    { table: 'contact_fields', since: 2, rows: [{ key: 'by', label: 'By', created_at: AT }] },
    { table: 'contact_import_mappings', since: 2, rows: [{ signature: 'navn;telefon', mapping: '["firstName","phone"]', saved_at: AT }] },
    { table: 'contact_prefs', since: 2, rows: [{ key: 'defaultCountry', value: 'SE' }] },
    { table: 'contact_trash', since: 2, rows: [{ token: 'undo-1', contact_id: 4, data: '{"id":4}', deleted_at: AT }] },

    {
      table: 'campaigns',
      since: 3,
      rows: [
        campaign(1, { name: 'Julekampagne', state: 'draft', mode: null, frozen_at: null, started_at: null, currency: null }),
        campaign(2, { state: 'partly_failed', finished_at: LATER, estimated_parts: 4, estimated_cost: 1 }),
        campaign(3, { state: 'sent', channel: 'messaging', text: 'Vi har åbent søndag', fallbacks: '{}', finished_at: LATER }),
        campaign(4, {
          state: 'paused',
          last_error: 'Your gateway account has too little credit.',
          ...(v >= 9 ? { last_error_code: '{"code":"gateway.insufficientCredit"}' } : {}),
        }),
        campaign(5, { state: 'cancelled', finished_at: LATER }),
        campaign(6, { kind: 'reply', name: '', state: 'sent', text: 'Tak for din besked', fallbacks: '{}', finished_at: AT }),
        ...(v >= 8 ? [campaign(7, { state: 'paused' })] : []),
      ],
    },
    {
      table: 'campaign_recipients',
      since: 3,
      rows: [
        recipient(10, 2, ANNA, { state: 'accepted', chunk_id: 1, gateway_id: '1001', status: 'delivered', gateway_status: 'DELIVERED', status_at: LATER }),
        recipient(11, 2, BO, { state: 'accepted', chunk_id: 1, gateway_id: '1001', status: 'failed', gateway_status: 'FAILED', status_error: 'Ukendt nummer', status_at: LATER }),
        recipient(12, 2, 4520000009, { state: 'failed', chunk_id: 2, reason: 'The gateway refused the number.' }),
        recipient(13, 2, OPTED_OUT, { state: 'excluded', reason: 'opted_out', cost: null }),
        recipient(14, 3, ANNA, { state: 'accepted', chunk_id: 3, gateway_id: 'msg-abc', status: 'read', status_at: LATER }),
        recipient(15, 5, ANNA, { state: 'cancelled' }),
        recipient(16, 5, BO, { state: 'cancelled' }),
        recipient(17, 6, BO, { text: 'Tak for din besked', state: 'accepted', chunk_id: 5, gateway_id: '1002', status: 'delivered', status_at: AT }),
        recipient(20, 4, ANNA, { state: 'queued' }),
        recipient(21, 4, BO, { state: 'queued' }),
        recipient(22, 4, 4520000009, { state: 'queued' }),
        ...(v >= 8 ? [recipient(35, 7, 4520000035, { state: 'queued', text: 'Hej kunde!' })] : []),
      ],
    },
    { table: 'campaign_exclusions', since: 3, rows: [{ id: 1, campaign_id: 2, label: '12 34', msisdn: null, contact_id: null, reason: 'invalid', detail: 'Too few digits' }] },
    {
      table: 'send_chunks',
      since: 3,
      rows: [
        { id: 1, campaign_id: 2, seq: 1, state: 'accepted', recipients: 2, started_at: AT, finished_at: AT, error: null, cost: 0.5 },
        { id: 2, campaign_id: 2, seq: 2, state: 'failed', recipients: 1, started_at: AT, finished_at: AT, error: 'The gateway refused the number.', cost: null },
        { id: 3, campaign_id: 3, seq: 1, state: 'accepted', recipients: 1, started_at: AT, finished_at: AT, error: null, cost: 0.25 },
        { id: 5, campaign_id: 6, seq: 1, state: 'accepted', recipients: 1, started_at: AT, finished_at: AT, error: null, cost: 0.25 },
        ...unsettled(v),
      ],
    },
    {
      table: 'gateway_messages',
      since: 3,
      rows: [
        { gateway_id: '1001', interface: 'legacy', campaign_id: 2, chunk_id: 1, recipients: 2, send_at: AT, expires_at: LATER, polls: 3, last_polled_at: LATER, done: 1 },
        { gateway_id: 'msg-abc', interface: 'messaging', campaign_id: 3, chunk_id: 3, recipients: 1, send_at: AT, expires_at: LATER, polls: 0, done: 1 },
        { gateway_id: '1002', interface: 'legacy', campaign_id: 6, chunk_id: 5, recipients: 1, send_at: AT, expires_at: LATER, polls: 1, done: 1 },
        ...(v >= 7 ? [{ gateway_id: '2001', interface: 'legacy', campaign_id: 4, chunk_id: 4, recipients: 2, send_at: AT, expires_at: LATER, polls: 0, done: 1, recipient_ids: null }] : []),
      ],
    },
    {
      table: 'status_events',
      since: 3,
      rows: [
        { id: 1, campaign_id: 2, recipient_id: 10, status: 'sent', at: AT },
        { id: 2, campaign_id: 2, recipient_id: 10, status: 'delivered', at: LATER },
        { id: 3, campaign_id: 2, recipient_id: 11, status: 'failed', at: LATER },
      ],
    },
    { table: 'templates', since: 3, rows: [{ id: 1, name: 'Åbningstider', text: 'Vi har åbent {dag}', created_at: AT, updated_at: AT }] },
    { table: 'recent_senders', since: 3, rows: [{ sender: 'Butikken', used_at: LATER }, { sender: 'Tilbud', used_at: AT }] },
    { table: 'price_lists', since: 3, rows: [{ mode: 'live', fetched_at: AT, body: '{"DK":{"price":0.25}}' }] },
    { table: 'daily_spend', since: 3, rows: [{ day: '2026-03-02', mode: 'live', cost: 1.25 }] },

    {
      table: 'inbound_messages',
      since: 4,
      rows: [
        { id: 1, gateway: 'default', mode: 'live', mosms_id: 501, msisdn: BO, receiver: 1919, text: 'Har I åbent i morgen?', sent_at: AT, received_at: AT, source: 'poll', read_at: LATER },
        { id: 2, gateway: 'default', mode: 'live', mosms_id: 502, msisdn: BO, receiver: 1919, text: 'Super, tak 👍', sent_at: LATER, received_at: LATER, source: 'webhook' },
        { id: 3, gateway: 'default', mode: 'live', mosms_id: 503, msisdn: OPTED_OUT, receiver: 1919, text: 'STOP', sent_at: AT, received_at: AT, source: 'poll', read_at: AT, opt_out_keyword: 'STOP' },
        { id: 4, gateway: 'sandbox', mode: 'sandbox', mosms_id: 501, msisdn: ANNA, receiver: 1919, text: 'Test fra sandkassen', sent_at: AT, received_at: AT, source: 'poll' },
      ],
    },
    { table: 'sync_state', since: 4, rows: [{ key: 'inbox.cursor.default', value: '503' }] },
    { table: 'webhook_seen', since: 4, rows: [{ key: 'evt-1', seen_at: LATER }] },

    { table: 'account_features', since: 5, rows: [{ mode: 'live', feature: 'lookup', state: 'not_enabled', checked_at: AT }] },
    { table: 'account_keyword_cancellations', since: 5, rows: [{ mode: 'live', shortcode: 1919, keyword: 'TILBUD', cancelled_at: AT, active_until: '2026-04-01T00:00:00.000Z' }] },
    { table: 'account_lookups', since: 5, rows: [{ id: 1, mode: 'live', looked_up_at: AT, lookups: 1, total_cost: 0.1, currency: 'DKK', results: '[]' }] },
    {
      table: 'account_emails',
      since: 5,
      rows: [{ id: 1, mode: 'live', sent_at: AT, subject: 'Kvittering', recipients: 1, gateway_ids: '[77]', attachments: 0, cost: 0.05, currency: 'DKK' }],
    },
    { table: 'account_refunds', since: 5, rows: [{ mode: 'live', mtsms_id: 9001, msisdn: '4520000002', requested_at: AT }] },

    {
      table: 'charge_statuses',
      since: 6,
      rows: [{ mode: 'live', mtsms_id: 9001, msisdn: '4520000002', charge_status: 'CHARGED', status_at: AT, seen_at: LATER }],
    },

    {
      table: 'automations',
      since: 12,
      rows: [
        automation(1, 'recurring', 'active', { groupIds: [1] }, { revision: 2, activated_at: AT, scanned_to: LATER }),
        automation(2, 'date_field', 'active', {}, { activated_at: AT, scanned_to: LATER }),
        automation(3, 'keyword', 'paused', {}, { activated_at: AT }),
        automation(4, 'welcome', 'active', {}, { group_id: 2, activated_at: AT }),
      ],
    },
    {
      table: 'automation_occurrences',
      since: 12,
      rows: [
        { id: 1, automation_id: 1, occurrence: AT, contact_id: 0, due_at: AT, state: 'sent', campaign_id: 3, recipients: 2, revision: 1, created_at: AT, updated_at: LATER },
        {
          id: 2,
          automation_id: 2,
          occurrence: '1985-03-02T10:00',
          contact_id: 1,
          due_at: AT,
          state: 'missed',
          recipients: 1,
          reason: 'Besked was not running',
          revision: 1,
          created_at: LATER,
          updated_at: LATER,
        },
        { id: 3, automation_id: 4, occurrence: 'welcome', contact_id: 2, due_at: AT, state: 'held', campaign_id: 1, recipients: 1, revision: 1, created_at: AT, updated_at: AT },
      ],
    },
    // From schema 19 on, each state a run reached is an entry of its own (appended by triggers as the rows above are
    // written); this one was appended by hand, as a recipient of a whole run withdrawn for an opt-out is.
    {
      table: 'automation_history',
      since: m019AutomationHistory.version,
      rows: [{ id: 10, occurrence_id: 1, automation_id: 1, at: LATER, state: 'withdrawn', due_at: AT, campaign_id: 3, recipients: 1, cause: 'opted_out', contact_id: 2 }],
      byTriggers: [
        { id: 1, occurrence_id: 1, automation_id: 1, at: LATER, state: 'sent', due_at: AT, campaign_id: 3, recipients: 2, cause: null, contact_id: null },
        { id: 2, occurrence_id: 2, automation_id: 2, at: LATER, state: 'missed', due_at: AT, campaign_id: null, recipients: 1, cause: null, contact_id: null },
        { id: 3, occurrence_id: 3, automation_id: 4, at: AT, state: 'held', due_at: AT, campaign_id: 1, recipients: 1, cause: null, contact_id: null },
      ],
    },
    { table: 'automation_due', since: 12, rows: [{ automation_id: 2, contact_id: 2, due_at: '2026-07-14T08:00:00.000Z', occurrence: '1990-07-14T10:00' }] },
    { table: 'automation_due_dirty', since: 12, rows: [{ contact_id: 2 }] },
    { table: 'automation_welcome_queue', since: 12, rows: [{ automation_id: 4, contact_id: 1, joined_at: AT }] },
    {
      table: 'auto_replies',
      since: 12,
      rows: [
        { inbound_id: 1, automation_id: 3, mode: 'live', msisdn: BO, outcome: 'replied', campaign_id: 6, at: AT },
        { inbound_id: 3, automation_id: null, mode: 'live', msisdn: OPTED_OUT, outcome: 'opt_out_word', reason: 'STOP', at: AT },
      ],
    },

    {
      table: 'team_users',
      since: 13,
      rows: [
        { id: 1, name: 'Anna Ejer', name_key: 'anna ejer', role: 'owner', password_hash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g', created_at: AT, last_sign_in_at: LATER, failed_count: 0 },
        { id: 2, name: 'Bo Ansat', name_key: 'bo ansat', role: 'staff', password_hash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g', created_at: AT, failed_count: 3, last_failed_at: LATER },
        { id: 3, name: 'Carl Fratrådt', name_key: 'carl fratrådt', role: 'staff', password_hash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g', created_at: AT, failed_count: 0, removed_at: LATER },
      ],
    },
    { table: 'team_sessions', since: 13, rows: [{ id: 'a'.repeat(64), user_id: 1, created_at: AT, last_seen_at: LATER, expires_at: '2026-04-01T09:30:00.000Z', address: '192.168.1.20' }] },
    {
      table: 'team_invitations',
      since: 13,
      rows: [{ id: 1, code_hash: 'b'.repeat(64), kind: 'invite', role: 'staff', name: 'Dorte', created_by: 1, created_at: AT, expires_at: '2026-03-09T09:30:00.000Z' }],
    },
    {
      table: 'audit_log',
      since: 13,
      rows: [
        { id: 1, at: AT, user_id: 1, user_name: 'Anna Ejer', role: 'owner', address: '192.168.1.20', action: 'send', call: 'campaigns.send', detail: '{"id":3}', outcome: 'ok' },
        { id: 2, at: LATER, user_id: 3, user_name: 'Carl Fratrådt', role: 'staff', address: '192.168.1.21', action: 'export', call: 'contacts.export', detail: '{}', outcome: 'refused', error: 'Only the owner' },
        // One PC, no accounts, quotes and non-ASCII in the detail: schema 16 chains it like any other (audit-chain.ts).
        { id: 3, at: LATER, user_id: null, user_name: 'Denne pc', role: null, address: 'this PC', action: 'consent', call: 'contacts.optOut', detail: '{"note":"\\"stop\\" — Søren"}', outcome: 'ok' },
      ],
    },
    { table: 'conversation_assignments', since: 14, rows: [{ mode: 'live', msisdn: BO, user_id: 2, assigned_by: 'Anna Ejer', assigned_at: AT }] },
    { table: 'conversation_notes', since: 14, rows: [{ id: 1, mode: 'live', msisdn: BO, user_id: 1, author: 'Anna Ejer', text: 'Ringer tilbage i morgen', at: AT }] },
    // An erased opted-out number, kept only as its keyed hash, and an erased text's gateway id (schema 17).
    { table: 'erased_numbers', since: 17, rows: [{ hash: 'c'.repeat(64), opted_out: 1, erased_at: AT }] },
    { table: 'erased_inbound', since: 17, rows: [{ gateway: 'default', mosms_id: 991 }] },
    // Empty at rest by design: it has its one row only inside an erasure's transaction.
    { table: 'privacy_erasing', since: 17, rows: [] },
    // Empty at rest too: it has its row only from an erasure's commit until its log is emptied (schema 22).
    { table: 'privacy_wipe_due', since: 22, rows: [] },
  ];
  return sets.filter((s) => s.since <= v);
}

/** Campaign 7's frozen recipients 30..34, not written as rows yet (schema 8 on); parts and cost differ per entry. */
export const BATCHED = [4520000030, 4520000031, 4520000032, 4520000033, 4520000034].map((msisdn, i) => ({ msisdn, parts: 1 + (i % 3), cost: 0.25 * (1 + (i % 3)) }));

/** Writes campaign 7's batches in the form schema `v` keeps them: JSON entries (8, 9) or columns (10 on, frozen-batches.ts). */
function writeBatchesAt(db: Db, v: number): void {
  if (v < 8) return;
  const entries = BATCHED.map((b) => [b.msisdn, null, null, '["kunde"]', b.parts, b.cost, 0]);
  if (v < 10) {
    db.prepare('INSERT INTO recipient_batches (campaign_id, first_id, last_id, size, data) VALUES (7, 30, 32, 3, ?), (7, 33, 34, 2, ?)').run(
      JSON.stringify(entries.slice(0, 3)),
      JSON.stringify(entries.slice(3)),
    );
    return;
  }
  const list = frozenListOf(
    BATCHED.map(({ msisdn }) => ({ msisdn, contactId: null, name: null })),
    BATCHED.map(({ parts }) => ({ tagvaluesJson: '["kunde"]', parts, ucs2: false })),
    BATCHED.map(({ cost }) => cost),
    BATCHED.length,
  );
  list.firstId = 30;
  writeBatches(db, 7, list, 3);
}

export const LATEST = migrations.length;
/** Every schema a user's data folder may still be at: 1 up to the one before the latest. */
export const OLDER = Array.from({ length: LATEST - 1 }, (_, i) => i + 1);

/** Writes `file` as a Besked of schema `v` left it: migrated to exactly `v` (no further), with that version's rows. */
export function databaseAt(file: string, v: number): void {
  const db = openDatabase(file, { migrations: migrations.slice(0, v) });
  try {
    if (schemaVersion(db) !== v) throw new Error(`expected schema ${v}, got ${schemaVersion(db)}`);
    fill(db, v);
  } finally {
    db.close();
  }
}

/** Fills a database at schema `v` with the rows of its version, in one transaction. */
export function fill(db: Db, v: number): void {
  db.transaction(() => {
    // Checked at commit, so the tables can be listed by domain rather than in reference order.
    db.pragma('defer_foreign_keys = ON');
    // From schema 16 on, Besked wrote each audit entry with its chain hash (audit/audit-chain.ts), oldest first.
    let prevHash = GENESIS;
    for (const set of rowSets(v)) {
      for (const given of set.rows) {
        let row = given;
        if (set.table === 'audit_log' && v >= 16) {
          const content = { user_id: null, role: null, error: null, ...given } as unknown as ChainedContent;
          prevHash = entryHash(prevHash, content);
          row = { ...given, hash: prevHash };
        }
        const cols = Object.keys(row);
        db.prepare(`INSERT INTO ${set.table} (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`).run(row);
      }
    }
    writeBatchesAt(db, v);
  })();
}

/** Columns a later migration added, and what they hold for a row written before it. */
export const ADDED_COLUMNS: { version: number; table: string; column: string; old: Cell }[] = [
  // Chunks from before schema 7 are settled: their outcome is already on their recipients.
  { version: 7, table: 'send_chunks', column: 'settled', old: 1 },
  { version: 7, table: 'send_chunks', column: 'first_id', old: null },
  { version: 7, table: 'send_chunks', column: 'last_id', old: null },
  { version: 7, table: 'gateway_messages', column: 'recipient_ids', old: null },
  { version: 9, table: 'campaigns', column: 'last_error_code', old: null },
  { version: 11, table: 'send_chunks', column: 'uncertain_ids', old: null },
  { version: 11, table: 'send_chunks', column: 'error_code', old: null },
  { version: 11, table: 'send_chunks', column: 'confirmed', old: 0 },
  { version: 11, table: 'gateway_messages', column: 'probe', old: 0 },
  // Campaigns from before schema 12 came from no automation.
  { version: 12, table: 'campaigns', column: 'automation_id', old: null },
  // Campaigns from before schema 14 were written on one PC, by no account; drafts before 15 are everyone's.
  { version: 14, table: 'campaigns', column: 'author_id', old: null },
  { version: 14, table: 'campaigns', column: 'author_name', old: null },
  { version: 15, table: 'contacts', column: 'revision', old: 1 },
  { version: 15, table: 'contacts', column: 'field_revisions', old: '{}' },
  { version: 15, table: 'campaigns', column: 'shared', old: 1 },
  // A resend made before schema 15 is an ordinary draft: it does not hold back a resend made now.
  { version: 15, table: 'campaigns', column: 'resend_of', old: null },
  // Runs recorded before schema 19 moved for no cause the history names.
  { version: m019AutomationHistory.version, table: 'automation_occurrences', column: 'cause', old: null },
];
