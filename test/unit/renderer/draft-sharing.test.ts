// @vitest-environment happy-dom
// Whose draft it is in the composer on a Besked server: its author picks Only you / Shared with the team (sent to the
// core); an owner on a colleague's private draft is told whose it is; on one PC nothing shows. In English and Danish.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestingPinia } from '@pinia/testing';
import { flushPromises, type VueWrapper } from '@vue/test-utils';
import DraftSharing from '../../../src-renderer/components/compose/DraftSharing.vue';
import { useComposeStore } from '../../../src-renderer/stores/compose';
import { installFakeBesked, type FakeBesked } from './support/fake-besked';
import { mountView } from './support/mount-view';
import { summary } from './support/campaign-fixtures';

let besked: FakeBesked;
let wrapper: VueWrapper | undefined;
afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
  document.body.innerHTML = '';
});

async function show(sharing: ReturnType<typeof useComposeStore>['sharing'], lang: 'en' | 'da' = 'en') {
  besked = installFakeBesked({ 'campaigns.share': ({ id, shared }) => summary({ id, state: 'draft', author: { id: 2, name: 'Bo' }, shared }) });
  const pinia = createTestingPinia({ createSpy: vi.fn, stubActions: false });
  const store = useComposeStore(pinia);
  store.id = 9;
  store.sharing = sharing;
  wrapper = (await mountView(DraftSharing, { pinia, lang })).wrapper;
  return store;
}
const el = (testid: string) => document.body.querySelector<HTMLElement>(`[data-testid="${testid}"]`);

describe('DraftSharing', () => {
  it('lets the author share the draft with the team', async () => {
    const store = await show({ author: 'Bo', shared: false, mayEdit: true, mayShare: true });
    expect(el('draft-sharing')!.textContent).toContain('Only you');
    el('draft-shared')!.querySelector('input')!.click();
    await flushPromises();
    expect(besked.inputs('campaigns.share')).toEqual([{ id: 9, shared: true }]);
    expect(store.sharing?.shared).toBe(true);
  });

  it.each([
    ['en', 'This is Bo’s draft, not shared with the team', 'Shared with the team'],
    ['da', 'Dette er Bos kladde, som ikke er delt med holdet', 'Delt med holdet'],
  ] as const)('speaks %s', async (lang, notYours, shared) => {
    await show({ author: 'Bo', shared: false, mayEdit: false, mayShare: false }, lang);
    expect(el('draft-not-yours')!.textContent).toContain(notYours);
    expect(el('draft-sharing')).toBeNull();
    wrapper?.unmount();
    document.body.innerHTML = '';
    await show({ author: 'Bo', shared: true, mayEdit: true, mayShare: true }, lang);
    expect(el('draft-sharing')!.textContent).toContain(shared);
  });

  it('shows nothing on one PC', async () => {
    await show(null);
    expect(el('draft-sharing')).toBeNull();
    expect(el('draft-not-yours')).toBeNull();
  });
});
