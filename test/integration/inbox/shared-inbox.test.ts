// The shared inbox of a Besked server (issue 21) through a real core's dispatcher, as two colleagues on their own
// connections: assignment and who hears of it, notes that never reach the gateway, who is looking and replying, and
// who answered. Users are written straight into team_users: the accounts are not what is tested here.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CallInput, CallName, CallOutput, Me } from '../../../src-shared/contract';
import type { Caller } from '../../../src-main/core/team/caller';
import { eventually, startTestCore, type TestCore } from './core-fixture';
import { ledger } from '../automations/replies-fixture';

let t: TestCore;
let anna: Me;
let bo: Me;
let annaAt: Caller;
let boAt: Caller;

const KAREN = 4520304051;
const OLE = 4520304052;

function addUser(name: string, role: Me['role']): Me {
  const id = Number(
    t.core.db
      .prepare("INSERT INTO team_users (name, name_key, role, password_hash, created_at) VALUES (?, ?, ?, 'x', '2026-11-01T00:00:00.000Z')")
      .run(name, name.toLowerCase(), role).lastInsertRowid,
  );
  return { id, name, role };
}

const remote = (user: Me, connectionId: string): Caller => ({ kind: 'remote', user, sessionId: `s-${connectionId}`, connectionId, address: '192.0.2.10' });

async function as<N extends CallName>(caller: Caller, name: N, input: CallInput<N>): Promise<CallOutput<N>> {
  const r = await t.core.dispatch(name, input, caller);
  if (!r.ok) throw new Error(`${name} failed: ${r.error.kind}: ${r.error.message}`);
  return r.value as CallOutput<N>;
}

const heard = (name: string) => t.heard.filter((m) => m.name === name);

beforeEach(async () => {
  t = await startTestCore({ team: { serverName: 'Butikken' } });
  anna = addUser('Anna', 'owner');
  bo = addUser('Bo', 'staff');
  annaAt = remote(anna, 'c-anna');
  boAt = remote(bo, 'c-bo');
  await t.inbound(KAREN, 'Hej, kan jeg flytte min tid?');
  await t.call('sync.now', {});
});
afterEach(async () => {
  await t.close();
});

describe('assigning a conversation', () => {
  it('assigns to a current colleague, tells everyone, and shows the assignee in the list and the thread', async () => {
    expect(await as(annaAt, 'inbox.assign', { msisdn: KAREN, userId: bo.id })).toEqual({ assignee: bo });
    expect(heard('inbox.assigned').map((m) => [m.payload, m.to])).toEqual([[{ msisdn: KAREN, assignee: bo, by: 'Anna' }, undefined]]);
    expect((await as(boAt, 'inbox.conversations', {})).conversations.find((c) => c.msisdn === KAREN)?.assignee).toEqual(bo);
    expect((await as(boAt, 'inbox.thread', { msisdn: KAREN })).conversation.assignee).toEqual(bo);

    expect(await as(boAt, 'inbox.assign', { msisdn: KAREN, userId: null })).toEqual({ assignee: null });
    expect(heard('inbox.assigned').at(-1)?.payload).toEqual({ msisdn: KAREN, assignee: null, by: 'Bo' });
    expect((await as(annaAt, 'inbox.thread', { msisdn: KAREN })).conversation.assignee).toBeNull();
  });

  it.each([
    ['a user who was removed', () => (t.core.db.prepare("UPDATE team_users SET removed_at = '2026-11-02T00:00:00.000Z' WHERE id = ?").run(bo.id), bo.id)],
    ['no such user', () => 9999],
  ])('refuses %s, and changes nothing', async (_what, who) => {
    const userId = who();
    const r = await t.core.dispatch('inbox.assign', { msisdn: KAREN, userId }, annaAt);
    expect(r.ok ? null : r.error).toMatchObject({ kind: 'not_found', code: 'conversation.noSuchColleague' });
    expect(heard('inbox.assigned')).toEqual([]);
    expect((await as(annaAt, 'inbox.thread', { msisdn: KAREN })).conversation.assignee).toBeNull();
  });

  it('reads a removed assignee’s conversation as no one’s', async () => {
    await as(annaAt, 'inbox.assign', { msisdn: KAREN, userId: bo.id });
    t.core.db.prepare("UPDATE team_users SET removed_at = '2026-11-02T00:00:00.000Z' WHERE id = ?").run(bo.id);
    expect((await as(annaAt, 'inbox.conversations', {})).conversations[0]?.assignee).toBeNull();
  });

  it('tells only the assignee of each new text in their conversation', async () => {
    await t.call('contacts.create', { firstName: 'Karen', lastName: 'Jensen', phone: `+${KAREN}` });
    await as(annaAt, 'inbox.assign', { msisdn: KAREN, userId: bo.id });
    await t.inbound(KAREN, 'Torsdag passer fint');
    await t.inbound(OLE, 'Har I gavekort?');
    await t.inbound(KAREN, 'Kl. 14?');
    await t.call('sync.now', {});
    await eventually(() => expect(heard('inbox.assignedReply')).toHaveLength(2));
    expect(heard('inbox.assignedReply').map((m) => [m.payload, m.to])).toEqual([
      [{ msisdn: KAREN, name: 'Karen Jensen', text: 'Torsdag passer fint' }, { userIds: [bo.id] }],
      [{ msisdn: KAREN, name: 'Karen Jensen', text: 'Kl. 14?' }, { userIds: [bo.id] }],
    ]);
  });
});

describe('internal notes', () => {
  it('stores each note with its author, tells colleagues, shows it in the thread, and sends nothing', async () => {
    const note = await as(boAt, 'inbox.addNote', { msisdn: KAREN, text: '  Ringer hende tilbage i morgen  ' });
    expect(note).toMatchObject({ msisdn: KAREN, author: 'Bo', text: 'Ringer hende tilbage i morgen' });
    await as(annaAt, 'inbox.addNote', { msisdn: KAREN, text: 'Tilbyd torsdag' });
    expect(heard('inbox.note').map((m) => m.payload)).toEqual([note, expect.objectContaining({ author: 'Anna', text: 'Tilbyd torsdag' })]);
    expect((await as(annaAt, 'inbox.thread', { msisdn: KAREN })).notes.map((n) => [n.author, n.text])).toEqual([
      ['Bo', 'Ringer hende tilbage i morgen'],
      ['Anna', 'Tilbyd torsdag'],
    ]);
    expect(t.core.db.prepare('SELECT user_id FROM conversation_notes ORDER BY id').pluck().all()).toEqual([bo.id, anna.id]);
    // Not a text: no campaign was written and the gateway's ledger is as it was.
    expect(t.core.db.prepare('SELECT COUNT(*) FROM campaigns').pluck().get()).toBe(0);
    expect(await ledger(t)).toEqual([]);
    // Nor does the thread show it among the texts.
    expect((await as(annaAt, 'inbox.thread', { msisdn: KAREN })).items.map((i) => i.text)).toEqual(['Hej, kan jeg flytte min tid?']);
  });

  it('keeps a note by this PC without accounts', async () => {
    const note = await t.call('inbox.addNote', { msisdn: KAREN, text: 'Husk gavekortet' });
    expect(note.author).toBe('This PC');
    expect(t.core.db.prepare('SELECT user_id FROM conversation_notes').pluck().get()).toBeNull();
  });
});

describe('who is looking and who is replying', () => {
  const people = () => heard('inbox.presence').map((m) => m.payload);

  it('lists everyone with the conversation open, once each, and forgets a window that closes', async () => {
    await as(boAt, 'inbox.presence', { msisdn: KAREN, replying: false });
    await as(annaAt, 'inbox.presence', { msisdn: KAREN, replying: true });
    // Bo's second window on the same conversation neither lists him twice nor hides that he is replying there.
    await as(remote(bo, 'c-bo-2'), 'inbox.presence', { msisdn: KAREN, replying: true });
    // Saying the same again is no news.
    await as(annaAt, 'inbox.presence', { msisdn: KAREN, replying: true });
    expect(people()).toEqual([
      { msisdn: KAREN, people: [{ userId: bo.id, name: 'Bo', replying: false }] },
      {
        msisdn: KAREN,
        people: [
          { userId: anna.id, name: 'Anna', replying: true },
          { userId: bo.id, name: 'Bo', replying: false },
        ],
      },
      {
        msisdn: KAREN,
        people: [
          { userId: anna.id, name: 'Anna', replying: true },
          { userId: bo.id, name: 'Bo', replying: true },
        ],
      },
    ]);

    t.core.team.connections.closed('c-anna');
    expect(people().at(-1)).toEqual({ msisdn: KAREN, people: [{ userId: bo.id, name: 'Bo', replying: true }] });
    t.core.team.connections.closed('c-bo-2');
    expect(people().at(-1)).toEqual({ msisdn: KAREN, people: [{ userId: bo.id, name: 'Bo', replying: false }] });
    // Leaving the view (null) clears it as well; a window that showed nothing closing is no news.
    await as(boAt, 'inbox.presence', { msisdn: null, replying: false });
    expect(people().at(-1)).toEqual({ msisdn: KAREN, people: [] });
    const before = people().length;
    t.core.team.connections.closed('c-bo');
    expect(people()).toHaveLength(before);
  });

  it('moves a window from one conversation to another', async () => {
    await as(boAt, 'inbox.presence', { msisdn: KAREN, replying: false });
    await as(boAt, 'inbox.presence', { msisdn: OLE, replying: false });
    expect(people().slice(1)).toEqual(
      expect.arrayContaining([
        { msisdn: KAREN, people: [] },
        { msisdn: OLE, people: [{ userId: bo.id, name: 'Bo', replying: false }] },
      ]),
    );
  });

  it('tells no one on one PC', async () => {
    expect(await t.call('inbox.presence', { msisdn: KAREN, replying: true })).toEqual({});
    expect(people()).toEqual([]);
  });
});

describe('who answered', () => {
  it('names the colleague who wrote each reply, and no one on one PC', async () => {
    const r = await as(boAt, 'inbox.reply', { msisdn: KAREN, text: 'Ja, torsdag kl. 14 er ledig', sender: 'Butikken' });
    expect(r.item.by).toBe('Bo');
    // The list says whose text is last, for colleagues who see only the list.
    expect((await as(annaAt, 'inbox.conversations', {})).conversations.find((c) => c.msisdn === KAREN)).toMatchObject({ lastDirection: 'out', lastBy: 'Bo' });
    await t.call('inbox.reply', { msisdn: KAREN, text: 'Vi ses!', sender: 'Butikken' });
    const outs = (await as(annaAt, 'inbox.thread', { msisdn: KAREN })).items.filter((i) => i.direction === 'out');
    expect(outs.map((i) => [i.text, i.by])).toEqual([
      ['Ja, torsdag kl. 14 er ledig', 'Bo'],
      ['Vi ses!', null],
    ]);
    expect(t.core.db.prepare("SELECT author_id FROM campaigns WHERE kind = 'reply' ORDER BY id").pluck().all()).toEqual([bo.id, null]);
    expect((await t.call('inbox.conversations', {})).conversations.find((c) => c.msisdn === KAREN)?.lastBy).toBeNull();
  });
});
