// @vitest-environment happy-dom
// The campaign page offers exactly what the campaign state machine allows (Cancel too for a finished campaign whose
// messages still wait at the gateway), draws its delivery chart from campaigns.statusTimeline and says why recipients
// failed, in either language.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestingPinia } from '@pinia/testing';
import { flushPromises, type VueWrapper } from '@vue/test-utils';
import CampaignDetailView from '../../../src-renderer/views/CampaignDetailView.vue';
import { installFakeBesked, Refused, type FakeBesked } from './support/fake-besked';
import { useTeamStore } from '../../../src-renderer/stores/team';
import { buttonIds, mountView } from './support/mount-view';
import { detail, timeline, type SummaryPatch } from './support/campaign-fixtures';
import type { CampaignRecipientRow } from '../../../src-shared/contract';

// happy-dom has no canvas to draw on: the chart stands in as a canvas carrying what Chart.js would be handed.
vi.mock('vue-chartjs', () => import('./support/chart-double'));

let besked: FakeBesked;
let wrapper: VueWrapper | undefined;

beforeEach(() => {
  besked = installFakeBesked({
    'campaigns.recipients': () => ({ total: 0, offset: 0, rows: [] }),
    'campaigns.statusTimeline': () => timeline(),
  });
});
afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
  document.body.innerHTML = '';
});

async function showCampaign(patch: SummaryPatch, lang: 'en' | 'da' = 'en') {
  besked.handlers['campaigns.get'] = ({ id }) => detail({ id, ...patch });
  const mounted = await mountView(CampaignDetailView, { pinia: createTestingPinia({ createSpy: vi.fn, stubActions: false }), at: '/campaigns/7', lang });
  wrapper = mounted.wrapper;
  return mounted;
}

/** The page's own action buttons (the header), without the uncertain-recipients box and the filters. */
const headerButtons = () => buttonIds(document.querySelector('[data-view="campaign"]')!).filter((b) => !b.startsWith('filter-') && b !== 'export-csv');

const failed = { counts: { failed: 2 } };
const table: [string, SummaryPatch, string[]][] = [
  ['sending', { state: 'sending' }, ['detail-pause', 'detail-cancel', 'duplicate']],
  ['scheduled here', { state: 'scheduled' }, ['detail-pause', 'detail-cancel', 'duplicate']],
  ['scheduled at the gateway', { state: 'scheduled', scheduledAtGateway: true, pendingAtGateway: true }, ['detail-cancel', 'duplicate']],
  ['paused', { state: 'paused' }, ['detail-resume', 'detail-cancel', 'duplicate']],
  ['sent', { state: 'sent' }, ['duplicate']],
  ['sent with messages still at the gateway', { state: 'sent', pendingAtGateway: true }, ['detail-cancel', 'duplicate']],
  ['partly failed', { state: 'partly_failed', ...failed }, ['resend-failed', 'duplicate']],
  ['failed through delivery reports', { state: 'failed', delivery: { failed: 1, expired: 1 } }, ['resend-failed', 'duplicate']],
  ['still sending with failures', { state: 'sending', ...failed }, ['detail-pause', 'detail-cancel', 'duplicate']],
  ['cancelled with messages still at the gateway', { state: 'cancelled', pendingAtGateway: true, ...failed }, ['detail-cancel', 'resend-failed', 'duplicate']],
];

describe('campaign page actions', () => {
  it.each(table)('%s offers %o', async (_, patch, expected) => {
    await showCampaign(patch);
    expect(headerButtons()).toEqual(expected);
  });

  it('cancels a finished campaign whose messages still wait at the gateway after asking', async () => {
    await showCampaign({ state: 'sent', pendingAtGateway: true });
    besked.handlers['campaigns.cancel'] = ({ id }) => detail({ id, state: 'cancelled' });
    besked.handlers['campaigns.get'] = ({ id }) => detail({ id, state: 'cancelled' });
    document.querySelector<HTMLButtonElement>('[data-testid="detail-cancel"]')!.click();
    await flushPromises();
    const dialog = document.querySelector('.n-dialog')!;
    expect(dialog.textContent).toContain('Withdraw the messages');
    dialog.querySelector<HTMLButtonElement>('.n-dialog__action button:last-child')!.click();
    await flushPromises();
    expect(besked.inputs('campaigns.cancel')).toEqual([{ id: 7 }]);
    expect(headerButtons()).toEqual(['duplicate']);
  });
});

describe('campaign page delivery chart', () => {
  it('asks the core for the timeline of the campaign shown and draws it with its caption', async () => {
    await showCampaign({ state: 'partly_failed', ...failed });
    // The page reloads it (and its recipients) half a second after the campaign changes, its first load included.
    expect(besked.inputs('campaigns.statusTimeline')[0]).toEqual({ id: 7 });
    expect(besked.inputs('campaigns.statusTimeline').every((i) => i.id === 7)).toBe(true);
    const chart = document.querySelector('[data-testid="status-timeline"]')!;
    expect(chart.textContent).toContain('Of the 3 messages the gateway took');
    const canvas = chart.querySelector('canvas')!;
    expect(canvas.getAttribute('aria-label')).toBe('Delivery over time');
    expect(JSON.parse(canvas.getAttribute('data-series')!)).toEqual([
      ['Delivered', [0, 2, 2]],
      ['Waiting for delivery status', [3, 1, 0]],
      ['Failed or expired', [0, 0, 1]],
    ]);
    expect(JSON.parse(canvas.getAttribute('data-labels')!)).toHaveLength(3);
  });

  it('speaks Danish', async () => {
    await showCampaign({ state: 'sent' }, 'da');
    const chart = document.querySelector('[data-testid="status-timeline"]')!;
    expect(chart.textContent).toContain('Af de 3 beskeder, gatewayen tog imod');
    const canvas = chart.querySelector('canvas')!;
    expect(canvas.getAttribute('aria-label')).toBe('Levering over tid');
    expect(JSON.parse(canvas.getAttribute('data-series')!).map(([label]: [string]) => label)).toEqual(['Leveret', 'Venter på leveringsstatus', 'Mislykket eller udløbet']);
  });

  it('is left out while nothing has gone out', async () => {
    besked.handlers['campaigns.statusTimeline'] = () => ({ ...timeline(), buckets: [], rollup: { ...timeline().rollup, sent: 0 } });
    await showCampaign({ state: 'scheduled' });
    expect(document.querySelector('[data-testid="status-timeline"]')).toBeNull();
    expect(document.querySelector('[data-testid="status-timeline-error"]')).toBeNull();
  });

  it('says in its place why it could not be loaded, and the page stays usable', async () => {
    besked.handlers['campaigns.statusTimeline'] = () => {
      throw new Refused({ kind: 'not_found', message: 'This campaign no longer exists.', code: 'campaign.notFound' });
    };
    await showCampaign({ state: 'sent' });
    expect(document.querySelector('[data-testid="status-timeline-error"]')?.textContent).toContain('The chart could not be loaded');
    expect(headerButtons()).toEqual(['duplicate']);
  });
});

describe('campaign page: why recipients failed', () => {
  const UNDELIVERABLE_EN = 'The phone network could not deliver the message to this number. (Recipient unknown or unreachable (absent subscriber) (0x1420))';
  const REFUSED_EN = 'The gateway did not accept the request (HTTP 400). Message 1, phone number: bad.';
  const failures = [
    { reason: UNDELIVERABLE_EN, count: 2, code: 'delivery.legacy.UNDELIVERABLE', gatewayError: { code: 'delivery.gatewayError.absentSubscriber', params: { hex: '0x1420' } } },
    { reason: REFUSED_EN, count: 1, code: 'gateway.invalidRequest', params: { status: '400', detail: 'Message 1, phone number: bad' } },
    // From a version that kept no codes: the English sentence as it came.
    { reason: 'The gateway refused the number.', count: 1 },
  ];
  const row = (patch: Partial<CampaignRecipientRow>): CampaignRecipientRow => ({
    id: 1,
    msisdn: 4520304070,
    contactId: null,
    name: null,
    text: 'Hej',
    parts: 1,
    state: 'accepted',
    reason: null,
    status: 'failed',
    statusLabel: 'Failed',
    statusExplanation: null,
    gatewayStatus: 'UNDELIVERABLE',
    statusError: 'Recipient unknown or unreachable (absent subscriber) (0x1420)',
    statusErrorCode: { code: 'delivery.gatewayError.absentSubscriber', params: { hex: '0x1420' } },
    statusAt: null,
    cost: 0.3,
    messageId: null,
    ...patch,
  });
  const rows = [
    row({}),
    row({ id: 2, msisdn: 4520304081, state: 'failed', status: null, gatewayStatus: null, statusError: null, statusErrorCode: undefined, reason: REFUSED_EN, reasonCode: { code: 'gateway.invalidRequest', params: { status: '400', detail: 'Message 1, phone number: bad' } } }),
  ];

  it.each([
    [
      'en',
      [`2 · ${UNDELIVERABLE_EN}`, '1 · The gateway did not accept the request (HTTP 400). Message 1, phone number: bad', '1 · The gateway refused the number.'],
      ['Recipient unknown or unreachable (absent subscriber) (0x1420)', 'The gateway did not accept the request (HTTP 400). Message 1, phone number: bad'],
    ],
    [
      'da',
      [
        '2 · Telefonnettet kunne ikke levere beskeden til dette nummer. (Nummeret er ukendt, eller telefonen kan ikke nås (slukket eller uden dækning) (0x1420))',
        '1 · Gatewayen tog ikke imod forespørgslen (HTTP 400). Message 1, phone number: bad',
        '1 · The gateway refused the number.',
      ],
      ['Nummeret er ukendt, eller telefonen kan ikke nås (slukket eller uden dækning) (0x1420)', 'Gatewayen tog ikke imod forespørgslen (HTTP 400). Message 1, phone number: bad'],
    ],
  ] as const)('says it in %s, the gateway code kept visible', async (lang, groups, reasons) => {
    besked.handlers['campaigns.recipients'] = () => ({ total: rows.length, offset: 0, rows });
    const patch = { state: 'partly_failed', counts: { failed: 1, accepted: 3 } } as const;
    besked.handlers['campaigns.get'] = ({ id }) => ({ ...detail({ id, ...patch }), failures });
    wrapper = (await mountView(CampaignDetailView, { pinia: createTestingPinia({ createSpy: vi.fn, stubActions: false }), at: '/campaigns/7', lang })).wrapper;
    await flushPromises();
    const items = [...document.querySelectorAll('[data-testid="failures"] li')].map((li) => li.textContent!.replace(/\s+/g, ' ').trim());
    expect(items).toEqual(groups);
    const table = document.querySelector('[data-testid="recipients-table"]')!.textContent!;
    for (const r of reasons) expect(table).toContain(r);
  });
});

describe('uncertain recipients and the results file, by role (issue 26.7)', () => {
  const status = (kind: 'single' | 'server', role: 'owner' | 'staff') => ({
    kind,
    setupNeeded: false,
    me: kind === 'single' ? null : { id: 1, name: 'Anna', role },
    serverName: 'Salon',
    language: 'system' as const,
  });
  it.each([
    ['one PC', status('single', 'owner'), true],
    ['an owner', status('server', 'owner'), true],
    ['staff', status('server', 'staff'), false],
  ] as const)('%s: resolve and export offered = %s', async (_, s, offered) => {
    besked.handlers['team.status'] = () => s;
    besked.handlers['campaigns.get'] = ({ id }) => detail({ id, state: 'sending', counts: { uncertain: 3 } });
    const pinia = createTestingPinia({ createSpy: vi.fn, stubActions: false });
    await useTeamStore(pinia).load();
    wrapper = (await mountView(CampaignDetailView, { pinia, at: '/campaigns/7', lang: offered ? 'en' : 'da' })).wrapper;
    const box = document.querySelector('[data-testid="uncertain"]')!;
    expect(buttonIds(box).filter((b) => b.endsWith('-uncertain'))).toEqual(offered ? ['resend-uncertain', 'dismiss-uncertain'] : []);
    expect(document.querySelector('[data-testid="export-csv"]') !== null).toBe(offered);
    expect(box.querySelector('[data-testid="uncertain-owner-decides"]')?.textContent ?? null).toBe(offered ? null : 'Om de skal have beskeden igen, afgør ejeren: spørg ejeren af denne Besked-server.');
  });
});
