// The inbox as the core reports it: conversations, the open thread, the unread total and the refresh state; on a
// Besked server also who each conversation is assigned to, its notes, and which colleagues look at it or reply.
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { ConversationNote, ConversationSummary, ConversationThread, Me, OutboundItem, Presence, StatusChanged, SyncState } from '../../src-shared/contract';
import { call, on } from '../api';
import { useTeamStore } from './team';

export const useInboxStore = defineStore('inbox', () => {
  const conversations = ref<ConversationSummary[]>([]);
  const unread = ref(0);
  const search = ref('');
  const thread = ref<ConversationThread | null>(null);
  const openMsisdn = ref<number | null>(null);
  const sync = ref<SyncState | null>(null);
  const loaded = ref(false);
  // Who this is and whether there is a team are the team store's (one source, followed when they change).
  const team = useTeamStore();
  /** `server`: a Besked server with colleagues; `single`: one PC (no assignees, no presence). */
  const teamKind = computed<'single' | 'server'>(() => team.status?.kind ?? 'single');
  const me = computed<Me | null>(() => team.me);
  const members = ref<Me[]>([]);
  /** Only the conversations assigned to the signed-in user. */
  const onlyMine = ref(false);
  /** Colleagues (not this user) with the open conversation in view, and whether they are replying. */
  const people = ref<Presence[]>([]);
  /** What this window last told the server, so the same state is not sent twice. */
  let told: { msisdn: number | null; replying: boolean } = { msisdn: null, replying: false };
  let started = false;

  const shown = computed(() => (onlyMine.value && me.value ? conversations.value.filter((c) => c.assignee?.id === me.value!.id) : conversations.value));

  async function loadConversations() {
    const r = await call('inbox.conversations', search.value.trim() ? { search: search.value.trim() } : {});
    conversations.value = r.conversations;
    unread.value = r.unread;
    loaded.value = true;
  }

  /** The list asked for before the inbox's view is on screen (main.ts, when the app opens on it), until the view takes it. */
  let early: Promise<void> | null = null;
  /** Whether a view has asked already: then the early question comes too late and would only fetch the list twice. */
  let viewAsked = false;
  function loadEarly() {
    if (viewAsked) return;
    early = loadConversations();
    // Its outcome, a refusal too, is the view's to show when it takes it.
    early.catch(() => undefined);
  }
  /** Forgets an early question whose answer no view will take (the page was not let in): after signing in the view asks anew. */
  function dropEarly() {
    early = null;
  }
  /** The view's load: the early answer if one was asked for, else a new question (each visit reads the list anew). */
  function loadForView(): Promise<void> {
    viewAsked = true;
    const taken = early;
    early = null;
    return taken ?? loadConversations();
  }

  async function open(msisdn: number | null) {
    if (openMsisdn.value !== msisdn) people.value = [];
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
    // Unless the thread was read again meanwhile (a reply's campaign.changed) and holds it already.
    if (thread.value && openMsisdn.value === msisdn && !thread.value.items.some((i) => i.direction === 'out' && i.id === r.item.id)) thread.value.items.push(r.item);
    void loadConversations();
    return r;
  }

  /** Who is on the team (a server) and who this is; one PC has neither. */
  async function loadTeam() {
    await team.load();
    members.value = teamKind.value === 'server' && me.value ? (await call('team.members', {})).members : [];
  }

  async function assign(userId: number | null) {
    const msisdn = openMsisdn.value;
    if (msisdn === null) return;
    const { assignee } = await call('inbox.assign', { msisdn, userId });
    setAssignee(msisdn, assignee);
  }

  function setAssignee(msisdn: number, assignee: Me | null) {
    const c = conversations.value.find((x) => x.msisdn === msisdn);
    if (c) c.assignee = assignee;
    if (thread.value?.conversation.msisdn === msisdn) thread.value.conversation.assignee = assignee;
  }

  async function addNote(text: string) {
    const msisdn = openMsisdn.value;
    if (msisdn === null) return null;
    const note = await call('inbox.addNote', { msisdn, text });
    addNoteToThread(note);
    return note;
  }

  /** A note from this window's call or a colleague's event, once. */
  function addNoteToThread(note: ConversationNote) {
    const t = thread.value;
    if (!t || t.conversation.msisdn !== note.msisdn || t.notes.some((n) => n.id === note.id)) return;
    t.notes.push(note);
  }

  /**
   * Tells colleagues which conversation this window shows and whether a reply is being written; only on a server.
   * `again` tells it even when unchanged (the server forgets a window whose connection dropped and came back).
   */
  async function tellPresence(msisdn: number | null, replying: boolean, again = false) {
    const next = { msisdn, replying: msisdn !== null && replying };
    if (teamKind.value !== 'server' || (!again && next.msisdn === told.msisdn && next.replying === told.replying)) return;
    const before = told;
    told = next;
    try {
      await call('inbox.presence', next);
    } catch (err) {
      // Not told after all: the same state is sent again next time rather than taken as known.
      if (told === next) told = before;
      throw err;
    }
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
    // A colleague's reply (on a server) is a reply campaign this window has no item of: read the open thread and the
    // list (its last text) again.
    on('campaign.changed', (p) => {
      const t = thread.value;
      if (!t || p.summary?.kind !== 'reply' || t.items.some((i) => i.direction === 'out' && i.campaignId === p.id)) return;
      void open(t.conversation.msisdn);
      void loadConversations();
    });
    on('sync.state', (s) => (sync.value = s));
    on('inbox.assigned', (p) => setAssignee(p.msisdn, p.assignee));
    on('inbox.note', addNoteToThread);
    on('inbox.presence', (p) => {
      if (p.msisdn === openMsisdn.value) people.value = p.people.filter((x) => x.userId !== me.value?.id);
    });
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

  return {
    conversations,
    shown,
    unread,
    search,
    thread,
    openMsisdn,
    sync,
    loaded,
    teamKind,
    me,
    members,
    onlyMine,
    people,
    loadConversations,
    loadEarly,
    dropEarly,
    loadForView,
    loadTeam,
    open,
    markRead,
    reply,
    assign,
    addNote,
    tellPresence,
    refreshNow,
    start,
  };
});
