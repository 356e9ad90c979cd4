// Sent messages looked up at the gateway by their id, as the core answers them: the one open on the message page, and
// the message ids behind a campaign's recipient rows. Rules (delivery words, refund eligibility) live elsewhere.
import { defineStore } from 'pinia';
import { shallowRef } from 'vue';
import type { LookedUpMessage } from '../../src-shared/contract';
import { call } from '../api';

export const useMessagesStore = defineStore('messages', () => {
  const current = shallowRef<LookedUpMessage | null>(null);

  async function lookup(gatewayId: number) {
    // Another message's details must not show under this id; the same one stays visible while it is fetched again.
    if (current.value?.gatewayId !== gatewayId) current.value = null;
    const m = await call('messages.lookup', { gatewayId });
    current.value = m;
    return m;
  }

  /** Records a refund the core has just asked for, so the page shows it without asking the gateway again. */
  function refundRequested(gatewayId: number, msisdn: string, requestedAt: string) {
    const m = current.value;
    if (!m || m.gatewayId !== gatewayId) return;
    current.value = { ...m, recipients: m.recipients.map((r) => (r.msisdn === msisdn ? { ...r, refundRequestedAt: requestedAt } : r)) };
  }

  return { current, lookup, refundRequested };
});
