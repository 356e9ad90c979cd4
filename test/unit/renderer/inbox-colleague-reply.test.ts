// A colleague's reply in the open conversation (a Besked server): the store reads the thread again when a reply
// campaign it has no item of changes (and the list), so the reply shows without reloading the page; its own reply is shown once,
// however the answer and the event interleave. Found by the team E2E (test/e2e/team.test.ts).
import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { flushPromises } from '@vue/test-utils';
import type { CampaignSummary, ConversationThread, OutboundItem } from '../../../src-shared/contract';
import { useInboxStore } from '../../../src-renderer/stores/inbox';
import { installFakeBesked, type FakeBesked } from './support/fake-besked';

const ANN = 4520000001;
const outbound = (id: number, campaignId: number, text: string, by: string | null): OutboundItem => ({
  direction: 'out',
  id,
  campaignId,
  campaignKind: 'reply',
  campaignName: '',
  at: '2026-03-01T10:01:00.000Z',
  text,
  parts: 1,
  sendState: 'queued',
  status: null,
  gatewayStatus: null,
  statusError: null,
  statusAt: null,
  needsWebhook: false,
  by,
});
let items: ConversationThread['items'];
const thread = (): ConversationThread => ({
  conversation: { msisdn: ANN, name: 'Ann', contactId: 1, lastAt: '2026-03-01T10:00:00.000Z', lastText: 'Hej', lastDirection: 'in', lastBy: null, unread: 0, optedOut: false, assignee: null },
  items: [...items],
  notes: [],
});
/** Only what the store reads of a campaign.changed. */
const changed = (id: number, kind: CampaignSummary['kind']) => ({ id, summary: { kind } as CampaignSummary });

let besked: FakeBesked;
beforeEach(() => {
  items = [{ direction: 'in', id: 1, at: '2026-03-01T10:00:00.000Z', text: 'Hej', read: true, optOutKeyword: null }];
  besked = installFakeBesked({
    'inbox.thread': () => thread(),
    'inbox.conversations': () => ({ conversations: [], unread: 0 }),
    'inbox.unreadCount': () => ({ count: 0 }),
  });
  setActivePinia(createPinia());
});

describe("a colleague's reply", () => {
  it('reads the open thread again when a reply campaign it has no item of changes, and only then', async () => {
    const store = useInboxStore();
    store.start();
    await store.open(ANN);
    const reads = () => besked.inputs('inbox.thread').length;
    expect(reads()).toBe(1);
    for (const [event, readAgain] of [
      [changed(30, 'campaign'), false],
      [changed(31, 'reply'), true],
    ] as const) {
      const before = reads();
      if (readAgain) items.push(outbound(7, 31, 'Ja, kl. 10', 'Bo'));
      besked.emit('campaign.changed', event);
      await flushPromises();
      expect(reads() - before, `${event.summary.kind} ${event.id}`).toBe(readAgain ? 1 : 0);
    }
    expect(store.thread?.items.at(-1)).toMatchObject({ text: 'Ja, kl. 10', by: 'Bo' });
    // The list too: its last text is now the reply.
    expect(besked.inputs('inbox.conversations')).toHaveLength(1);
    // Known now: its later changes (sent, delivered) are the status handlers' business.
    besked.emit('campaign.changed', changed(31, 'reply'));
    await flushPromises();
    expect(reads()).toBe(2);
  });

  it("shows this window's own reply once when its campaign.changed came before the call's answer", async () => {
    const store = useInboxStore();
    store.start();
    await store.open(ANN);
    const mine = outbound(8, 40, 'Vi ses', null);
    besked.handlers['inbox.reply'] = async () => {
      items.push(mine);
      besked.emit('campaign.changed', changed(40, 'reply'));
      await flushPromises();
      return { campaignId: 40, item: mine };
    };
    await store.reply('Vi ses');
    await flushPromises();
    expect(store.thread?.items.filter((i) => i.direction === 'out' && i.id === 8)).toHaveLength(1);
  });
});
