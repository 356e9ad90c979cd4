// @vitest-environment happy-dom
// The Sandbox tools drawer: each tool makes its one sandbox.* call with the customer picked (a typed number here), and
// a refusal (the core is live) is shown in the drawer in the UI's language.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import { createPinia, setActivePinia, type Pinia } from 'pinia';
import type { CallName, SandboxState } from '../../../src-shared/contract';
import SandboxToolsDrawer from '../../../src-renderer/components/sandbox/SandboxToolsDrawer.vue';
import { useSandboxStore } from '../../../src-renderer/stores/sandbox';
import { installFakeBesked, Refused, type FakeBesked } from './support/fake-besked';
import { mountView, unmountViews } from './support/mount-view';

const STATE: SandboxState = { now: '2026-03-01T10:00:00.000Z', unreachable: [] };
let fake: FakeBesked;
let pinia: Pinia;

beforeEach(() => {
  fake = installFakeBesked({
    'sandbox.state': () => STATE,
    'contacts.list': () => ({ total: 0, totalIsAtLeast: false, offset: 0, rows: [] }),
    'sandbox.reply': () => ({ from: '+4520304061' }),
    'sandbox.setReachable': () => ({ ...STATE, unreachable: ['+4520304061'] }),
    'sandbox.advanceClock': () => ({ ...STATE, now: '2026-03-01T11:00:00.000Z' }),
  });
  pinia = createPinia();
  setActivePinia(pinia);
  useSandboxStore().open = true;
});
afterEach(() => {
  unmountViews();
  document.body.innerHTML = '';
});

const el = (testid: string) => document.body.querySelector<HTMLElement>(`[data-testid="${testid}"]`);

async function typePhone(text: string) {
  const input = el('sandbox-phone')!.querySelector('input')!;
  input.value = text;
  input.dispatchEvent(new Event('input'));
  await flushPromises();
}

describe('SandboxToolsDrawer', () => {
  it.each([
    ['sandbox-reply-stop', 'sandbox.reply', { phone: '20 30 40 61', text: 'STOP' }],
    ['sandbox-unreachable', 'sandbox.setReachable', { phone: '20 30 40 61', reachable: false }],
    ['sandbox-clock-hour1', 'sandbox.advanceClock', { seconds: 3600 }],
    ['sandbox-clock-week1', 'sandbox.advanceClock', { seconds: 7 * 86_400 }],
  ] as const)('%s calls %s with %j', async (button, call, input) => {
    await mountView(SandboxToolsDrawer, { pinia });
    await typePhone('20 30 40 61');
    el(button)!.click();
    await flushPromises();
    expect(fake.inputs(call as CallName)).toEqual([input]);
    expect(el('sandbox-tools-error')).toBeNull();
  });

  it('offers no customer tool before a customer is picked', async () => {
    await mountView(SandboxToolsDrawer, { pinia });
    for (const id of ['sandbox-reply-send', 'sandbox-reply-stop', 'sandbox-unreachable']) expect(el(id)!.hasAttribute('disabled'), id).toBe(true);
  });

  it('shows a refusal in the drawer, in Danish', async () => {
    fake.handlers['sandbox.state'] = () => {
      throw new Refused({ kind: 'conflict', message: 'Sandbox tools work only in Sandbox.', code: 'sandbox.liveMode' });
    };
    await mountView(SandboxToolsDrawer, { pinia, lang: 'da' });
    expect(el('sandbox-tools-error')!.textContent).toContain('Sandkasseværktøjerne virker kun i Sandkasse');
  });
});
