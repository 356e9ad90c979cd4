// Sandbox tools as the core answers them: the test gateway's clock and unreachable numbers, whether the panel is
// open, and the calls that play a customer or the network. Only ever used while Besked is in Sandbox.
import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { AppError } from '../../src-shared/errors';
import type { ContactRow, SandboxState } from '../../src-shared/contract';
import { appErrorOf, call } from '../api';

/** A customer the tools act as: a contact, or a number typed in. */
export type SandboxWho = { contactId: number } | { phone: string };

export const useSandboxStore = defineStore('sandbox', () => {
  const open = ref(false);
  const state = shallowRef<SandboxState | null>(null);
  const error = shallowRef<AppError | null>(null);

  async function load() {
    try {
      state.value = await call('sandbox.state', {});
      error.value = null;
    } catch (err) {
      error.value = appErrorOf(err);
    }
  }

  /** Contacts whose name or number matches, for the customer picker. */
  async function findContacts(search: string): Promise<ContactRow[]> {
    const page = await call('contacts.list', { filter: search.trim() ? { search: search.trim() } : {}, limit: 20 });
    return page.rows;
  }

  function reply(who: SandboxWho, text: string) {
    return call('sandbox.reply', { ...who, text });
  }
  async function setReachable(who: SandboxWho, reachable: boolean) {
    state.value = await call('sandbox.setReachable', { ...who, reachable });
  }
  async function advanceClock(seconds: number) {
    state.value = await call('sandbox.advanceClock', { seconds });
  }

  return { open, state, error, load, findContacts, reply, setReachable, advanceClock };
});
