// @vitest-environment happy-dom
// The shared inbox in the view: presence told at once for a conversation and after a pause for typing, and "none"
// when the view goes; notes and who answered shown in the thread; colleagues' presence and assignees named.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { createTestingPinia } from '@pinia/testing';
import { flushPromises } from '@vue/test-utils';
import { defineComponent, h, ref } from 'vue';
import type { ConversationNote, ConversationSummary, Me, ThreadItem } from '../../../src-shared/contract';
import { useInboxStore } from '../../../src-renderer/stores/inbox';
import { PRESENCE_DEBOUNCE_MS, useConversationPresence } from '../../../src-renderer/composables/useConversationPresence';
import ThreadView from '../../../src-renderer/components/inbox/ThreadView.vue';
import PresenceLine from '../../../src-renderer/components/inbox/PresenceLine.vue';
import ConversationList from '../../../src-renderer/components/inbox/ConversationList.vue';
import { installFakeBesked, type FakeBesked } from './support/fake-besked';
import { mountView } from './support/mount-view';

const ANN = 4520000001;
const bo: Me = { id: 2, name: 'Bo', role: 'staff' };
const anna: Me = { id: 1, name: 'Anna', role: 'owner' };
let besked: FakeBesked;

beforeEach(() => {
  besked = installFakeBesked({
    'team.status': () => ({ kind: 'server', setupNeeded: false, me: bo, serverName: 'Butikken', language: 'system' }),
    'team.members': () => ({ members: [anna, bo] }),
    'inbox.presence': () => ({}),
  });
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('telling colleagues what this window shows', () => {
  it('tells the conversation at once, a reply being written after a pause, and none when the view goes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const pinia = createPinia();
    setActivePinia(pinia);
    const inbox = useInboxStore();
    await inbox.loadTeam();
    const drafting = ref(false);
    const Probe = defineComponent({
      setup() {
        useConversationPresence(drafting);
        return () => h('div');
      },
    });
    const { wrapper } = await mountView(Probe, { pinia });
    inbox.openMsisdn = ANN;
    await flushPromises();
    expect(besked.inputs('inbox.presence')).toEqual([{ msisdn: ANN, replying: false }]);

    drafting.value = true;
    await flushPromises();
    vi.advanceTimersByTime(PRESENCE_DEBOUNCE_MS - 50);
    // Typing on: nothing yet.
    expect(besked.inputs('inbox.presence')).toHaveLength(1);
    vi.advanceTimersByTime(100);
    await flushPromises();
    expect(besked.inputs('inbox.presence').at(-1)).toEqual({ msisdn: ANN, replying: true });

    wrapper.unmount();
    await flushPromises();
    expect(besked.inputs('inbox.presence').at(-1)).toEqual({ msisdn: null, replying: false });
  });
});

describe('the thread on a server', () => {
  const items: ThreadItem[] = [
    { direction: 'in', id: 1, at: '2026-03-01T10:00:00.000Z', text: 'Kan jeg flytte min tid?', read: true, optOutKeyword: null },
    {
      direction: 'out',
      id: 5,
      campaignId: 9,
      campaignKind: 'reply',
      campaignName: '',
      at: '2026-03-01T10:10:00.000Z',
      text: 'Ja, torsdag kl. 14',
      parts: 1,
      sendState: 'accepted',
      status: 'delivered',
      gatewayStatus: null,
      statusError: null,
      statusAt: null,
      needsWebhook: false,
      by: 'Anna',
    },
  ];
  const notes: ConversationNote[] = [
    { id: 1, msisdn: ANN, at: '2026-03-01T10:05:00.000Z', author: 'Bo', text: 'Ring hende' },
    { id: 2, msisdn: ANN, at: '2026-03-01T10:20:00.000Z', author: 'Anna', text: 'Klaret' },
  ];

  it.each([
    ['en', 'Your note', 'Only your team sees this', 'by Anna'],
    ['da', 'Din note', 'Kun dit team ser dette', 'af Anna'],
  ] as const)('places notes among the texts in time, marked as the team’s only, and names who answered (%s)', async (lang, mine, onlyTeam, by) => {
    const { wrapper } = await mountView(ThreadView, { pinia: createTestingPinia({ createSpy: vi.fn }), props: { items, notes, myName: 'Bo' }, lang });
    const order = [...wrapper.element.querySelectorAll('[data-testid="thread-item"], [data-testid="thread-note"]')].map((e) => e.getAttribute('data-testid'));
    expect(order).toEqual(['thread-item', 'thread-note', 'thread-item', 'thread-note']);
    const first = wrapper.find('[data-testid="thread-note"]').text();
    expect(first).toContain(mine);
    expect(first).toContain(onlyTeam);
    expect(wrapper.find('[data-testid="reply-by"]').text()).toBe(by);
  });

  it('shows no author on one PC’s replies', async () => {
    const local = items.map((i) => (i.direction === 'out' ? { ...i, by: null } : i));
    const { wrapper } = await mountView(ThreadView, { pinia: createTestingPinia({ createSpy: vi.fn }), props: { items: local } });
    expect(wrapper.find('[data-testid="reply-by"]').exists()).toBe(false);
    expect(wrapper.find('[data-testid="thread-note"]').exists()).toBe(false);
  });

  it('says who is looking and who is replying, by name', async () => {
    const people = [
      { userId: 1, name: 'Anna', replying: true },
      { userId: 3, name: 'Cai', replying: false },
    ];
    const { wrapper } = await mountView(PresenceLine, { pinia: createTestingPinia({ createSpy: vi.fn }), props: { people } });
    expect(wrapper.findAll('.person').map((p) => p.text())).toEqual(['Anna is replying…', 'Cai is looking']);
  });
});

describe('the conversation list on a server', () => {
  const c = (msisdn: number, assignee: Me | null): ConversationSummary => ({
    msisdn,
    name: null,
    contactId: null,
    lastAt: '2026-03-01T10:00:00.000Z',
    lastText: 'Hej',
    lastDirection: 'in',
    lastBy: null,
    unread: 0,
    optedOut: false,
    assignee,
  });

  it('names each assignee, "you" for this user, and offers the filter only with a signed-in user', async () => {
    const props = { conversations: [c(ANN, bo), c(ANN + 1, anna), c(ANN + 2, null)], selected: null, search: '', me: bo };
    const { wrapper } = await mountView(ConversationList, { pinia: createTestingPinia({ createSpy: vi.fn }), props });
    expect(wrapper.findAll('[data-testid="conversation-assignee"]').map((e) => e.text())).toEqual(['Assigned to you', '→ Anna']);
    // The switch comes in a chunk of its own (one PC's first view does not wait for it).
    await vi.waitFor(() => expect(wrapper.find('[data-testid="only-mine"]').exists()).toBe(true));
    const single = await mountView(ConversationList, { pinia: createTestingPinia({ createSpy: vi.fn }), props: { ...props, me: null, conversations: [c(ANN, null)] } });
    expect(single.wrapper.find('[data-testid="only-mine"]').exists()).toBe(false);
  });

  it('says who wrote the last text out: a colleague by name, yourself and one PC as "You"', async () => {
    const out = (msisdn: number, lastBy: string | null): ConversationSummary => ({ ...c(msisdn, null), lastDirection: 'out', lastText: 'Ja', lastBy });
    const props = { conversations: [out(ANN, 'Anna'), out(ANN + 1, 'Bo'), out(ANN + 2, null)], selected: null, search: '', me: bo };
    const { wrapper } = await mountView(ConversationList, { pinia: createTestingPinia({ createSpy: vi.fn }), props });
    expect(wrapper.findAll('.last').map((e) => e.text())).toEqual(['Anna: Ja', 'You: Ja', 'You: Ja']);
  });
});
