// The account's balance as last fetched by the core.
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { Balance } from '../../src-shared/contract';
import { call, errorMessage, on } from '../api';

export const useAccountStore = defineStore('account', () => {
  const balance = ref<Balance | null>(null);
  const error = ref<string | null>(null);
  const loading = ref(false);

  async function refresh(force = false) {
    loading.value = true;
    try {
      balance.value = await call('account.balance', { refresh: force });
      error.value = null;
    } catch (err) {
      error.value = errorMessage(err);
    } finally {
      loading.value = false;
    }
  }
  on('balance.changed', (b) => {
    balance.value = b;
    error.value = null;
  });

  return { balance, error, loading, refresh };
});
