// @vitest-environment happy-dom
// Sentences the core sends as codes are said in the UI's language (issue 27.10): the automation editor's sender
// problem, an uncertain recipient's reason on the campaign page, the import's notice about the file's encoding.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestingPinia } from '@pinia/testing';
import { flushPromises, type VueWrapper } from '@vue/test-utils';
import NextSendsPanel from '../../../src-renderer/components/automations/NextSendsPanel.vue';
import CampaignDetailView from '../../../src-renderer/views/CampaignDetailView.vue';
import { installFakeBesked } from './support/fake-besked';
import { mountView } from './support/mount-view';
import { nextSends } from './support/automation-fixtures';
import { detail, timeline } from './support/campaign-fixtures';
import { checkSender, describeSenderIssue, senderIssueCode } from '../../../src-shared/senders';
import type { CampaignRecipientRow } from '../../../src-shared/contract';

vi.mock('vue-chartjs', () => import('./support/chart-double'));

let wrapper: VueWrapper | undefined;
afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
  document.body.innerHTML = '';
});

describe('the sender problem in the automation editor', () => {
  it.each([
    ['en', 'Enter a sender name or number (3 to 18 characters).'],
    ['da', 'Angiv et afsendernavn eller -nummer (3 til 18 tegn).'],
  ] as const)('%s', async (lang, said) => {
    const [issue] = checkSender('', 'legacy');
    installFakeBesked();
    const problems = [{ level: 'error' as const, message: describeSenderIssue(issue!), code: senderIssueCode(issue!) }];
    wrapper = (await mountView(NextSendsPanel, { pinia: createTestingPinia({ createSpy: vi.fn }), lang, props: { next: nextSends({ problems }), loading: false, error: null, complete: true } })).wrapper;
    expect(document.querySelector('[data-testid="next-problems"]')!.textContent).toContain(said);
  });
});

describe('an uncertain recipient on the campaign page', () => {
  const row: CampaignRecipientRow = {
    id: 1,
    msisdn: 4520304070,
    contactId: null,
    name: null,
    text: 'Hej',
    parts: 1,
    state: 'uncertain',
    reason: 'The gateway did not answer in time; the request may have been accepted.',
    status: null,
    statusLabel: null,
    statusExplanation: null,
    gatewayStatus: null,
    statusError: null,
    statusAt: null,
    cost: null,
    messageId: null,
  };
  it.each([
    ['a coded reason', { reasonCode: { code: 'gateway.requestTimeoutUncertain' } }, 'Gatewayen'],
    ['no code', {}, 'Ukendt'],
  ] as const)('is said in Danish with %s', async (_, patch, danish) => {
    installFakeBesked({
      'campaigns.recipients': () => ({ total: 1, offset: 0, rows: [{ ...row, ...patch }] }),
      'campaigns.statusTimeline': () => timeline(),
      'campaigns.get': ({ id }) => detail({ id, state: 'sending', counts: { uncertain: 1, accepted: 2 } }),
    });
    wrapper = (await mountView(CampaignDetailView, { pinia: createTestingPinia({ createSpy: vi.fn, stubActions: false }), at: '/campaigns/7', lang: 'da' })).wrapper;
    await flushPromises();
    const table = document.querySelector('[data-testid="recipients-table"]')!.textContent!;
    expect(table).not.toContain('The gateway did not answer');
    expect(table).toContain(danish);
  });
});
