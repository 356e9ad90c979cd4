// Where this app's data is (issue 21): on this PC or on a Besked server, the link to it, and the remote.* calls.
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { RemoteState, ServerCertificate, TeamStatus } from '../../src-shared/contract';
import { call, on } from '../api';

export const useRemoteStore = defineStore('remote', () => {
  const state = ref<RemoteState | null>(null);
  /** Whether the window speaks to one PC's core or to a server (a browser opened on the server itself). */
  const team = ref<TeamStatus['kind'] | null>(null);
  /** The certificate the last Check read, for the user to compare before connecting. */
  const checked = ref<ServerCertificate | null>(null);
  let listening = false;

  async function load() {
    if (!listening) {
      listening = true;
      on('remote.state', (s) => (state.value = s));
    }
    const [s, status] = await Promise.all([call('remote.state', {}), call('team.status', {}).catch(() => null)]);
    state.value = s;
    team.value = status?.kind ?? null;
  }

  async function probe(address: string) {
    checked.value = null;
    checked.value = await call('remote.probe', { address });
    return checked.value;
  }

  async function use(url: string, fingerprint: string) {
    state.value = await call('remote.use', { url, fingerprint });
    return state.value;
  }

  async function useThisPc() {
    state.value = await call('remote.useThisPc', {});
    return state.value;
  }

  return { state, team, checked, load, probe, use, useThisPc };
});
