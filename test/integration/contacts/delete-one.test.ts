// contacts.deleteOne (issue 21): the contact drawer's Delete, which staff may use because it is one contact by its id,
// while contacts.delete (a selection, which may be every contact) stays the owner's. Same undo as a bulk delete.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCore, type TestCore } from './helpers';
import { ANNA, BO, colleague, type Colleague } from '../colleagues';

let t: TestCore;
beforeEach(async () => {
  t = await openCore();
});
afterEach(async () => {
  await t.close();
});

const count = () => t.core.db.prepare('SELECT COUNT(*) FROM contacts').pluck().get();

describe('deleting one contact', () => {
  it.each<[string, () => Colleague | null]>([
    ['the owner', () => colleague(t.core, ANNA)],
    ['staff', () => colleague(t.core, BO)],
    ['this PC', () => null],
  ])('%s deletes one contact with undo', async (_who, who) => {
    const c = who();
    const call = c ? c.ok : t.call;
    const kept = await t.call('contacts.create', { firstName: 'Åse', phone: '30 12 34 56' });
    const gone = await t.call('contacts.create', { firstName: 'Søren', phone: '20 12 34 56' });
    const r = await call('contacts.deleteOne', { id: gone.id });
    expect(r.deleted).toBe(1);
    expect(count()).toBe(1);
    expect((await t.call('contacts.get', { id: kept.id })).firstName).toBe('Åse');
    expect(await call('contacts.undoDelete', { undoToken: r.undoToken })).toEqual({ restored: 1, skipped: 0 });
    expect((await t.call('contacts.get', { id: gone.id })).firstName).toBe('Søren');
  });

  it('staff may not delete a selection, and a contact that is gone is said to be gone', async () => {
    const bo = colleague(t.core, BO);
    const c = await t.call('contacts.create', { firstName: 'Søren', phone: '20 12 34 56' });
    expect(await bo.fails('contacts.delete', { selection: { ids: [c.id] } })).toMatchObject({ kind: 'auth', code: 'team.notAllowed', params: { call: 'contacts.delete' } });
    expect(count()).toBe(1);
    await bo.ok('contacts.deleteOne', { id: c.id });
    expect(await bo.fails('contacts.deleteOne', { id: c.id })).toMatchObject({ kind: 'not_found', code: 'contact.notFound' });
  });
});
