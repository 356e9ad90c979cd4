// Where this app's data is (issue 21): on this PC or on a Besked server, the link to it, and the remote.* calls.
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { RemoteState, ServerCertificate, TeamStatus } from '../../src-shared/contract';
import { call, on } from '../api';
import { latestView } from './latest-view';

export const useRemoteStore = defineStore('remote', () => {
  const { value: state, changed, load: ask } = latestView<RemoteState>();
  /** Whether the window speaks to one PC's core or to a server (a browser opened on the server itself). */
  const team = ref<TeamStatus['kind'] | null>(null);
  /** The certificate the last Check read, for the user to compare before connecting. */
  const checked = ref<ServerCertificate | null>(null);
  let listening = false;

  async function load() {
    if (!listening) {
      listening = true;
      on('remote.state', changed);
    }
    const [, status] = await Promise.all([ask(() => call('remote.state', {})), call('team.status', {}).catch(() => null)]);
    team.value = status?.kind ?? null;
  }

  async function probe(address: string) {
    checked.value = null;
    checked.value = await call('remote.probe', { address });
    return checked.value;
  }

  async function use(url: string, fingerprint: string) {
    const s = await call('remote.use', { url, fingerprint });
    changed(s);
    return s;
  }

  async function useThisPc() {
    const s = await call('remote.useThisPc', {});
    changed(s);
    return s;
  }

  return { state, team, checked, load, probe, use, useThisPc };
});
