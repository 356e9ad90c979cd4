// @vitest-environment happy-dom
// The automation editor: an example set-up opens filled in (in Danish, with the contacts' birthday field chosen),
// its next sends are asked for once the set-up is complete and shown with recipients, cost and unreadable dates;
// saving asks for what is missing first, and saving an edit says how many handed-over texts it withdrew; switching on
// saves, then asks, live with the warning, and acknowledges it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestingPinia } from '@pinia/testing';
import { flushPromises, type VueWrapper } from '@vue/test-utils';
import AutomationView from '../../../src-renderer/views/AutomationView.vue';
import type { ComposePreview } from '../../../src-shared/contract';
import { installFakeBesked, type FakeBesked } from './support/fake-besked';
import { mountView } from './support/mount-view';
import { automation, nextSends, settingsView } from './support/automation-fixtures';

let besked: FakeBesked;
let wrapper: VueWrapper | undefined;

const composePreview = { recipients: 120, exclusionTotal: 0, exclusions: [], parts: { min: 1, max: 1, total: 120 }, encodings: { gsm: 120, ucs2: 0 } } as unknown as ComposePreview;

beforeEach(() => {
  besked = installFakeBesked({
    'settings.get': () => settingsView('sandbox'),
    'contacts.overview': () => ({
      total: 3,
      optedOut: 0,
      groups: [{ id: 3, name: 'Club', count: 120 }] as never,
      fields: [
        { key: 'first_name', label: 'First name', builtin: true },
        { key: 'fodselsdag', label: 'Fødselsdag', builtin: false },
      ],
      defaultCountry: 'DK',
    }),
    'groups.list': () => ({ groups: [] }),
    'templates.list': () => ({ templates: [] }),
    'senders.recent': () => ({ senders: [] }),
    'compose.preview': () => composePreview,
    'automations.preview': () =>
      nextSends({ unreadable: { total: 3, examples: [{ contactId: 7, name: 'Bo Berg', value: '31-02-1990' }, { contactId: 8, name: 'Ib Ask', value: 'snart' }] } }),
  });
});
afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
  document.body.innerHTML = '';
});

async function openEditor(at: string, lang: 'en' | 'da' = 'en') {
  const mounted = await mountView(AutomationView, { pinia: createTestingPinia({ createSpy: vi.fn, stubActions: false }), at, lang });
  wrapper = mounted.wrapper;
  await flushPromises();
  return mounted;
}
const $ = (testid: string) => document.querySelector<HTMLElement>(`[data-testid="${testid}"]`);
const click = async (testid: string) => {
  $(testid)!.click();
  await flushPromises();
};

describe('automation editor', { timeout: 30_000 }, () => {
  it('opens the birthday example in Danish with the contacts’ birthday field, and shows its next sends', async () => {
    await openEditor('/automations/new?example=birthday', 'da');
    expect(($('automation-name')!.querySelector('input') as HTMLInputElement).value).toBe('Fødselsdagshilsen');
    expect($('date-field')!.textContent).toContain('Fødselsdag');
    expect(($('message-text') as HTMLTextAreaElement).value).toContain('Tillykke med fødselsdagen, {first_name}!');
    await vi.waitFor(() => expect($('next-table')).not.toBeNull(), { timeout: 5000 });
    const asked = besked.inputs('automations.preview').at(-1)!.draft;
    expect(asked.spec).toMatchObject({ kind: 'date_field', field: 'fodselsdag', offset: { direction: 'on' }, repeat: 'yearly', time: '09:00' });
    expect(asked.timeZone).toBe('Europe/Copenhagen');
    expect(asked.message.sender).toBe('Shop');
    expect(document.querySelectorAll('[data-testid="next-row"]')).toHaveLength(2);
    expect($('next-table')!.textContent).toContain('120');
    const unreadable = $('next-unreadable')!.textContent!;
    expect(unreadable).toContain('3 kontakter har en værdi, der ikke er en dato');
    expect(unreadable).toContain('Bo Berg');
    expect(unreadable).toContain('31-02-1990');
    expect(unreadable).toContain('og 1 mere');
    expect($('automations-closed')!.textContent).toContain('inden for de næste 24 timer');
    // Each mode has its own clock, and what was sent on one is not sent again on the other (issue 27.4).
    expect($('closed-clock')!.textContent).toMatch(/ur.*sendes (ikke|aldrig) igen/);
  });

  it('offers the common spelling of a keyword with å ("AABEN" for ÅBEN) and adds it on request (issue 27.8)', async () => {
    await openEditor('/automations/new?example=keywordOpen', 'da');
    await vi.waitFor(() => expect($('keyword-spellings')).not.toBeNull(), { timeout: 5000 });
    expect($('keyword-spellings')!.textContent).toContain('en kunde, der skriver AABEN, får intet svar');
    await click('add-spellings');
    expect($('keywords')!.textContent).toContain('AABEN');
    expect($('keyword-spellings')).toBeNull();
  });

  it('says in English which clock the automation runs on and that a switch of mode repeats no run', async () => {
    await openEditor('/automations/new?example=birthday');
    await vi.waitFor(() => expect($('closed-clock')).not.toBeNull(), { timeout: 5000 });
    expect($('closed-clock')!.textContent).toMatch(/clock.*(not sent again|never sent again)/);
  });

  it('asks the core for nothing once it is closed, even with a preview still waiting for its pause', async () => {
    await openEditor('/automations/new?example=birthday');
    await vi.waitFor(() => expect($('next-table')).not.toBeNull(), { timeout: 5000 });
    const before = besked.inputs('automations.preview').length;
    ($('message-text') as HTMLTextAreaElement).value = 'Tillykke!';
    $('message-text')!.dispatchEvent(new Event('input'));
    await flushPromises();
    wrapper!.unmount();
    wrapper = undefined;
    await new Promise((r) => setTimeout(r, 600));
    expect(besked.inputs('automations.preview')).toHaveLength(before);
  });

  it('asks for what is missing before saving, and previews nothing until the set-up is complete', async () => {
    await openEditor('/automations/new?kind=recurring');
    await new Promise((r) => setTimeout(r, 400));
    expect($('next-incomplete')).not.toBeNull();
    expect(besked.inputs('automations.preview')).toEqual([]);
    await click('save');
    expect(besked.inputs('automations.create')).toEqual([]);
    expect($('draft-issues')!.textContent).toContain('Give the automation a name.');
    expect($('draft-issues')!.textContent).toContain('Pick groups, searches or contacts to send to.');
    expect($('draft-issues')!.textContent).toContain('Write the message.');
    expect($('name-missing')).not.toBeNull();
    expect($('recipients-missing')).not.toBeNull();
    expect($('text-missing')).not.toBeNull();
  });

  it('asks before leaving with unsaved changes, and stays when told to', async () => {
    const { router } = await openEditor('/automations/new?example=birthday');
    await router.push('/automations');
    expect(router.currentRoute.value.path).toBe('/automations');
    await router.push('/automations/new?example=birthday');
    await flushPromises();
    ($('automation-name')!.querySelector('input') as HTMLInputElement).value = 'Birthday 2';
    $('automation-name')!.querySelector('input')!.dispatchEvent(new Event('input'));
    await flushPromises();
    const leaving = router.push('/automations');
    await vi.waitFor(() => expect(document.querySelector('.n-dialog')).not.toBeNull(), { timeout: 10_000 });
    expect(document.querySelector('.n-dialog')!.textContent).toContain('Your changes to this automation are not saved');
    document.querySelector<HTMLButtonElement>('.n-dialog__action button:first-child')!.click();
    await leaving;
    expect(router.currentRoute.value.fullPath).toBe('/automations/new?example=birthday');
  });

  it('shows the resolve-or-freeze choice for a recurring campaign, resolving at each send by default', async () => {
    await openEditor('/automations/new?example=newsletter');
    const resolve = $('resolve')!;
    expect(resolve.textContent).toContain('Whoever is in the groups and searches at each send');
    expect(resolve.textContent).toContain('The list as it is when switched on');
    expect(resolve.querySelector('[data-testid="resolve-each-run"] input')).toHaveProperty('checked', true);
  });

  it('does not offer switching on while the core says nothing could be sent (an error among the problems)', async () => {
    besked.handlers['automations.preview'] = () => nextSends({ problems: [{ level: 'error', message: 'Enter a sender name or number.', code: null }] });
    await openEditor('/automations/new?example=birthday');
    await vi.waitFor(() => expect($('next-problems')).not.toBeNull(), { timeout: 5000 });
    expect($('switch-on')!.hasAttribute('disabled')).toBe(true);
  });

  it.each([
    ['en', 'Saved. 49 texts already handed to the gateway were withdrawn and will be sent with the new text.'],
    ['da', 'Gemt. 49 tekster, der allerede var givet til gatewayen, blev trukket tilbage og sendes med den nye tekst.'],
  ] as const)('says in %s how many handed-over texts saving an edit withdrew (issue 27.5)', async (lang, said) => {
    const saved = automation({ id: 5, state: 'active' });
    besked.handlers['automations.get'] = () => saved;
    besked.handlers['automations.history'] = () => ({ items: [], more: false });
    besked.handlers['automations.update'] = ({ draft }) => ({ automation: { ...saved, draft }, notWithdrawn: 0, withdrawn: 49 });
    await openEditor('/automations/5', lang);
    await vi.waitFor(() => expect($('message-text')).not.toBeNull(), { timeout: 5000 });
    ($('message-text') as HTMLTextAreaElement).value = 'New text for the newsletter';
    $('message-text')!.dispatchEvent(new Event('input'));
    await flushPromises();
    await click('save');
    expect(besked.inputs('automations.update')).toHaveLength(1);
    await vi.waitFor(() => expect(document.body.textContent).toContain(said), { timeout: 10_000 });
  });

  it.each([
    ['sandbox', false, {}],
    ['live', true, { liveAcknowledged: true }],
  ] as const)('switching on a new one in %s saves it, then asks (live: with the warning) and switches it on', async (mode, warned, ack) => {
    besked.handlers['settings.get'] = () => settingsView(mode);
    besked.handlers['automations.create'] = ({ draft }) => automation({ id: 9, draft });
    besked.handlers['automations.get'] = ({ id }) => automation({ id });
    besked.handlers['automations.activate'] = ({ id }) => automation({ id, state: 'active' });
    const { router } = await openEditor('/automations/new?example=birthday');
    await vi.waitFor(() => expect($('next-table')).not.toBeNull(), { timeout: 5000 });
    await click('switch-on');
    await vi.waitFor(() => expect(router.currentRoute.value.fullPath).toBe('/automations/9'), { timeout: 10_000 });
    expect(besked.inputs('automations.create')).toHaveLength(1);
    await vi.waitFor(() => expect(document.querySelector('.n-dialog')).not.toBeNull(), { timeout: 10_000 });
    const dialog = document.querySelector('.n-dialog')!;
    expect(dialog.textContent).toContain('goes to 120 recipients');
    expect(!!dialog.querySelector('[data-testid="live-warning"]')).toBe(warned);
    dialog.querySelector<HTMLButtonElement>('[data-testid="confirm-switch-on"]')!.click();
    await flushPromises();
    expect(besked.inputs('automations.activate')).toEqual([{ id: 9, ...ack }]);
    await vi.waitFor(() => expect($('pause')).not.toBeNull(), { timeout: 10_000 });
    expect($('automation-state')!.textContent).toBe('On');
  });
});
