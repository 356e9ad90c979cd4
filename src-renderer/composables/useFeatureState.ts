// Whether an optional gateway feature (keywords, email, number lookup) is usable on the account, as the account
// views need it: the remembered answer, a way to ask again, and which errors the "not enabled" state already shows.
import { computed } from 'vue';
import type { AccountFeature } from '../../src-shared/contract';
import { useAccountStore } from '../stores/account';
import { errorMessage, UiError } from '../api';

export function useFeatureState(feature: AccountFeature) {
  const account = useAccountStore();
  const state = computed(() => account.featureState(feature));
  const notEnabled = computed(() => state.value === 'not_enabled');
  return {
    state,
    notEnabled,
    /** Reads what the gateway last said in this mode (the core remembers it across restarts); a failure leaves it unknown. */
    check: () => account.loadFeatures().catch(() => undefined),
    /** After support enabled it: the form comes back and the next call decides. */
    reset: () => account.resetFeature(feature),
    /** The message a panel shows for a failed call; none for "not enabled", which the gate shows in its place. */
    errorText: (err: unknown): string | null => (err instanceof UiError && err.error.kind === 'not_enabled' ? null : errorMessage(err)),
  };
}
