// @vitest-environment happy-dom
// The import dialog when the file's groups column names groups that do not exist yet (issue 27.9): the core refuses
// with import.newGroups, the dialog lists the names and imports again only when the user agrees, passing them as
// createGroups; the report names each group with its contacts. In English and Danish.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestingPinia } from '@pinia/testing';
import { flushPromises, type VueWrapper } from '@vue/test-utils';
import ImportDialog from '../../../src-renderer/components/contacts/ImportDialog.vue';
import type { ImportPreview, ImportReport } from '../../../src-shared/contract';
import { installFakeBesked, Refused, type FakeBesked } from './support/fake-besked';
import { mountView } from './support/mount-view';

const ID = '01JABCDEFGHJKMNPQRSTVWXYZ0';
const preview: ImportPreview = {
  importId: ID,
  fileName: 'kunder.csv',
  bytes: 60,
  encoding: 'utf-8',
  delimiter: ';',
  hasHeader: true,
  headers: ['Mobil', 'Gruppe'],
  rows: [['20000001', 'VIP, Aarhus']],
  mapping: ['phone', 'groups'],
  customKeys: ['mobil', 'gruppe'],
  mappingRemembered: false,
  defaultCountry: 'DK',
  warnings: [],
};
const report: ImportReport = {
  importId: ID,
  fileName: 'kunder.csv',
  rows: 1,
  created: 1,
  updated: 0,
  merged: 0,
  rejected: 0,
  optedOut: 0,
  blankLines: 0,
  group: null,
  columnGroups: [
    { id: 1, name: 'VIP', created: true, contacts: 1 },
    { id: 2, name: 'Aarhus', created: true, contacts: 1 },
  ],
  reasons: [],
  rejectedSample: [],
  durationMs: 5,
};

let besked: FakeBesked;
let wrapper: VueWrapper | undefined;
afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
  document.body.innerHTML = '';
});

async function open(lang: 'en' | 'da') {
  let runs = 0;
  besked = installFakeBesked({
    'contacts.importBegin': () => ({ importId: ID, chunkBytes: 4096, maxBytes: 1e6 }),
    'contacts.importChunk': () => ({ received: 60 }),
    'contacts.importPreview': () => preview,
    'contacts.importDiscard': () => ({ discarded: true }),
    'contacts.overview': () => ({ total: 1, optedOut: 0, groups: [], fields: [], defaultCountry: 'DK' }),
    'contacts.list': () => ({ total: 0, totalIsAtLeast: false, offset: 0, rows: [] }),
    'contacts.importRun': (input) => {
      runs++;
      if (!input.createGroups) {
        throw new Refused({ kind: 'conflict', message: 'new groups', code: 'import.newGroups', params: { count: 2, names: 'VIP, Aarhus' } });
      }
      return report;
    },
  });
  const pinia = createTestingPinia({ createSpy: vi.fn, stubActions: false });
  wrapper = (await mountView(ImportDialog, { pinia, lang, props: { show: true } })).wrapper;
  const drop = new Event('drop', { bubbles: true, cancelable: true });
  Object.defineProperty(drop, 'dataTransfer', { value: { files: [new File(['Mobil;Gruppe\n20000001;"VIP, Aarhus"\n'], 'kunder.csv')] } });
  document.body.querySelector('.drop')!.dispatchEvent(drop);
  await vi.waitFor(() => expect(el('import-start')).not.toBeNull(), { timeout: 10_000 });
  return () => runs;
}
const el = (testid: string) => document.body.querySelector<HTMLElement>(`[data-testid="${testid}"]`);

describe('ImportDialog with a groups column', () => {
  it.each([
    ['en', 'The file names 2 groups that do not exist yet', 'Create 2 groups and import', 'VIP: one contact from this file · new'],
    ['da', 'Filen nævner 2 grupper, der ikke findes endnu', 'Opret 2 grupper og importér', 'VIP: én kontakt fra denne fil · ny'],
  ] as const)('asks before making the groups and imports with them (%s)', async (lang, body, button, line) => {
    const runs = await open(lang);
    el('import-start')!.click();
    await flushPromises();
    await vi.waitFor(() => expect(el('import-new-groups')).not.toBeNull(), { timeout: 10_000 });
    const ask = el('import-new-groups')!;
    expect(ask.textContent).toContain(body);
    expect([...ask.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['VIP', 'Aarhus']);
    expect(el('import-error')).toBeNull();
    expect(el('import-create-groups')!.textContent).toContain(button);
    expect(runs()).toBe(1);

    el('import-create-groups')!.click();
    await vi.waitFor(() => expect(el('import-column-groups')).not.toBeNull(), { timeout: 10_000 });
    expect(besked.inputs('contacts.importRun').map((i) => i.createGroups)).toEqual([undefined, ['VIP', 'Aarhus']]);
    expect(el('import-column-groups')!.textContent).toContain(line);
    // Mounting Naive UI in happy-dom the first time takes seconds on a busy machine.
  }, 30_000);
});
