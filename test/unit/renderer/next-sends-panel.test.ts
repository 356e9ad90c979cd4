// @vitest-environment happy-dom
// The next-sends panel: each occurrence at its local time in the automation's zone with recipients and cost (or
// "no price"), one reply's parts and cost for keyword and welcome rules, the core's problems in the UI's language,
// whose date could not be read, and nothing until the set-up is complete.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestingPinia } from '@pinia/testing';
import type { VueWrapper } from '@vue/test-utils';
import NextSendsPanel from '../../../src-renderer/components/automations/NextSendsPanel.vue';
import type { NextSends } from '../../../src-shared/contract';
import { installFakeBesked } from './support/fake-besked';
import { mountView } from './support/mount-view';
import { nextSends } from './support/automation-fixtures';

let wrapper: VueWrapper | undefined;
afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
  document.body.innerHTML = '';
});

async function show(next: NextSends | null, opts: { lang?: 'en' | 'da'; complete?: boolean; missing?: string[] } = {}) {
  installFakeBesked();
  const mounted = await mountView(NextSendsPanel, {
    pinia: createTestingPinia({ createSpy: vi.fn }),
    lang: opts.lang ?? 'en',
    props: { next, loading: false, error: null, complete: opts.complete ?? true, missing: opts.missing },
  });
  wrapper = mounted.wrapper;
  return document.querySelector('[data-testid="next-sends"]')!;
}

describe('next sends panel', () => {
  it('lists each send at its local time, unmoved by this computer’s zone, with recipients and cost', async () => {
    const panel = await show(
      nextSends({
        occurrences: [
          { at: '2027-03-28T08:30:00.000Z', local: '2027-03-28T10:30', recipients: 1200, parts: 1200, cost: 360, currency: 'DKK' },
          { at: '2027-04-04T08:30:00.000Z', local: '2027-04-04T10:30', recipients: 3, parts: 3, cost: null, currency: null },
        ],
      }),
      { lang: 'da' },
    );
    const rows = [...panel.querySelectorAll('[data-testid="next-row"]')].map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent!.replace(/\s+/g, ' ').trim()));
    expect(rows).toHaveLength(2);
    expect(rows[0]![0]).toMatch(/28\. mar\.? 2027.*10[.:]30/);
    expect(rows[0]!.slice(1)).toEqual(['1.200', expect.stringMatching(/360,00\s?kr\./)]);
    expect(rows[1]!.slice(1)).toEqual(['3', 'ingen pris']);
  });

  // Plural rules through vue-i18n, not "part(s)" or "del(e)".
  it.each<[string, NextSends['perMessage'], 'en' | 'da', string]>([
    ['with a price', { parts: 2, cost: 0.6, currency: 'DKK' }, 'en', 'DKK 0.60 per reply (2 parts)'],
    ['with a price', { parts: 1, cost: 0.3, currency: 'DKK' }, 'en', 'DKK 0.30 per reply (1 part)'],
    ['without a price', { parts: 1, cost: null, currency: null }, 'en', '1 part per reply; the price list has no price for it'],
    ['with a price', { parts: 2, cost: 0.6, currency: 'DKK' }, 'da', '0,60 kr. pr. svar (2 dele)'],
    ['with a price', { parts: 1, cost: 0.3, currency: 'DKK' }, 'da', '0,30 kr. pr. svar (1 del)'],
    ['without a price', { parts: 3, cost: null, currency: null }, 'da', '3 dele pr. svar; prislisten har ingen pris for det'],
  ])('gives one reply’s parts and cost for a keyword rule, %s (%s)', async (_, perMessage, lang, text) => {
    const panel = await show(nextSends({ occurrences: [], perMessage }), { lang });
    expect(panel.querySelector('[data-testid="next-per-message"]')!.textContent!.replace(/\s+/g, ' ').trim()).toBe(text);
  });

  it('lists the core’s problems, errors and warnings, in the UI’s language when coded', async () => {
    const panel = await show(
      nextSends({
        problems: [
          { level: 'error', message: 'Something went wrong. Please try again.', code: { code: 'internal.unknownFailure' } },
          { level: 'warning', message: 'Three contacts have no number.', code: null },
        ],
      }),
      { lang: 'da' },
    );
    const items = [...panel.querySelectorAll('[data-testid="next-problems"] li')].map((li) => [li.className, li.textContent]);
    expect(items).toEqual([
      ['error', 'Noget gik galt. Prøv igen.'],
      ['warning', 'Three contacts have no number.'],
    ]);
  });

  it('says nothing would be sent, and whose date could not be read', async () => {
    const panel = await show(
      nextSends({
        occurrences: [],
        problems: [{ level: 'warning', message: '1 contacts have a value in this field that is not a date Besked can read.', code: { code: 'automation.unreadableDates', params: { count: 1 } } }],
        unreadable: { total: 1, examples: [{ contactId: 4, name: 'Ane Lund', value: '14.3.85' }] },
      }),
    );
    // Said once, with the names, not also as a problem.
    expect(panel.querySelector('[data-testid="next-problems"]')).toBeNull();
    expect(panel.querySelector('[data-testid="next-none"]')!.textContent).toBe('Nothing would be sent with this set-up.');
    const unreadable = panel.querySelector('[data-testid="next-unreadable"]')!.textContent!;
    expect(unreadable).toContain('One contact has a value that is not a date:');
    expect(unreadable).toContain('Ane Lund: 14.3.85');
    expect(unreadable).not.toContain('more');
  });

  it('asks for the set-up first when it is not complete', async () => {
    const panel = await show(null, { complete: false, missing: ['Pick the group.'] });
    expect(panel.querySelector('[data-testid="next-incomplete"]')!.textContent).toBe('Fill in the set-up to see the next sends.');
    expect(panel.querySelector('[data-testid="next-missing"]')!.textContent).toBe('Pick the group.');
    expect(panel.querySelector('[data-testid="next-table"]')).toBeNull();
  });
});
