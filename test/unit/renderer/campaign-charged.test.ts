// @vitest-environment happy-dom
// A campaign whose texts were withdrawn at the gateway says so: "Charged" is what the core reports the gateway kept,
// with a line that the withdrawn texts' price was given back, and each withdrawn row costs 0 and says why, in
// either language.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestingPinia } from '@pinia/testing';
import { flushPromises, type VueWrapper } from '@vue/test-utils';
import CampaignDetailView from '../../../src-renderer/views/CampaignDetailView.vue';
import { installFakeBesked } from './support/fake-besked';
import { mountView } from './support/mount-view';
import { detail, timeline } from './support/campaign-fixtures';
import type { CampaignRecipientRow } from '../../../src-shared/contract';

vi.mock('vue-chartjs', () => import('./support/chart-double'));

let wrapper: VueWrapper | undefined;

const withdrawn = (id: number): CampaignRecipientRow => ({
  id,
  msisdn: 4520304070 + id,
  contactId: null,
  name: null,
  text: 'Hej',
  parts: 1,
  state: 'cancelled',
  reason: null,
  status: 'cancelled',
  statusLabel: 'Cancelled',
  statusExplanation: null,
  gatewayStatus: null,
  statusError: null,
  statusAt: null,
  cost: 0,
  messageId: null,
});

beforeEach(() => {
  installFakeBesked({
    'campaigns.recipients': () => ({ total: 3, offset: 0, rows: [1, 2, 3].map(withdrawn) }),
    'campaigns.statusTimeline': () => timeline(),
    'campaigns.get': ({ id }) =>
      detail({ id, state: 'cancelled', cost: 0, counts: { accepted: 0, cancelled: 3 }, delivery: { delivered: 0, cancelled: 3 } }),
  });
});
afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
  document.body.innerHTML = '';
});

describe('a cancelled campaign withdrawn at the gateway', () => {
  it.each([
    ['en', '0.00', 'The gateway gave back the price of 3 withdrawn texts', 'Withdrawn at the gateway: not charged'],
    ['da', '0,00', 'Gatewayen gav prisen for 3 tilbagetrukne beskeder tilbage', 'Trukket tilbage hos gatewayen: ikke betalt'],
  ] as const)('charged 0 and says why in %s', async (lang, zero, note, rowWhy) => {
    wrapper = (await mountView(CampaignDetailView, { pinia: createTestingPinia({ createSpy: vi.fn, stubActions: false }), at: '/campaigns/7', lang })).wrapper;
    await flushPromises();
    expect(document.querySelector('[data-testid="detail-cost"]')!.textContent).toContain(zero);
    expect(document.querySelector('[data-testid="detail-withdrawn-note"]')!.textContent).toContain(note);
    const rows = [...document.querySelectorAll('[data-testid="recipient-no-charge"]')];
    expect(rows).toHaveLength(3);
    for (const r of rows) {
      expect(r.textContent).toContain(zero);
      expect(r.getAttribute('aria-label')).toContain(rowWhy);
    }
  });
});
