// The inbox store against a fake window.besked: conversations with a search, opening one marks it read, a reply
// joins the open thread, delivery statuses update its texts in place, and the core's events reach it once started.
import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { flushPromises } from '@vue/test-utils';
import type { ConversationSummary, ConversationThread, OutboundItem, StatusChanged, SyncState } from '../../../src-shared/contract';
import { useInboxStore } from '../../../src-renderer/stores/inbox';
import { installFakeBesked, type FakeBesked } from './support/fake-besked';

const ANN = 4520000001;
const conversation = (patch: Partial<ConversationSummary> = {}): ConversationSummary => ({
  msisdn: ANN,
  name: 'Ann',
  contactId: 1,
  lastAt: '2026-03-01T10:00:00.000Z',
  lastText: 'Yes please',
  lastDirection: 'in',
  unread: 2,
  optedOut: false,
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
  ...patch,
});
const thread = (): ConversationThread => ({
  conversation: conversation(),
  items: [{ direction: 'in', id: 1, at: '2026-03-01T10:00:00.000Z', text: 'Yes please', read: false, optOutKeyword: null }, outbound(5)],
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
