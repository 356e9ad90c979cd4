// useFeatureState: the remembered answer about an optional feature, asking again, and which errors the gate shows in
// place of the panel's own message; over a stand-in for window.besked.
import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import type { FeatureStatus } from '../../../src-shared/contract';
import { UiError } from '../../../src-renderer/api';
import { useFeatureState } from '../../../src-renderer/composables/useFeatureState';

let remembered: FeatureStatus[] = [];
let failFeatures = false;

beforeEach(() => {
  remembered = [];
  failFeatures = false;
  (globalThis as { window?: unknown }).window = {
    besked: {
      call: async (name: string) => {
        if (name !== 'account.features') throw new Error(`unexpected call ${name}`);
        if (failFeatures) return { ok: false, error: { kind: 'network', message: 'The gateway cannot be reached.' } };
        return { ok: true, value: { mode: 'sandbox', features: remembered } };
      },
      on: () => () => undefined,
    },
  };
  setActivePinia(createPinia());
});

describe('useFeatureState', () => {
  it('is unknown until checked, then follows what the core remembers', async () => {
    remembered = [{ feature: 'email', state: 'not_enabled', checkedAt: '2026-03-01T10:00:00Z' }];
    const email = useFeatureState('email');
    const lookup = useFeatureState('lookup');
    expect(email.state.value).toBe('unknown');
    await email.check();
    expect(email.notEnabled.value).toBe(true);
    expect(lookup.notEnabled.value).toBe(false);
  });

  it('lets the user try again: the form comes back until the next call decides', async () => {
    remembered = [{ feature: 'keywords', state: 'not_enabled', checkedAt: null }];
    const keywords = useFeatureState('keywords');
    await keywords.check();
    keywords.reset();
    expect(keywords.state.value).toBe('unknown');
    expect(keywords.notEnabled.value).toBe(false);
  });

  it('stays as it was when the core cannot answer, without throwing', async () => {
    failFeatures = true;
    const email = useFeatureState('email');
    await expect(email.check()).resolves.toBeUndefined();
    expect(email.state.value).toBe('unknown');
  });

  it.each([
    ['not enabled: the gate shows it instead', new UiError({ kind: 'not_enabled', message: 'Email sending is not enabled' }), null],
    ['any other refusal: its plain message', new UiError({ kind: 'validation', message: 'Add at least one recipient.' }), 'Add at least one recipient.'],
    ['something unexpected: a generic line', new Error('boom'), 'Something went wrong. Please try again.'],
  ])('errorText, %s', (_, err, shown) => {
    expect(useFeatureState('email').errorText(err)).toBe(shown);
  });
});
