// latestView: an answer to a question asked before a change is dropped; one asked after it is shown; a change shows
// at once; and the stores that keep such a view (backup, storage, where the data is) use it the same way.
import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { latestView } from '../../../src-renderer/stores/latest-view';
import { useBackupStore } from '../../../src-renderer/stores/backup';
import { useAppStore } from '../../../src-renderer/stores/app';
import { useRemoteStore } from '../../../src-renderer/stores/remote';
import type { BackupStatus, RemoteState, StorageState } from '../../../src-shared/contract';
import { installFakeBesked, type FakeBesked } from './support/fake-besked';

/** A question whose answer the test releases. */
function held<T>(answer: T) {
  let release!: () => void;
  const promise = new Promise<T>((resolve) => (release = () => resolve(answer)));
  return { ask: () => promise, release };
}

describe('latestView', () => {
  it.each([
    ['nothing changes meanwhile', 'asked', false],
    ['a change comes meanwhile', 'changed', true],
  ])('when %s, shows the %s view', async (_, shown, change) => {
    const v = latestView<string>();
    const q = held('asked');
    const loading = v.load(q.ask);
    if (change) v.changed('changed');
    q.release();
    await loading;
    expect(v.value.value).toBe(shown);
  });

  it('shows an answer to a question asked after the change', async () => {
    const v = latestView<string>();
    v.changed('changed');
    await v.load(async () => 'asked later');
    expect(v.value.value).toBe('asked later');
  });
});

describe('the stores that keep a view the core also announces', () => {
  let besked: FakeBesked;
  const release: Record<string, () => void> = {};
  const heldCall = <T>(name: string, answer: T) => () => new Promise<T>((resolve) => (release[name] = () => resolve(answer)));
  beforeEach(() => {
    setActivePinia(createPinia());
    besked = installFakeBesked({
      'backup.status': heldCall('backup.status', { old: true } as unknown as BackupStatus) as never,
      'app.storage': heldCall('app.storage', { problem: null } as StorageState) as never,
      'app.info': (() => ({})) as never,
      'remote.state': heldCall('remote.state', { old: true } as unknown as RemoteState) as never,
      'team.status': (() => ({ kind: 'local' })) as never,
    });
  });

  // Each store: its load, the event the core announces a change by (sent while the load's question is out), the
  // call the load waits on, and what the store shows afterwards: the change, not the load's older answer.
  it.each([
    ['backup', () => useBackupStore().load(), 'backup.changed', { fresh: true }, 'backup.status', () => useBackupStore().status, { fresh: true }],
    ['storage', () => useAppStore().load(), 'app.storage', { problem: 'full' }, 'app.storage', () => useAppStore().storage, 'full'],
    ['remote', () => useRemoteStore().load(), 'remote.state', { fresh: true }, 'remote.state', () => useRemoteStore().state, { fresh: true }],
  ] as const)('%s: the change announced during a load stays shown', async (_, load, event, payload, asked, shown, expected) => {
    const loading = load();
    await Promise.resolve();
    besked.emit(event, payload as never);
    release[asked]!();
    await loading;
    expect(shown()).toEqual(expected);
  });
});
