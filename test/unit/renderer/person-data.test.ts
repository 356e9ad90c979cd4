// @vitest-environment happy-dom
// A customer's data on request in the views (issue 28): the contact drawer's "Download their data" saves the core's
// page, and "Delete everything about this person…" erases only after the confirming word (DELETE / SLET) is typed;
// staff on a server see neither. Settings' card sets the retention of texts and offers the same for a typed number.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia, type Pinia } from 'pinia';
import { flushPromises, type VueWrapper } from '@vue/test-utils';
import ContactDrawer from '../../../src-renderer/components/contacts/ContactDrawer.vue';
import PrivacyCard from '../../../src-renderer/components/privacy/PrivacyCard.vue';
import { useTeamStore } from '../../../src-renderer/stores/team';
import type { Contact, TeamStatus } from '../../../src-shared/contract';
import { installFakeBesked, type FakeBesked } from './support/fake-besked';
import { mountView } from './support/mount-view';

const CONTACT: Contact = {
  id: 7,
  firstName: 'Karen',
  lastName: 'Blixen',
  e164: '+4520123456',
  msisdn: 4520123456,
  email: '',
  company: '',
  groupIds: [],
  optedOut: true,
  updatedAt: '2026-03-01T10:00:00.000Z',
  revision: 1,
  custom: {},
  notes: '',
  createdAt: '2026-03-01T10:00:00.000Z',
  consent: [],
};
const FILE = { fileName: 'besked-data-4520123456-2026-03-02.html', mimeType: 'text/html;charset=utf-8', base64: btoa('<!doctype html>'), bytes: 15 };
const ERASED = { contacts: 1, messagesOut: 3, cancelled: 0, messagesIn: 2, notes: 1, consentEntries: 1, optOutKept: true };

let besked: FakeBesked;
let pinia: Pinia;
let wrapper: VueWrapper | undefined;
const saved: string[] = [];
beforeEach(() => {
  besked = installFakeBesked({
    'contacts.get': () => CONTACT,
    'contacts.overview': () => ({ total: 1, optedOut: 1, groups: [], fields: [], defaultCountry: 'DK' }),
    'contacts.list': () => ({ total: 0, totalIsAtLeast: false, offset: 0, rows: [] }),
    'privacy.dataExport': () => FILE,
    'privacy.erase': () => ERASED,
    'privacy.retention': () => ({ months: null, lastRunAt: null, lastRunTexts: null }),
    'privacy.setRetention': ({ months }) => ({ months, lastRunAt: null, lastRunTexts: null }),
  });
  pinia = createPinia();
  setActivePinia(pinia);
  saved.length = 0;
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

const el = (testid: string) => document.body.querySelector<HTMLElement>(`[data-testid="${testid}"]`);
async function click(testid: string) {
  el(testid)!.click();
  await flushPromises();
}
async function type(testid: string, text: string) {
  const input = el(testid) as HTMLInputElement;
  input.value = text;
  input.dispatchEvent(new Event('input'));
  await flushPromises();
}

async function drawer(lang: 'en' | 'da') {
  const mounted = await mountView(ContactDrawer, { pinia, props: { show: true, contactId: 7 }, lang });
  wrapper = mounted.wrapper;
}

describe('the contact drawer', () => {
  it.each([
    ['en', 'Download their data', 'Delete everything about Karen Blixen?', 'DELETE'],
    ['da', 'Hent personens data', 'Slet alt om Karen Blixen?', 'SLET'],
  ] as const)('in %s exports the page and erases after the confirming word', async (lang, exportLabel, title, word) => {
    await drawer(lang);
    expect(el('person-data-export')!.textContent).toContain(exportLabel);
    await click('person-data-export');
    expect(besked.inputs('privacy.dataExport')).toEqual([{ person: { contactId: 7 }, language: lang }]);
    expect(saved).toEqual([FILE.fileName]);

    await click('person-data-erase');
    expect(el('erase-dialog')!.textContent).toContain(title);
    expect((el('erase-confirm') as HTMLButtonElement).disabled).toBe(true);
    await type('erase-word', 'nope');
    expect((el('erase-confirm') as HTMLButtonElement).disabled).toBe(true);
    expect(besked.inputs('privacy.erase')).toEqual([]);
    await type('erase-word', word.toLowerCase());
    await click('erase-confirm');
    expect(besked.inputs('privacy.erase')).toEqual([{ person: { contactId: 7 } }]);
    // The drawer closes: there is no contact left to show.
    expect(wrapper!.findComponent(ContactDrawer).emitted('update:show')?.at(-1)).toEqual([false]);
  }, 20_000);

  it('offers neither to staff on a server', async () => {
    const staff: TeamStatus = { kind: 'server', setupNeeded: false, me: { id: 2, name: 'Bo', role: 'staff' }, serverName: 'Salon', language: 'system' };
    besked.handlers['team.status'] = () => staff;
    await useTeamStore().load();
    await drawer('en');
    expect(el('contact-save')).not.toBeNull();
    expect(el('person-data')).toBeNull();
  });
});

describe('Settings: customer data and retention', () => {
  it('turns the retention on for 6 months and exports the data of a number that is no contact', async () => {
    wrapper = (await mountView(PrivacyCard, { pinia, lang: 'en' })).wrapper;
    expect(el('retention-last-run')!.textContent).toBe('Not run yet.');
    expect((el('person-data-export') as HTMLButtonElement).disabled).toBe(true);
    await click('retention-on');
    await type('retention-months', '6');
    await click('retention-save');
    expect(besked.inputs('privacy.setRetention')).toEqual([{ months: 6 }]);

    await type('privacy-number', '20 12 34 56');
    await click('person-data-export');
    expect(besked.inputs('privacy.dataExport')).toEqual([{ person: { phone: '20 12 34 56' }, language: 'en' }]);
  });
});
