// Upgrade tests through the core: a data folder left at each older schema is opened by a real core (which migrates
// it) and read through dispatch as the views read it, so the rows keep their meaning and not only their bytes: the
// shop's settings, contacts in order and searchable, campaigns with their counts, the inbox, the account's records.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestCore, type TestCore } from '../../campaigns/helpers';
import { MemoryVault } from '../../../../src-main/core/secrets/vault';
import { schemaVersion } from '../../../../src-main/core/db/database';
import { AT, ANNA, BATCHED, BO, databaseAt, LATEST, OLDER, OPTED_OUT, SETTINGS } from './old-rows';
import { PUBLIC_ADDRESSES } from '../../../../src-shared/gateway/addresses';

interface View {
  name: string;
  /** The schema that first held what this view reads. */
  since: number;
  check(t: TestCore, v: number): Promise<void>;
}

const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

const VIEWS: View[] = [
  {
    name: 'the settings the shop chose',
    since: 1,
    async check(t) {
      const { settings, connection } = await t.ok('settings.get', {});
      // The typed addresses stay; the EU platform's empty ones (as older versions stored them) read as its public ones.
      expect(settings).toMatchObject({ ...SETTINGS, endpoints: { default: SETTINGS.endpoints.default, eu: PUBLIC_ADDRESSES.eu } });
      expect(connection.mode).toBe('live');
      expect(await t.ok('account.balance', {})).toMatchObject({ mode: 'live', credit: 1234.5, currency: 'DKK', accountId: 4711, fetchedAt: AT });
    },
  },
  {
    name: 'contacts in Danish order, searchable by name, number and custom field, with groups and consent',
    since: 2,
    async check(t) {
      expect(ids((await t.ok('contacts.list', {})).rows)).toEqual([1, 2, 3, 5]);
      for (const [search, found] of [
        ['anna', [1]],
        ['Østergård', [2]],
        ['20000002', [2]],
        ['aarhus', [1]],
      ] as const) {
        expect(ids((await t.ok('contacts.list', { filter: { search } })).rows), search).toEqual(found);
      }
      const anna = await t.ok('contacts.get', { id: 1 });
      expect(anna).toMatchObject({ firstName: 'Anna', lastName: 'Hansen', msisdn: ANNA, custom: { by: 'Aarhus' }, optedOut: false });
      expect([...anna.groupIds].sort()).toEqual([1, 2]);
      const carl = await t.ok('contacts.get', { id: 3 });
      expect(carl.optedOut).toBe(true);
      expect(carl.consent.map((c) => c.action)).toEqual(expect.arrayContaining(['opt_in', 'opt_out']));
      expect(carl.consent).toHaveLength(2);
      const overview = await t.ok('contacts.overview', {});
      expect(overview).toMatchObject({ total: 4, optedOut: 1, defaultCountry: 'SE' });
      expect(overview.fields.map((f) => [f.key, f.label])).toContainEqual(['by', 'By']);
      expect((await t.ok('groups.list', {})).groups.map((g) => [g.name, g.count])).toEqual(
        expect.arrayContaining([
          ['Stamkunder', 2],
          ['Nyhedsbrev', 1],
        ]),
      );
    },
  },
  {
    name: 'campaigns in their states with their counts, deliveries, failures and exclusions',
    since: 3,
    async check(t, v) {
      const list = (await t.ok('campaigns.list', { kind: 'all' })).campaigns;
      expect(Object.fromEntries(list.map((c) => [c.id, c.state]))).toEqual({
        1: 'draft',
        2: 'partly_failed',
        3: 'sent',
        4: 'paused',
        5: 'cancelled',
        6: 'sent',
        ...(v >= 8 ? { 7: 'paused' } : {}),
      });

      const draft = await t.ok('campaigns.get', { id: 1 });
      expect(draft.draft).toMatchObject({
        name: 'Julekampagne',
        sender: 'Butikken',
        text: 'Hej {first_name}!',
        fallbacks: { first_name: 'kunde' },
        recipients: { contactIds: [1], groupIds: [1], searches: [], numbers: ['20 00 00 09'] },
      });
      expect(draft.draft.options.label).toBe('jul');
      expect(draft.maxParts).toBe(3);

      const partly = await t.ok('campaigns.get', { id: 2 });
      expect(partly.counts).toMatchObject({ total: 3, accepted: 2, failed: 1, excluded: 2, queued: 0 });
      expect(partly.delivery).toMatchObject({ delivered: 1, failed: 1 });
      expect(partly.failures).toEqual(
        expect.arrayContaining([
          { reason: 'The gateway refused the number.', count: 1 },
          // A failed delivery is told with the gateway's own error, and with codes the UI says it by in its language.
          {
            reason: expect.stringContaining('(Ukendt nummer)'),
            count: 1,
            code: expect.stringMatching(/^delivery\./),
            gatewayError: { code: 'delivery.gatewayError.wordsOnly', params: { words: 'Ukendt nummer' } },
          },
        ]),
      );
      expect(partly.exclusions).toEqual(expect.arrayContaining([{ reason: 'opted_out', count: 1 }, { reason: 'invalid', count: 1 }]));
      expect(partly.cost).toBe(0.5);
      const rows = await t.ok('campaigns.recipients', { id: 2 });
      expect(rows.rows.map((r) => [r.id, r.state, r.status])).toEqual(
        expect.arrayContaining([
          [10, 'accepted', 'delivered'],
          [11, 'accepted', 'failed'],
          [12, 'failed', null],
        ]),
      );

      expect((await t.ok('campaigns.get', { id: 3 })).delivery).toMatchObject({ read: 1 });
      expect((await t.ok('campaigns.get', { id: 5 })).counts).toMatchObject({ total: 2, cancelled: 2 });

      // Campaign 4 paused with its first two recipients in a chunk the gateway accepted; from schema 7 on that outcome
      // waited on the chunk, and reading it now settles it onto them.
      const paused = await t.ok('campaigns.get', { id: 4 });
      expect(paused.counts).toMatchObject(v >= 7 ? { total: 3, accepted: 2, queued: 1 } : { total: 3, queued: 3 });
      expect(paused.lastError).toBe('Your gateway account has too little credit.');
      expect(paused.lastErrorCode).toEqual(v >= 9 ? { code: 'gateway.insufficientCredit' } : null);

      expect((await t.ok('templates.list', {})).templates.map((x) => [x.name, x.text])).toEqual([['Åbningstider', 'Vi har åbent {dag}']]);
      expect((await t.ok('senders.recent', {})).senders).toEqual(['Butikken', 'Tilbud']);
    },
  },
  {
    name: 'the inbox: conversations with their unread counts, threads with replies, the opt-out',
    since: 4,
    async check(t) {
      const { conversations, unread } = await t.ok('inbox.conversations', {});
      expect(unread).toBe(1);
      // The sandbox's message stays out of the live inbox.
      expect(conversations.map((c) => c.msisdn).sort()).toEqual([BO, OPTED_OUT]);
      expect(conversations.find((c) => c.msisdn === BO)).toMatchObject({ name: 'Bo Østergård', contactId: 2, unread: 1, lastText: 'Super, tak 👍' });
      expect(conversations.find((c) => c.msisdn === OPTED_OUT)).toMatchObject({ optedOut: true, unread: 0 });
      const thread = await t.ok('inbox.thread', { msisdn: BO });
      expect(thread.items.filter((i) => i.direction === 'in').map((i) => [i.text, i.read])).toEqual([
        ['Har I åbent i morgen?', true],
        ['Super, tak 👍', false],
      ]);
      expect(thread.items.filter((i) => i.direction === 'out').map((i) => i.text)).toContain('Tak for din besked');
      expect((await t.ok('inbox.unreadCount', {})).count).toBe(1);
    },
  },
  {
    name: 'the account’s records: lookups, emails and refunds asked for',
    since: 5,
    async check(t) {
      expect((await t.ok('account.lookups', {})).runs).toMatchObject([{ id: 1, lookups: 1, totalCost: 0.1, currency: 'DKK' }]);
      expect((await t.ok('account.emails', {})).emails).toMatchObject([{ id: 1, subject: 'Kvittering', ids: [77] }]);
      expect((await t.ok('account.refundState', { mtsmsId: 9001, msisdn: '4520000002' })).requestedAt).toBe(AT);
    },
  },
  {
    name: 'a large campaign’s frozen recipients, counted while batched and written as the rows they were',
    since: 8,
    async check(t) {
      expect((await t.ok('campaigns.get', { id: 7 })).counts).toMatchObject({ total: 6, queued: 6 });
      const { rows } = await t.ok('campaigns.recipients', { id: 7 });
      // A queued recipient has cost nothing yet: what the gateway keeps is known once it accepts (issue 27.1).
      expect(rows.map((r) => [r.id, r.msisdn, r.name, r.text, r.parts, r.cost, r.state])).toEqual([
        ...BATCHED.map((b, i) => [30 + i, b.msisdn, null, 'Hej kunde!', b.parts, null, 'queued']),
        [35, 4520000035, null, 'Hej kunde!', 1, null, 'queued'],
      ]);
    },
  },
  {
    name: 'automations with their runs, and a welcome queued long before this start missed, not sent late',
    since: 12,
    async check(t) {
      const list = (await t.ok('automations.list', {})).automations;
      expect(Object.fromEntries(list.map((a) => [a.id, [a.draft.spec.kind, a.state]]))).toEqual({
        1: ['recurring', 'active'],
        2: ['date_field', 'active'],
        3: ['keyword', 'paused'],
        4: ['welcome', 'active'],
      });
      // Anna joined the welcome group in March and waited in the queue: recorded missed at start, with the reason.
      const welcome = await eventually(async () => {
        const { items } = await t.ok('automations.history', { id: 4 });
        if (!items.some((i) => i.contactId === 1)) throw new Error('the queued welcome is not decided yet');
        return items;
      });
      expect(welcome.find((i) => i.contactId === 1)).toMatchObject({ state: 'missed', reasonCode: { code: 'automation.welcome.missed' } });
      expect(welcome.find((i) => i.contactId === 2)).toMatchObject({ state: 'held', campaignId: 1 });
      const birthday = (await t.ok('automations.history', { id: 2 })).items;
      expect(birthday.find((i) => i.id === 2)).toMatchObject({ state: 'missed', contactId: 1, reason: 'Besked was not running' });
    },
  },
];

/** Polls until `read` answers without throwing (work the core starts on its own, such as the welcome queue). */
async function eventually<T>(read: () => Promise<T>, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await read();
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/** A Wednesday noon (UTC) long after the fixtures' rows, days from the weekly run's Monday and its look-ahead. */
const WEDNESDAY = Date.parse('2026-11-25T12:00:00.000Z');
/** A clock that starts at `from` and runs at the computer's pace. */
function clockFrom(from: number): () => number {
  const started = Date.now();
  return () => from + (Date.now() - started);
}

describe.each(OLDER)('a data folder at schema %i, opened by the core', (v) => {
  let t: TestCore;
  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), `besked-upgrade-v${v}-`));
    databaseAt(join(dataDir, 'besked.db'), v);
    // Live, with the gateway unreachable: nothing is sent or polled, so what is read is what the migration left.
    const vault = new MemoryVault();
    await vault.set('default', 'live-token');
    // The core's clock runs from a fixed Wednesday: the fixtures' weekly run (Mondays 09:00, legacy) is handed to the
    // gateway within the look-ahead, so from Sunday morning on a real clock would add that run's campaign to what the
    // views show, and the suite's result would depend on the day it runs.
    t = await startTestCore({ dataDir, vault, automations: { now: clockFrom(WEDNESDAY) } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is migrated to the latest schema', () => {
    expect(schemaVersion(t.core.db)).toBe(LATEST);
  });

  it.each(VIEWS.filter((view) => view.since <= v))('shows $name', async (view) => {
    await view.check(t, v);
  });
});

describe('a data folder from a newer Besked', () => {
  it('is refused by the core with the reason, left byte for byte as it was, and not held locked', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'besked-upgrade-newer-'));
    try {
      const file = join(dataDir, 'besked.db');
      databaseAt(file, LATEST);
      const raw = new Database(file);
      raw.pragma('journal_mode = DELETE');
      raw.pragma(`user_version = ${LATEST + 1}`);
      raw.close();
      const before = readFileSync(file);
      for (const attempt of [1, 2]) {
        // The second attempt meets the same refusal, not "in use": the first one let go of the folder.
        await expect(startTestCore({ dataDir }), `attempt ${attempt}`).rejects.toMatchObject({
          kind: 'conflict',
          message: expect.stringContaining(`newer version of Besked (database version ${LATEST + 1}; this version knows up to ${LATEST})`),
        });
      }
      expect(readFileSync(file).equals(before)).toBe(true);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
