// @vitest-environment happy-dom
// Wording in both languages (issue 27.11): counts through vue-i18n's plural rules (no "Af de 1 beskeder"), questions
// before an action titled with what happens and answered with a button that names it (never Yes/No), and an
// automation run's due time after its name in the user's date format instead of an ISO date.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestingPinia } from '@pinia/testing';
import { flushPromises, type VueWrapper } from '@vue/test-utils';
import AutomationsView from '../../../src-renderer/views/AutomationsView.vue';
import CampaignsView from '../../../src-renderer/views/CampaignsView.vue';
import StatusTimelineChart from '../../../src-renderer/components/campaigns/StatusTimelineChart.vue';
import { installFakeBesked } from './support/fake-besked';
import { mountView } from './support/mount-view';
import { summary, timeline } from './support/campaign-fixtures';
import { automation, nextSends, settingsView } from './support/automation-fixtures';

vi.mock('vue-chartjs', () => import('./support/chart-double'));

let wrapper: VueWrapper | undefined;
afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
  document.body.innerHTML = '';
});

const pinia = () => createTestingPinia({ createSpy: vi.fn, stubActions: false });

describe('one message is not "de 1 beskeder"', () => {
  it.each([
    ['en', 1, 'Of the one message the gateway took'],
    ['en', 3, 'Of the 3 messages the gateway took'],
    ['da', 1, 'Den ene besked, gatewayen tog imod'],
    ['da', 3, 'Af de 3 beskeder, gatewayen tog imod'],
  ] as const)('%s, %i sent', async (lang, sent, caption) => {
    installFakeBesked();
    const tl = timeline();
    wrapper = (await mountView(StatusTimelineChart, { pinia: pinia(), lang, props: { timeline: { ...tl, rollup: { ...tl.rollup, sent } } } })).wrapper;
    expect(wrapper.find('figcaption').text()).toContain(caption);
  });
});

describe('questions name the action', () => {
  it.each([
    ['en', 'Pause this automation?', 'Pause automation', 'Go back'],
    ['da', 'Sæt automatiseringen på pause?', 'Sæt på pause', 'Gå tilbage'],
  ] as const)('pausing an automation (%s)', async (lang, title, act, back) => {
    installFakeBesked({
      'settings.get': () => settingsView('sandbox'),
      'automations.preview': () => nextSends(),
      'automations.list': () => ({ automations: [automation({ id: 1, state: 'active' })] }),
    });
    wrapper = (await mountView(AutomationsView, { pinia: pinia(), at: '/automations', lang })).wrapper;
    document.querySelector<HTMLButtonElement>('[data-testid="automation-row-1"] [data-testid="pause"]')!.click();
    await flushPromises();
    const dialog = document.querySelector('.n-dialog')!;
    expect(dialog.querySelector('.n-dialog__title')!.textContent).toContain(title);
    const buttons = [...dialog.querySelectorAll('.n-dialog__action button')].map((b) => b.textContent!.trim());
    expect(buttons).toEqual([back, act]);
  });

  it.each([
    ['en', 'Cancel this scheduled campaign?', 'Cancel campaign', 'Delete this campaign?', 'Delete campaign'],
    ['da', 'Annuller den planlagte kampagne?', 'Annuller kampagnen', 'Slet kampagnen?', 'Slet kampagnen'],
  ] as const)('cancelling and deleting a campaign (%s)', async (lang, cancelTitle, cancelAct, deleteTitle, deleteAct) => {
    installFakeBesked({
      'campaigns.list': () => ({ campaigns: [summary({ id: 1, state: 'scheduled', scheduledAtGateway: true }), summary({ id: 2, state: 'sent' })] }),
    });
    wrapper = (await mountView(CampaignsView, { pinia: pinia(), at: '/campaigns', lang })).wrapper;
    for (const [id, action, title, act] of [
      [1, 'cancel', cancelTitle, cancelAct],
      [2, 'delete', deleteTitle, deleteAct],
    ] as const) {
      document.querySelector<HTMLButtonElement>(`[data-testid="campaign-row-${id}"] [data-testid="${action}"]`)!.click();
      await flushPromises();
      const dialog = [...document.querySelectorAll('.n-dialog')].at(-1)!;
      expect(dialog.querySelector('.n-dialog__title')!.textContent).toContain(title);
      const buttons = [...dialog.querySelectorAll('.n-dialog__action button')].map((b) => b.textContent!.trim());
      expect(buttons[1]).toBe(act);
      expect(buttons).not.toContain(lang === 'da' ? 'Ja' : 'Yes');
      dialog.querySelector<HTMLButtonElement>('.n-dialog__action button')!.click();
      await flushPromises();
    }
  });
});

describe("an automation run's name", () => {
  it.each([
    // The time in this computer's zone, whatever the test machine's is.
    ['en', /^Weekly newsletter · 30 Nov 2026, \d\d:\d\d$/],
    ['da', /^Weekly newsletter · 30\. nov\.? 2026.*\d\d[.:]\d\d$/],
  ] as const)('has its due time in the user’s format (%s)', async (lang, shown) => {
    installFakeBesked({
      'campaigns.list': () => ({ campaigns: [summary({ id: 1, name: 'Weekly newsletter', automationId: 4, runDueAt: '2026-11-30T09:00:00.000Z' })] }),
    });
    wrapper = (await mountView(CampaignsView, { pinia: pinia(), at: '/campaigns', lang })).wrapper;
    const name = document.querySelector('[data-testid="campaign-row-1"] strong')!.textContent!.trim();
    expect(name).toMatch(shown);
    expect(name).not.toMatch(/\d{4}-\d\d-\d\d/);
  });
});

describe('a message whose send confirmation was cancelled (issue 27.13)', () => {
  it.each([
    ['en', 'Untitled message'],
    ['da', 'Besked uden navn'],
  ] as const)('is listed by its text, not as "Untitled message" (%s)', async (lang, untitled) => {
    installFakeBesked({ 'campaigns.list': () => ({ campaigns: [summary({ id: 1, state: 'draft', frozenAt: null, name: '', textPreview: 'Fresh bread today' })] }) });
    wrapper = (await mountView(CampaignsView, { pinia: pinia(), at: '/campaigns', lang })).wrapper;
    const cell = document.querySelector('[data-testid="campaign-row-1"]')!.textContent!;
    expect(document.querySelector('[data-testid="campaign-row-1"] strong')!.textContent).toBe('Fresh bread today');
    expect(cell).not.toContain(untitled);
    expect(cell.split('Fresh bread today')).toHaveLength(2);
  });
});
