// The inbox as the core reports it: conversations, the open thread, the unread total and the refresh state.
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { ConversationSummary, ConversationThread, OutboundItem, StatusChanged, SyncState } from '../../src-shared/contract';
import { call, on } from '../api';

export const useInboxStore = defineStore('inbox', () => {
  const conversations = ref<ConversationSummary[]>([]);
  const unread = ref(0);
  const search = ref('');
  const thread = ref<ConversationThread | null>(null);
  const openMsisdn = ref<number | null>(null);
  const sync = ref<SyncState | null>(null);
  const loaded = ref(false);
  let started = false;

  async function loadConversations() {
    const r = await call('inbox.conversations', search.value.trim() ? { search: search.value.trim() } : {});
    conversations.value = r.conversations;
    unread.value = r.unread;
    loaded.value = true;
  }

  async function open(msisdn: number | null) {
    openMsisdn.value = msisdn;
    if (msisdn === null) {
      thread.value = null;
      return;
    }
    thread.value = await call('inbox.thread', { msisdn });
    if (thread.value.conversation.unread > 0) await markRead(msisdn);
  }

  async function markRead(msisdn: number) {
    unread.value = (await call('inbox.markRead', { msisdn })).unread;
    const c = conversations.value.find((x) => x.msisdn === msisdn);
    if (c) c.unread = 0;
  }

  async function reply(text: string, sender?: string) {
    const msisdn = openMsisdn.value;
    if (msisdn === null) return null;
    const r = await call('inbox.reply', sender ? { msisdn, text, sender } : { msisdn, text });
    if (thread.value && openMsisdn.value === msisdn) thread.value.items.push(r.item);
    void loadConversations();
    return r;
  }

  async function refreshNow(campaignId?: number) {
    sync.value = await call('sync.now', campaignId === undefined ? {} : { campaignId });
  }

  function applyStatus(e: StatusChanged) {
    const t = thread.value;
    if (!t) return;
    const mine = e.changes.filter((c) => c.msisdn === t.conversation.msisdn);
    if (mine.length === 0 && !e.truncated) return;
    if (e.truncated) {
      void open(t.conversation.msisdn);
      return;
    }
    for (const c of mine) {
      const item = t.items.find((i): i is OutboundItem => i.direction === 'out' && i.id === c.recipientId);
      if (!item) continue;
      item.status = c.status;
      item.gatewayStatus = c.gatewayStatus;
      item.statusError = c.error;
      item.statusAt = c.at;
    }
  }

  /** Subscribes to the core's events once; the navigation calls it so the badge is live on every view. */
  function start() {
    if (started) return;
    started = true;
    on('inbox.unread', (p) => (unread.value = p.count));
    on('inbox.received', (p) => {
      void loadConversations();
      if (openMsisdn.value === p.conversation.msisdn) void open(p.conversation.msisdn);
    });
    on('message.status', applyStatus);
    // A reply leaving the outbox changes its sending state (queued → accepted) before any delivery status.
    on('campaign.progress', (p) => {
      const t = thread.value;
      if (t?.items.some((i) => i.direction === 'out' && i.campaignId === p.id && i.sendState !== 'accepted')) void open(t.conversation.msisdn);
    });
    on('sync.state', (s) => (sync.value = s));
    // Sandbox and live have separate inboxes: switching shows the other one.
    on('settings.changed', () => {
      call('inbox.unreadCount', {}).then((r) => (unread.value = r.count), () => undefined);
      if (loaded.value) void loadConversations();
    });
    // Without the core (an old web link, a stopped Besked) these fail; the view shows why, and the badge and the
    // sync state keep their last value instead of throwing into the page.
    call('inbox.unreadCount', {}).then((r) => (unread.value = r.count), () => undefined);
    call('sync.status', {}).then((s) => (sync.value = s), () => undefined);
  }

  return { conversations, unread, search, thread, openMsisdn, sync, loaded, loadConversations, open, markRead, reply, refreshNow, start };
});
