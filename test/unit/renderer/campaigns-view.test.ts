// @vitest-environment happy-dom
// The campaign list offers on each row exactly what the campaign state machine allows for that campaign, including
// Cancel for a finished campaign whose messages still wait at the gateway, and the question asked before cancelling.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestingPinia } from '@pinia/testing';
import { flushPromises, type VueWrapper } from '@vue/test-utils';
import CampaignsView from '../../../src-renderer/views/CampaignsView.vue';
import { installFakeBesked, type FakeBesked } from './support/fake-besked';
import { buttonIds, mountView } from './support/mount-view';
import { summary, type SummaryPatch } from './support/campaign-fixtures';

let besked: FakeBesked;
let wrapper: VueWrapper | undefined;

beforeEach(() => {
  besked = installFakeBesked();
});
afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
  document.body.innerHTML = '';
});

async function showList(...campaigns: SummaryPatch[]) {
  const list = campaigns.map((c, i) => summary({ id: i + 1, ...c }));
  besked.handlers['campaigns.list'] = () => ({ campaigns: list });
  const mounted = await mountView(CampaignsView, { pinia: createTestingPinia({ createSpy: vi.fn, stubActions: false }), at: '/campaigns' });
  wrapper = mounted.wrapper;
  return mounted;
}

const row = (id: number) => document.querySelector(`[data-testid="campaign-row-${id}"]`)!;

const failed = { counts: { failed: 1 } };
const table: [string, SummaryPatch, string[]][] = [
  ['a draft', { state: 'draft', frozenAt: null }, ['duplicate', 'delete']],
  ['a sending campaign', { state: 'sending' }, ['pause', 'cancel', 'duplicate']],
  ['a waiting campaign', { state: 'waiting', waitingReason: 'offline' }, ['pause', 'cancel', 'duplicate']],
  ['a campaign scheduled here', { state: 'scheduled', sendAt: '2026-03-02T10:00:00.000Z' }, ['pause', 'cancel', 'duplicate']],
  ['a campaign scheduled at the gateway', { state: 'scheduled', scheduledAtGateway: true, pendingAtGateway: true }, ['cancel', 'duplicate']],
  ['a paused campaign', { state: 'paused' }, ['resume', 'cancel', 'duplicate']],
  ['a sent campaign', { state: 'sent' }, ['duplicate', 'delete']],
  ['a sent campaign with messages still at the gateway', { state: 'sent', pendingAtGateway: true }, ['cancel', 'duplicate']],
  ['a partly failed campaign with messages still at the gateway', { state: 'partly_failed', pendingAtGateway: true, ...failed }, ['cancel', 'duplicate']],
  ['a failed campaign', { state: 'failed', ...failed }, ['duplicate', 'delete']],
  ['a cancelled campaign', { state: 'cancelled' }, ['duplicate', 'delete']],
];

describe('campaign list actions', () => {
  it.each(table)('%s offers %o', async (_, patch, expected) => {
    await showList(patch);
    expect(buttonIds(row(1))).toEqual(expected);
  });

  it('asks before withdrawing the messages of a finished campaign, then cancels it at the core', async () => {
    await showList({ state: 'sent', pendingAtGateway: true });
    besked.handlers['campaigns.cancel'] = ({ id }) => summary({ id, state: 'cancelled' });
    row(1).querySelector<HTMLButtonElement>('[data-testid="cancel"]')!.click();
    await flushPromises();
    const dialog = document.querySelector('.n-dialog')!;
    expect(dialog.textContent).toContain('Withdraw the messages of this campaign still waiting at the gateway');
    dialog.querySelector<HTMLButtonElement>('.n-dialog__action button:last-child')!.click();
    await flushPromises();
    expect(besked.inputs('campaigns.cancel')).toEqual([{ id: 1 }]);
    expect(buttonIds(row(1))).toEqual(['duplicate', 'delete']);
  });

  it('follows a campaign that changes state while the list is open', async () => {
    await showList({ state: 'sending' });
    besked.emit('campaign.changed', { id: 1, summary: summary({ id: 1, state: 'sent', pendingAtGateway: true }) });
    await flushPromises();
    expect(buttonIds(row(1))).toEqual(['cancel', 'duplicate']);
  });
});

describe('drafts on a Besked server', () => {
  it.each<[string, SummaryPatch, string | null]>([
    ['a colleague\'s private draft names its author', { state: 'draft', frozenAt: null, author: { id: 2, name: 'Bo' }, shared: false }, 'Only Bo sees this draft'],
    ['a shared draft is not marked', { state: 'draft', frozenAt: null, author: { id: 2, name: 'Bo' }, shared: true }, null],
    ['a draft from one PC is not marked', { state: 'draft', frozenAt: null }, null],
    ['a sent campaign is everyone\'s', { state: 'sent', author: { id: 2, name: 'Bo' }, shared: false }, null],
  ])('%s', async (_what, patch, mark) => {
    await showList(patch);
    expect(row(1).querySelector('[data-testid="draft-private"]')?.textContent ?? null).toBe(mark);
  });
});
