// The remote.* calls (issue 21): whether this app's data is on this PC or on a Besked server it is a client of.
// The desktop app's host answers them (it holds the link to the server); a server answers that it is one.
import type { DomainCallName, RemoteState, ServerCertificate } from '../../../src-shared/contract';
import { coded } from '../../../src-shared/error-codes';
import type { Handlers } from '../dispatch';
import { BeskedError } from '../errors';

/** What the host does for the remote.* calls (src-main/core/remote/host.ts). */
export interface RemoteControl {
  state(): RemoteState | Promise<RemoteState>;
  probe(address: string): Promise<ServerCertificate>;
  use(url: string, fingerprint: string): Promise<RemoteState>;
  useThisPc(): Promise<RemoteState>;
}

export const THIS_PC: RemoteState = { mode: 'thisPc', server: null, link: 'none', presented: null };

const onServer = () => new BeskedError('not_enabled', "This is a Besked server: connect to it from the desktop app's Settings, not from the server itself.", coded('remote.onServer'));

/** `control` null: this core is a server (or a test without a host), so the data is here and nothing switches. */
export function remoteHandlers(control: RemoteControl | null): Pick<Handlers, DomainCallName<'remote'>> {
  return {
    'remote.state': () => (control ? control.state() : THIS_PC),
    'remote.probe': ({ address }) => {
      if (!control) throw onServer();
      return control.probe(address);
    },
    'remote.use': ({ url, fingerprint }) => {
      if (!control) throw onServer();
      return control.use(url, fingerprint);
    },
    'remote.useThisPc': () => {
      if (!control) throw onServer();
      return control.useThisPc();
    },
  };
}
