// The inbox store against a fake window.besked: conversations with a search, opening one marks it read, a reply
// joins the open thread, delivery statuses update its texts in place, and the core's events reach it once started.
import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { flushPromises } from '@vue/test-utils';
import type { ConversationNote, ConversationSummary, ConversationThread, Me, OutboundItem, StatusChanged, SyncState } from '../../../src-shared/contract';
import { useInboxStore } from '../../../src-renderer/stores/inbox';
import { installFakeBesked, Refused, type FakeBesked } from './support/fake-besked';

const ANN = 4520000001;
const conversation = (patch: Partial<ConversationSummary> = {}): ConversationSummary => ({
  msisdn: ANN,
  name: 'Ann',
  contactId: 1,
  lastAt: '2026-03-01T10:00:00.000Z',
  lastText: 'Yes please',
  lastDirection: 'in',
  lastBy: null,
  unread: 2,
  optedOut: false,
  assignee: null,
  ...patch,
});
const outbound = (id: number, patch: Partial<OutboundItem> = {}): OutboundItem => ({
  direction: 'out',
  id,
  campaignId: 10 + id,
  campaignKind: 'reply',
  campaignName: '',
  at: '2026-03-01T10:01:00.000Z',
  text: 'Thanks!',
  parts: 1,
  sendState: 'accepted',
  status: 'pending',
  gatewayStatus: null,
  statusError: null,
  statusAt: null,
  needsWebhook: false,
  by: null,
  ...patch,
});
const thread = (): ConversationThread => ({
  conversation: conversation(),
  items: [{ direction: 'in', id: 1, at: '2026-03-01T10:00:00.000Z', text: 'Yes please', read: false, optOutKeyword: null }, outbound(5)],
  notes: [],
});
type StatusChangeItem = StatusChanged['changes'][number];
const change = (patch: Partial<StatusChangeItem>): StatusChangeItem => ({
  campaignId: 15,
  recipientId: 5,
  msisdn: ANN,
  status: 'delivered',
  gatewayStatus: 'DELIVERED',
  error: null,
  at: '2026-03-01T10:02:00.000Z',
  ...patch,
});

const channel = { lastSuccessAt: '2026-03-01T10:00:00.000Z', lastAttemptAt: '2026-03-01T10:00:00.000Z', offline: false, error: null, nextAt: null };
const sync: SyncState = {
  statuses: { ...channel, watching: 0 },
  inbox: channel,
  webhook: { enabled: false, listening: false, port: null, error: null, hasMessagingSecret: false, hasLegacySecret: false, accepted: 0, refused: 0 },
};

let besked: FakeBesked;

beforeEach(() => {
  besked = installFakeBesked({
    'inbox.conversations': () => ({ conversations: [conversation(), conversation({ msisdn: 4520000002, name: 'Bo', unread: 1 })], unread: 3 }),
    'inbox.thread': () => thread(),
    'inbox.markRead': () => ({ unread: 1 }),
    'inbox.unreadCount': () => ({ count: 3 }),
    'sync.status': () => sync,
  });
  setActivePinia(createPinia());
});

describe('inbox store', () => {
  it('asks for the conversations matching the search, trimmed', async () => {
    const store = useInboxStore();
    await store.loadConversations();
    store.search = '  bo ';
    await store.loadConversations();
    expect(besked.inputs('inbox.conversations')).toEqual([{}, { search: 'bo' }]);
    expect(store.unread).toBe(3);
    expect(store.loaded).toBe(true);
  });

  it('gives the view the list asked for early (the app opened on the inbox) once; later visits ask anew', async () => {
    const store = useInboxStore();
    store.loadEarly();
    await store.loadForView();
    expect(besked.inputs('inbox.conversations')).toHaveLength(1);
    expect(store.conversations).toHaveLength(2);
    await store.loadForView();
    expect(besked.inputs('inbox.conversations')).toHaveLength(2);
  });

  it('does not ask early once the view has asked (the app mounted before the core said who this is)', async () => {
    const store = useInboxStore();
    await store.loadForView();
    store.loadEarly();
    await flushPromises();
    expect(besked.inputs('inbox.conversations')).toHaveLength(1);
  });

  it('forgets an early answer no view took (the page was not let in): the view asks anew after signing in', async () => {
    const store = useInboxStore();
    store.loadEarly();
    store.dropEarly();
    await store.loadForView();
    expect(besked.inputs('inbox.conversations')).toHaveLength(2);
  });

  it('hands an early refusal to the view that takes it, not to no one', async () => {
    besked.handlers['inbox.conversations'] = () => {
      throw new Refused({ kind: 'internal', message: 'no', code: 'internal.unknownFailure' });
    };
    const store = useInboxStore();
    store.loadEarly();
    await expect(store.loadForView()).rejects.toThrow('no');
  });

  it('marks a conversation read when it is opened', async () => {
    const store = useInboxStore();
    await store.loadConversations();
    await store.open(ANN);
    expect(besked.inputs('inbox.markRead')).toEqual([{ msisdn: ANN }]);
    expect(store.unread).toBe(1);
    expect(store.conversations.find((c) => c.msisdn === ANN)?.unread).toBe(0);
  });

  it('adds a sent reply to the open thread and reloads the conversations', async () => {
    besked.handlers['inbox.reply'] = () => ({ campaignId: 20, item: outbound(6, { text: 'See you', sendState: 'queued', status: null }) });
    const store = useInboxStore();
    await store.open(ANN);
    await store.reply('See you', 'Shop');
    await flushPromises();
    expect(besked.inputs('inbox.reply')).toEqual([{ msisdn: ANN, text: 'See you', sender: 'Shop' }]);
    expect(store.thread?.items.at(-1)).toMatchObject({ id: 6, text: 'See you' });
    expect(besked.inputs('inbox.conversations')).toHaveLength(1);
  });

  it('updates the open thread’s texts from message.status, and reloads it when too much changed to list', async () => {
    const store = useInboxStore();
    store.start();
    await store.open(ANN);
    besked.emit('message.status', { changes: [change({}), change({ msisdn: 4520000002, recipientId: 9 })], campaignIds: [15], truncated: false });
    expect(store.thread?.items[1]).toMatchObject({ status: 'delivered', gatewayStatus: 'DELIVERED', statusAt: '2026-03-01T10:02:00.000Z' });
    const opened = besked.inputs('inbox.thread').length;
    besked.emit('message.status', { changes: [], campaignIds: [15], truncated: true });
    await flushPromises();
    expect(besked.inputs('inbox.thread')).toHaveLength(opened + 1);
  });

  it('listens to the core once, however often it is started', async () => {
    const store = useInboxStore();
    store.start();
    store.start();
    await flushPromises();
    expect(besked.inputs('inbox.unreadCount')).toHaveLength(1);
    besked.emit('inbox.unread', { count: 9 });
    expect(store.unread).toBe(9);
    expect(store.sync).toEqual(sync);
  });
});

describe('inbox store on a Besked server', () => {
  const bo: Me = { id: 2, name: 'Bo', role: 'staff' };
  const anna: Me = { id: 1, name: 'Anna', role: 'owner' };
  const note = (id: number, text: string, author = 'Bo'): ConversationNote => ({ id, msisdn: ANN, at: '2026-03-01T10:05:00.000Z', author, text });

  beforeEach(() => {
    besked.handlers['team.status'] = () => ({ kind: 'server', setupNeeded: false, me: bo, serverName: 'Butikken', language: 'system' });
    besked.handlers['team.members'] = () => ({ members: [anna, bo] });
    besked.handlers['inbox.presence'] = () => ({});
  });

  it('knows who this is and the colleagues to assign to; one PC has neither', async () => {
    const store = useInboxStore();
    await store.loadTeam();
    expect([store.teamKind, store.me, store.members]).toEqual(['server', bo, [anna, bo]]);
    besked.handlers['team.status'] = () => ({ kind: 'single', setupNeeded: false, me: null, serverName: 'Besked', language: 'system' });
    await store.loadTeam();
    expect([store.teamKind, store.me, store.members]).toEqual(['single', null, []]);
    expect(besked.inputs('team.members')).toHaveLength(1);
  });

  it('shows only the conversations assigned to this user when asked', async () => {
    besked.handlers['inbox.conversations'] = () => ({
      conversations: [conversation({ assignee: bo }), conversation({ msisdn: 4520000002, assignee: anna }), conversation({ msisdn: 4520000003 })],
      unread: 0,
    });
    const store = useInboxStore();
    await store.loadTeam();
    await store.loadConversations();
    expect(store.shown).toHaveLength(3);
    store.onlyMine = true;
    expect(store.shown.map((c) => c.msisdn)).toEqual([ANN]);
  });

  it('assigns the open conversation and follows colleagues’ assignments', async () => {
    besked.handlers['inbox.assign'] = ({ userId }) => ({ assignee: userId === bo.id ? bo : null });
    const store = useInboxStore();
    store.start();
    await store.loadConversations();
    await store.open(ANN);
    await store.assign(bo.id);
    expect(besked.inputs('inbox.assign')).toEqual([{ msisdn: ANN, userId: bo.id }]);
    expect(store.thread?.conversation.assignee).toEqual(bo);
    expect(store.conversations[0]?.assignee).toEqual(bo);
    besked.emit('inbox.assigned', { msisdn: ANN, assignee: anna, by: 'Anna' });
    expect(store.thread?.conversation.assignee).toEqual(anna);
    expect(store.conversations[0]?.assignee).toEqual(anna);
  });

  it('adds a note once, whether its own call or the event answers first, and a colleague’s note only to its thread', async () => {
    besked.handlers['inbox.addNote'] = ({ text }) => note(7, text);
    const store = useInboxStore();
    store.start();
    await store.open(ANN);
    besked.emit('inbox.note', note(7, 'Ringer i morgen'));
    await store.addNote('Ringer i morgen');
    besked.emit('inbox.note', note(8, 'Tilbyd torsdag', 'Anna'));
    besked.emit('inbox.note', { ...note(9, 'Andet'), msisdn: 4520000002 });
    expect(store.thread?.notes.map((n) => [n.id, n.author])).toEqual([
      [7, 'Bo'],
      [8, 'Anna'],
    ]);
  });

  it('shows colleagues looking at the open conversation, not this user, and clears them on another conversation', async () => {
    const store = useInboxStore();
    store.start();
    await store.loadTeam();
    await store.open(ANN);
    besked.emit('inbox.presence', {
      msisdn: ANN,
      people: [
        { userId: anna.id, name: 'Anna', replying: true },
        { userId: bo.id, name: 'Bo', replying: false },
      ],
    });
    besked.emit('inbox.presence', { msisdn: 4520000002, people: [{ userId: anna.id, name: 'Anna', replying: false }] });
    expect(store.people).toEqual([{ userId: anna.id, name: 'Anna', replying: true }]);
    await store.open(4520000002);
    expect(store.people).toEqual([]);
  });

  it('tells the server what this window shows only when it changes, and nothing on one PC', async () => {
    const store = useInboxStore();
    await store.loadTeam();
    await store.tellPresence(ANN, false);
    await store.tellPresence(ANN, false);
    await store.tellPresence(ANN, true);
    await store.tellPresence(null, true);
    expect(besked.inputs('inbox.presence')).toEqual([
      { msisdn: ANN, replying: false },
      { msisdn: ANN, replying: true },
      { msisdn: null, replying: false },
    ]);
    // Told again on purpose (the periodic refresh for a connection that came back), though nothing changed.
    await store.tellPresence(null, false, true);
    expect(besked.inputs('inbox.presence')).toHaveLength(4);
    besked.handlers['team.status'] = () => ({ kind: 'single', setupNeeded: false, me: null, serverName: 'Besked', language: 'system' });
    await store.loadTeam();
    await store.tellPresence(ANN, true);
    await store.tellPresence(ANN, true, true);
    expect(besked.inputs('inbox.presence')).toHaveLength(4);
  });

  it('tells the same state again after a call that failed', async () => {
    const store = useInboxStore();
    await store.loadTeam();
    besked.handlers['inbox.presence'] = () => {
      throw new Refused({ kind: 'internal', message: 'The connection dropped.' });
    };
    await expect(store.tellPresence(ANN, true)).rejects.toThrow();
    besked.handlers['inbox.presence'] = () => ({});
    await store.tellPresence(ANN, true);
    expect(besked.inputs('inbox.presence')).toEqual([
      { msisdn: ANN, replying: true },
      { msisdn: ANN, replying: true },
    ]);
  });
});
