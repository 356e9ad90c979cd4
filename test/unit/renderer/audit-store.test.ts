// The audit store against a fake window.besked: the first page under a filter (only the bounds that are set), older
// pages from the last entry's id, a page of an older filter dropped when a newer one has been asked, and the export
// under the same filter.
import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import type { AuditEntry } from '../../../src-shared/contract';
import { AUDIT_PAGE, useAuditStore } from '../../../src-renderer/stores/audit';
import { installFakeBesked, Refused, type FakeBesked } from './support/fake-besked';

const entry = (id: number): AuditEntry => ({
  id,
  at: '2026-11-25T10:00:00Z',
  userId: 2,
  userName: 'Bo',
  role: 'staff',
  address: '192.168.1.20',
  action: 'send',
  call: 'campaigns.send',
  detail: '{"id":4}',
  outcome: 'ok',
  error: null,
});

let besked: FakeBesked;
beforeEach(() => {
  besked = installFakeBesked({
    'audit.list': ({ before }) => (before ? { entries: [entry(before - 1)], more: false } : { entries: [entry(10), entry(9)], more: true }),
  });
  setActivePinia(createPinia());
});

describe('audit store', () => {
  it('loads the newest page, then the page before the last entry shown', async () => {
    const audit = useAuditStore();
    await audit.load();
    expect(besked.inputs('audit.list')).toEqual([{ limit: AUDIT_PAGE }]);
    expect([audit.entries.map((e) => e.id), audit.more]).toEqual([[10, 9], true]);
    await audit.loadMore();
    expect(besked.inputs('audit.list')[1]).toEqual({ limit: AUDIT_PAGE, before: 9 });
    expect([audit.entries.map((e) => e.id), audit.more]).toEqual([[10, 9, 8], false]);
    await audit.loadMore();
    expect(besked.inputs('audit.list')).toHaveLength(2);
  });

  it.each([
    ['a user', { userId: 2 }, { userId: 2 }],
    ['an action', { action: 'delete' }, { action: 'delete' }],
    ['a time span', { from: '2026-11-01T00:00:00.000Z', to: '2026-11-30T22:59:59.999Z' }, { from: '2026-11-01T00:00:00.000Z', to: '2026-11-30T22:59:59.999Z' }],
    ['nothing set', { userId: undefined, action: undefined }, {}],
  ] as const)('filters by %s, and exports under the same filter', async (_, filter, sent) => {
    besked.handlers['audit.export'] = () => ({ fileName: 'besked-audit.csv', mimeType: 'text/csv', base64: '', bytes: 0 });
    const audit = useAuditStore();
    await audit.load(filter);
    expect(besked.inputs('audit.list')).toEqual([{ ...sent, limit: AUDIT_PAGE }]);
    await audit.exportCsv();
    expect(besked.inputs('audit.export')).toEqual([{ ...sent, format: 'csv' }]);
  });

  it('drops a page of an older filter that answers after a newer one', async () => {
    let release!: () => void;
    besked.handlers['audit.list'] = ({ userId }) =>
      userId === 1 ? new Promise((resolve) => (release = () => resolve({ entries: [entry(1)], more: false }))) : { entries: [entry(2)], more: false };
    const audit = useAuditStore();
    const slow = audit.load({ userId: 1 });
    await audit.load({ userId: 2 });
    release();
    await slow;
    expect(audit.entries.map((e) => e.id)).toEqual([2]);
  });

  it('keeps a refusal as the error to show', async () => {
    besked.handlers['audit.list'] = () => {
      throw new Refused({ kind: 'auth', message: 'Only the owner may do this.', code: 'team.notAllowed', params: { call: 'audit.list' } });
    };
    const audit = useAuditStore();
    await audit.load();
    expect([audit.error?.code, audit.loading]).toEqual(['team.notAllowed', false]);
  });
});
