// @vitest-environment happy-dom
// The contact editor when a colleague saved the contact first: it sends only what the user changed, from the revision
// it began at; refused, it takes what the user left alone from the colleague, saves at once when nothing collides,
// and otherwise shows each colliding field with both values (in English and Danish) for keep mine or take theirs.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestingPinia } from '@pinia/testing';
import { flushPromises, type VueWrapper } from '@vue/test-utils';
import ContactDrawer from '../../../src-renderer/components/contacts/ContactDrawer.vue';
import { installFakeBesked, Refused, type FakeBesked } from './support/fake-besked';
import { mountView } from './support/mount-view';
import type { Contact } from '../../../src-shared/contract';
import type { AppError } from '../../../src-shared/errors';

let besked: FakeBesked;
let wrapper: VueWrapper | undefined;
afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
  document.body.innerHTML = '';
});

const BASE: Contact = {
  id: 7,
  firstName: 'Søren',
  lastName: 'Kierkegaard',
  e164: '+4520123456',
  msisdn: 4520123456,
  email: 'soren@filosofi.dk',
  company: 'Enten-Eller ApS',
  groupIds: [],
  optedOut: false,
  updatedAt: '2026-03-01T10:00:00.000Z',
  revision: 3,
  custom: {},
  notes: '',
  createdAt: '2026-03-01T10:00:00.000Z',
  consent: [],
};

const changedMeanwhile = (...paths: string[][]): AppError => ({
  kind: 'conflict',
  message: 'Søren K. was changed by someone else while you were editing. Look at what changed and choose.',
  code: 'contact.changedMeanwhile',
  params: { name: 'Søren K.' },
  fields: paths.map((path) => ({ path, message: 'changed by someone else meanwhile' })),
});

/** The drawer open on the contact; Bo has saved `theirs` meanwhile, so the first save is refused with `refusal`. */
async function editWhileBoSaved(theirs: Contact, refusal: AppError, lang: 'en' | 'da' = 'en') {
  let stored = BASE;
  let refused = false;
  besked = installFakeBesked({
    'contacts.get': () => stored,
    'contacts.update': ({ id: _id, revision: _revision, ...patch }) => {
      if (!refused) {
        refused = true;
        stored = theirs;
        throw new Refused(refusal);
      }
      stored = { ...stored, ...patch, revision: stored.revision + 1 } as Contact;
      return stored;
    },
    'contacts.overview': () => ({ total: 1, optedOut: 0, groups: [], fields: [], defaultCountry: 'DK' }),
    'contacts.list': () => ({ total: 1, totalIsAtLeast: false, offset: 0, rows: [stored] }),
  });
  const mounted = await mountView(ContactDrawer, { pinia: createTestingPinia({ createSpy: vi.fn, stubActions: false }), props: { show: true, contactId: 7 }, lang });
  wrapper = mounted.wrapper;
}

const el = (testid: string) => document.body.querySelector<HTMLElement>(`[data-testid="${testid}"]`);
async function type(testid: string, text: string) {
  const input = el(testid) as HTMLInputElement;
  input.value = text;
  input.dispatchEvent(new Event('input'));
  await flushPromises();
}
async function click(testid: string) {
  el(testid)!.click();
  await flushPromises();
}

describe('the contact editor after a colleague saved', () => {
  it('sends only the changed field from its revision, and shows the collision in both values', async () => {
    await editWhileBoSaved({ ...BASE, revision: 4, lastName: 'K.' }, changedMeanwhile(['lastName']));
    await type('contact-last-name', 'Kierkegård');
    await click('contact-save');
    expect(besked.inputs('contacts.update')[0]).toEqual({ id: 7, revision: 3, lastName: 'Kierkegård' });
    const row = el('contact-conflict')!.querySelector('tr[data-field="lastName"]')!;
    expect(el('contact-conflict')!.textContent).toContain('was changed by someone else');
    expect(row.textContent).toContain('Last name');
    expect(row.querySelector('[data-testid="conflict-theirs"]')!.textContent).toBe('K.');
    expect(row.querySelector('[data-testid="conflict-mine"]')!.textContent).toBe('Kierkegård');
    expect(besked.inputs('contacts.update')).toHaveLength(1);
  });

  it('keep mine saves again from the revision it has now seen', async () => {
    await editWhileBoSaved({ ...BASE, revision: 4, lastName: 'K.' }, changedMeanwhile(['lastName']));
    await type('contact-last-name', 'Kierkegård');
    await click('contact-save');
    await click('conflict-keep-mine');
    expect(besked.inputs('contacts.update')[1]).toEqual({ id: 7, revision: 4, lastName: 'Kierkegård' });
    expect(el('contact-conflict')).toBeNull();
  });

  it('take theirs puts their value in the form, and the user\'s other change is saved on top of theirs', async () => {
    await editWhileBoSaved({ ...BASE, revision: 4, lastName: 'K.', email: 'sk@enten-eller.dk' }, changedMeanwhile(['lastName']));
    await type('contact-last-name', 'Kierkegård');
    await type('contact-first-name', 'S.');
    await click('contact-save');
    await click('conflict-take-theirs');
    expect((el('contact-last-name') as HTMLInputElement).value).toBe('K.');
    expect((el('contact-email') as HTMLInputElement).value).toBe('sk@enten-eller.dk');
    expect(el('contact-conflict')).toBeNull();
    await click('contact-save');
    expect(besked.inputs('contacts.update')[1]).toEqual({ id: 7, revision: 4, firstName: 'S.' });
  });

  it('saves at once when what the colleague changed is only what the user left alone', async () => {
    // A whole custom set: the core names the key Bo added, which the user never touched.
    await editWhileBoSaved({ ...BASE, revision: 4, custom: { kundenr: 'K-2000' } }, changedMeanwhile(['custom', 'kundenr']));
    await type('contact-first-name', 'S.');
    await click('contact-save');
    expect(el('contact-conflict')).toBeNull();
    expect(besked.inputs('contacts.update')[1]).toEqual({ id: 7, revision: 4, firstName: 'S.' });
  });

  it('speaks Danish', async () => {
    await editWhileBoSaved({ ...BASE, revision: 4, lastName: 'K.' }, changedMeanwhile(['lastName']), 'da');
    await type('contact-last-name', 'Kierkegård');
    await click('contact-save');
    const box = el('contact-conflict')!;
    expect(box.textContent).toContain('blev ændret af en anden');
    expect(box.textContent).toContain('Efternavn');
    expect(box.textContent).toContain('Gemt imens');
    expect(el('conflict-keep-mine')!.textContent).toBe('Behold mit');
  });
});
