// @vitest-environment happy-dom
// The assignee hears of a new text in their conversation wherever they are, with a button to it, and not while that
// conversation is open in front of them; in Danish too.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia, type Pinia } from 'pinia';
import { flushPromises } from '@vue/test-utils';
import AssignedReplyNotifier from '../../../src-renderer/components/inbox/AssignedReplyNotifier.vue';
import { installFakeBesked, type FakeBesked } from './support/fake-besked';
import { mountView } from './support/mount-view';

describe('AssignedReplyNotifier', () => {
  let besked: FakeBesked;
  let pinia: Pinia;
  beforeEach(() => {
    document.body.innerHTML = '';
    besked = installFakeBesked({});
    pinia = createPinia();
    setActivePinia(pinia);
  });

  it('tells of a new text with the customer\'s name and opens the conversation', async () => {
    const { router, wrapper } = await mountView(AssignedReplyNotifier, { pinia, at: '/contacts' });
    besked.emit('inbox.assignedReply', { msisdn: 4520000002, name: 'Bo Østergård', text: 'Har I åbent\nlørdag?' });
    await flushPromises();
    expect(document.body.textContent).toContain('New text from Bo Østergård, assigned to you');
    expect(document.body.textContent).toContain('Har I åbent lørdag?');
    (document.querySelector('[data-testid="assigned-reply-open"]') as HTMLButtonElement).click();
    // The inbox view is loaded on first use, so the navigation ends after its import.
    await vi.waitFor(() => expect(router.currentRoute.value.name).toBe('inbox'), { timeout: 10_000 });
    expect(router.currentRoute.value.query['conversation']).toBe('4520000002');
    wrapper.unmount();
  });

  it('stays quiet while that conversation is open, and names a number without a contact in Danish', async () => {
    const { wrapper } = await mountView(AssignedReplyNotifier, { pinia, at: '/inbox?conversation=4520000002', lang: 'da' });
    besked.emit('inbox.assignedReply', { msisdn: 4520000002, name: 'Bo', text: 'Hej' });
    await flushPromises();
    expect(document.querySelector('[data-testid="assigned-reply-open"]')).toBeNull();
    besked.emit('inbox.assignedReply', { msisdn: 4520000009, name: null, text: 'Hej igen' });
    // The number is written as people write it, by libphonenumber fetched on this first nameless text.
    await vi.waitFor(() => expect(document.body.textContent).toContain('+45 20 00 00 09'), { timeout: 10_000 });
    expect(document.body.textContent).toContain('Ny besked fra');
    expect(document.body.textContent).toContain('tildelt dig');
    wrapper.unmount();
  });
});
