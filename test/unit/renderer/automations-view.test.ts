// @vitest-environment happy-dom
// The Automations list: each automation's kind, state, next send, counts and attention; the actions its state
// offers, asked before pausing or deleting; resuming says what it will send and, live, that real texts go out;
// "New automation" offers the example set-ups. A campaign that is an automation's run says so; the history
// shows runs and replies, paged.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestingPinia } from '@pinia/testing';
import { flushPromises, type VueWrapper } from '@vue/test-utils';
import AutomationsView from '../../../src-renderer/views/AutomationsView.vue';
import CampaignsView from '../../../src-renderer/views/CampaignsView.vue';
import HistoryPanel from '../../../src-renderer/components/automations/HistoryPanel.vue';
import type { CampaignSummary } from '../../../src-shared/contract';
import { summary } from './support/campaign-fixtures';
import { installFakeBesked, type FakeBesked } from './support/fake-besked';
import { buttonIds, mountView } from './support/mount-view';
import { automation, historyRun, nextSends, settingsView, type AutomationPatch } from './support/automation-fixtures';

let besked: FakeBesked;
let wrapper: VueWrapper | undefined;

beforeEach(() => {
  besked = installFakeBesked({ 'settings.get': () => settingsView('sandbox'), 'automations.preview': () => nextSends() });
});
afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
  document.body.innerHTML = '';
});

async function showList(lang: 'en' | 'da', ...automations: AutomationPatch[]) {
  const list = automations.map((a, i) => automation({ id: i + 1, ...a }));
  besked.handlers['automations.list'] = () => ({ automations: list });
  const mounted = await mountView(AutomationsView, { pinia: createTestingPinia({ createSpy: vi.fn, stubActions: false }), at: '/automations', lang });
  wrapper = mounted.wrapper;
  return mounted;
}

const row = (id: number) => document.querySelector(`[data-testid="automation-row-${id}"]`)!;
const confirmDialog = async () => {
  await flushPromises();
  const dialog = document.querySelector('.n-dialog')!;
  return dialog;
};

describe('automation list', () => {
  it.each<[string, AutomationPatch, string[]]>([
    ['one never switched on', { state: 'draft' }, ['edit', 'duplicate', 'delete']],
    ['an active one', { state: 'active' }, ['pause', 'duplicate', 'delete']],
    ['a paused one', { state: 'paused' }, ['resume', 'duplicate', 'delete']],
  ])('%s offers %o', async (_, patch, expected) => {
    await showList('en', patch);
    expect(buttonIds(row(1))).toEqual(expected);
  });

  it('shows kind, state, next send, counts and what needs attention, in Danish', async () => {
    await showList('da', {
      state: 'active',
      nextRunAt: '2026-12-07T09:00:00.000Z',
      counts: { sent: 12, held: 1 },
      attention: 'A run was held: the daily cap is reached.',
    });
    const text = row(1).textContent!;
    expect(text).toContain('Weekly news');
    expect(text).toContain('Tilbagevendende kampagne');
    expect(text).toContain('Slået til');
    expect(text).toContain('12 sendt');
    expect(text).toContain('1 holdt tilbage');
    expect(row(1).querySelector('[data-testid="automation-attention"]')!.textContent).toContain('daily cap');
    expect(text).toMatch(/2026/);
  });

  it('says a keyword rule answers when a text arrives, and counts its replies', async () => {
    await showList('en', { state: 'active', draft: { ...automation().draft, spec: { kind: 'keyword', keywords: ['OPEN'], fallback: false, frequency: { kind: 'every' }, addToGroupId: null, optIn: false } }, counts: { replies: 4 } });
    expect(row(1).textContent).toContain('When a text arrives');
    expect(row(1).textContent).toContain('4 replies');
  });

  it.each([
    [1, 'one reply'],
    [4, '4 replies'],
  ])('counts %i replies as "%s"', async (replies, said) => {
    await showList('en', { state: 'active', draft: { ...automation().draft, spec: { kind: 'keyword', keywords: ['OPEN'], fallback: false, frequency: { kind: 'every' }, addToGroupId: null, optIn: false } }, counts: { replies } });
    expect(row(1).querySelector('[data-testid="count-replies"]')!.textContent).toBe(said);
  });

  it('asks before pausing, then pauses and says what could not be withdrawn', async () => {
    await showList('en', { state: 'active' });
    besked.handlers['automations.pause'] = ({ id }) => ({ automation: automation({ id, state: 'paused' }), notWithdrawn: 2, withdrawn: 0 });
    row(1).querySelector<HTMLButtonElement>('[data-testid="pause"]')!.click();
    const dialog = await confirmDialog();
    expect(dialog.textContent).toContain('what was already handed to the gateway ahead is withdrawn');
    expect(besked.inputs('automations.pause')).toEqual([]);
    dialog.querySelector<HTMLButtonElement>('[data-testid="confirm-yes"]')!.click();
    await flushPromises();
    expect(besked.inputs('automations.pause')).toEqual([{ id: 1 }]);
    expect(buttonIds(row(1))).toEqual(['resume', 'duplicate', 'delete']);
    expect(document.body.textContent).toContain('2 messages already handed to the gateway could not be withdrawn');
  });

  it.each([
    ['en', 'Paused. 49 texts already handed to the gateway were withdrawn.'],
    ['da', 'Sat på pause. 49 tekster, der allerede var givet til gatewayen, blev trukket tilbage.'],
  ] as const)('says in %s how many handed-over texts pausing withdrew (issue 27.5)', async (lang, said) => {
    await showList(lang, { state: 'active' });
    besked.handlers['automations.pause'] = ({ id }) => ({ automation: automation({ id, state: 'paused' }), notWithdrawn: 0, withdrawn: 49 });
    row(1).querySelector<HTMLButtonElement>('[data-testid="pause"]')!.click();
    (await confirmDialog()).querySelector<HTMLButtonElement>('[data-testid="confirm-yes"]')!.click();
    await flushPromises();
    await vi.waitFor(() => expect(document.body.textContent).toContain(said), { timeout: 10_000 });
  });

  it.each([
    ['en', 2, 'Switched on. 2 runs due while it was paused were not sent; the history lists them as skipped.'],
    ['da', 2, 'Slået til. 2 kørsler, der skulle ud, mens den var sat på pause, blev ikke sendt; historikken viser dem som sprunget over.'],
    ['en', 1, 'Switched on. One run due while it was paused was not sent; the history lists it as skipped.'],
    ['da', 0, 'Automatiseringen er slået til'],
  ] as const)('says in %s how many runs due while paused were skipped when resumed (%i)', async (lang, skipped, said) => {
    besked.handlers['automations.activate'] = ({ id }) => ({ ...automation({ id, state: 'active' }), skippedWhilePaused: skipped });
    await showList(lang, { state: 'paused' });
    row(1).querySelector<HTMLButtonElement>('[data-testid="resume"]')!.click();
    (await confirmDialog()).querySelector<HTMLButtonElement>('[data-testid="confirm-switch-on"]')!.click();
    await flushPromises();
    await vi.waitFor(() => expect(document.body.textContent).toContain(said), { timeout: 10_000 });
    // The count is the answer's, not the automation's: the list holds the automation as it is.
    expect(document.querySelector('[data-testid="automation-row-1"]')!.textContent).not.toContain('skippedWhilePaused');
  });

  it('asks before deleting', async () => {
    await showList('en', { state: 'paused' });
    besked.handlers['automations.delete'] = () => ({ notWithdrawn: 0 });
    row(1).querySelector<HTMLButtonElement>('[data-testid="delete"]')!.click();
    const dialog = await confirmDialog();
    expect(dialog.textContent).toContain('Its past campaigns stay in Campaigns');
    dialog.querySelector<HTMLButtonElement>('[data-testid="confirm-yes"]')!.click();
    await flushPromises();
    expect(besked.inputs('automations.delete')).toEqual([{ id: 1 }]);
    expect(document.querySelector('[data-testid="automation-row-1"]')).toBeNull();
  });

  it.each([
    ['sandbox', false, {}],
    ['live', true, { liveAcknowledged: true }],
  ] as const)('resuming in %s says what it will send, and live that real texts go out', async (mode, warned, ack) => {
    besked.handlers['settings.get'] = () => settingsView(mode);
    besked.handlers['automations.activate'] = ({ id }) => automation({ id, state: 'active' });
    await showList('en', { state: 'paused' });
    row(1).querySelector<HTMLButtonElement>('[data-testid="resume"]')!.click();
    const dialog = await confirmDialog();
    expect(dialog.textContent).toContain('goes to 120 recipients');
    expect(!!dialog.querySelector('[data-testid="live-warning"]')).toBe(warned);
    dialog.querySelector<HTMLButtonElement>('[data-testid="confirm-switch-on"]')!.click();
    await flushPromises();
    expect(besked.inputs('automations.activate')).toEqual([{ id: 1, ...ack }]);
  });

  // The editor is loaded on first use (a lazy route), which takes a while the first time under the test transform.
  it('offers the example set-ups and opens the editor on the one picked', { timeout: 20_000 }, async () => {
    const { router } = await showList('en');
    expect(document.body.textContent).toContain('No automations yet');
    document.querySelector<HTMLButtonElement>('[data-testid="new-automation"]')!.click();
    await flushPromises();
    const dialog = document.querySelector('[data-testid="new-automation-dialog"]')!;
    for (const name of ['Birthday greeting', 'Appointment reminder', 'Follow-up after a visit', 'Opening hours on OPEN', 'Sign-up on YES or START', 'Welcome to the club', 'Weekly newsletter']) {
      expect(dialog.textContent).toContain(name);
    }
    dialog.querySelector<HTMLElement>('[data-testid="example-birthday"]')!.click();
    await vi.waitFor(() => expect(router.currentRoute.value.fullPath).toBe('/automations/new?example=birthday'), { timeout: 15_000 });
  });
});

describe('campaign list', () => {
  it('says which automation a run came from', async () => {
    besked.handlers['campaigns.list'] = () => ({
      campaigns: [{ ...summary({ id: 1 }), automationId: 5 } as CampaignSummary, summary({ id: 2, name: 'By hand' })],
    });
    besked.handlers['automations.list'] = () => ({ automations: [automation({ id: 5 })] });
    const mounted = await mountView(CampaignsView, { pinia: createTestingPinia({ createSpy: vi.fn, stubActions: false }), at: '/campaigns' });
    wrapper = mounted.wrapper;
    await flushPromises();
    const from = (id: number) => document.querySelector(`[data-testid="campaign-row-${id}"] [data-testid="from-automation"]`)?.textContent ?? null;
    expect([from(1), from(2)]).toEqual(['from automation Weekly news', null]);
  });
});

describe('automation history', () => {
  it.each([
    [
      'en',
      ['Nothing sent (paused)', '49 texts handed to the gateway again (edited)', '49 handed-over texts withdrawn (edited)', 'Bo (opted out)', '49 handed-over texts withdrawn (paused)'],
      'Handed to the gateway again',
      /30 Nov 2026.*11:00/,
    ],
    [
      'da',
      [
        'Intet sendt (sat på pause)',
        '49 tekster givet til gatewayen igen (redigeret)',
        '49 tekster, der var givet til gatewayen, trukket tilbage (redigeret)',
        'Bo (frameldt)',
        '49 tekster, der var givet til gatewayen, trukket tilbage (sat på pause)',
      ],
      'Givet til gatewayen igen',
      /30\. nov\. 2026.*11[.:]00/,
    ],
  ] as const)('lists in %s each withdrawal and re-hand-over as its own entry, with its count, cause and time (issue 27.5)', async (lang, lines, again, when) => {
    const run = historyRun;
    const withdrawn = { state: 'withdrawn', recipients: 49 } as const;
    besked.handlers['automations.history'] = () => ({
      items: [
        run(6, { state: 'skipped', recipients: 0, campaignId: null, cause: 'paused', reasonCode: { code: 'automation.skippedPaused' }, recordedAt: '2026-12-01T08:00:00.000Z' }),
        run(5, { state: 'handed_over', recipients: 49, cause: 'edited', again: true, recordedAt: '2026-11-30T10:00:01.000Z' }),
        run(4, { ...withdrawn, cause: 'edited', recordedAt: '2026-11-30T10:00:00.000Z' }),
        run(3, { state: 'withdrawn', recipients: 1, contactId: 7, name: 'Bo', cause: 'opted_out', recordedAt: '2026-11-30T09:00:00.000Z' }),
        run(2, { ...withdrawn, cause: 'paused', recordedAt: '2026-11-30T08:00:00.000Z' }),
      ],
      more: false,
    });
    const mounted = await mountView(HistoryPanel, { pinia: createTestingPinia({ createSpy: vi.fn, stubActions: false }), props: { automationId: 1, timeZone: 'Europe/Copenhagen' }, lang });
    wrapper = mounted.wrapper;
    await flushPromises();
    expect([...document.querySelectorAll('[data-testid="history-what"]')].map((e) => e.textContent!.trim())).toEqual(lines);
    expect(document.querySelector('[data-testid="history-run-5"] [data-testid="history-state-handed_over"]')!.textContent).toBe(again);
    // A run due while the rule was paused says why nothing went out, in the UI's language.
    expect(document.querySelector('[data-testid="history-run-6"] [data-testid="history-why"]')!.textContent).toMatch(lang === 'en' ? /paused when this run was due/ : /sat på pause, da denne kørsel/);
    // When it happened (on the mode's clock, in the automation's zone), besides the run's own time.
    expect(document.querySelector('[data-testid="history-run-4"] [data-testid="history-recorded"]')!.textContent).toMatch(when);
  });


  it('shows runs with their campaign, replies with the number and text they answered, and why not, paged', async () => {
    const run = historyRun;
    besked.handlers['automations.history'] = ({ beforeId }) =>
      beforeId === undefined
        ? {
            items: [
              run(3, { state: 'missed', campaignId: null, reason: 'Besked was not running', reasonCode: null }),
              run(2, { kind: 'reply', state: 'skipped', recipients: 0, msisdn: 4512345678, campaignId: null, reason: 'ÅBEN', reasonCode: { code: 'automation.reply.limited' } }),
            ],
            more: true,
          }
        : { items: [run(1)], more: false };
    const mounted = await mountView(HistoryPanel, { pinia: createTestingPinia({ createSpy: vi.fn, stubActions: false }), props: { automationId: 1, timeZone: 'Europe/Copenhagen' } });
    wrapper = mounted.wrapper;
    await flushPromises();
    const text = (sel: string) => document.querySelector(sel)!.textContent!.replace(/\s+/g, ' ');
    expect(text('[data-testid="history-run-3"]')).toContain('Missed');
    expect(text('[data-testid="history-run-3"]')).toContain('Besked was not running');
    // In the automation's zone: 09:00 UTC in December is 10:00 in Copenhagen.
    expect(text('[data-testid="history-run-3"]')).toMatch(/7 Dec.*2026.*10:00|Dec 7, 2026.*10:00/);
    const reply = text('[data-testid="history-reply-2"]');
    expect(reply).toContain('+45 12345678');
    expect(reply).toContain('“ÅBEN”');
    expect(reply).toContain('already got the reply within the rule');
    document.querySelector<HTMLButtonElement>('[data-testid="history-more"]')!.click();
    await flushPromises();
    expect(besked.inputs('automations.history').at(-1)).toEqual({ id: 1, limit: 50, beforeId: 2 });
    expect(document.querySelector('[data-testid="history-campaign-41"]')!.getAttribute('href')).toContain('/campaigns/41');
    expect(document.querySelector('[data-testid="history-more"]')).toBeNull();
  });
});
