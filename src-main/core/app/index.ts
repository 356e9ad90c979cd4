// The app.* calls: what this Besked is (name, version, shell, OS, data folder) and whether its disk takes writes.
import type { DomainCallName, StorageState } from '../../../src-shared/contract';
import type { Handlers } from '../dispatch';

export interface AppModuleOptions {
  version: string;
  shell: 'electron' | 'web';
  dataDir: string;
  /** Why the data folder refuses writes right now (the outbox is the first to learn it), or null. */
  storageProblem: () => StorageState['problem'];
}

export function appHandlers(o: AppModuleOptions): Pick<Handlers, DomainCallName<'app'>> {
  return {
    'app.info': () => ({ name: 'Besked', version: o.version, shell: o.shell, os: process.platform, dataDir: o.dataDir }),
    'app.storage': () => ({ problem: o.storageProblem() }),
  };
}
