// Drafts belong to their author unless shared (issue 21), over the real dispatcher with each user's caller: a staff
// member's private draft is not found by other staff, listed but not changeable by owners, shared by its author only;
// once shared or sent it is everyone's; on one PC every draft is everyone's, as before.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { draft, numbers, startTestCore, type TestCore } from './helpers';
import { ANNA, BO, DORTE, colleague, type Colleague } from '../colleagues';

let t: TestCore;
let anna: Colleague;
let bo: Colleague;
let dorte: Colleague;
beforeEach(async () => {
  t = await startTestCore();
  anna = colleague(t.core, ANNA);
  bo = colleague(t.core, BO);
  dorte = colleague(t.core, DORTE);
});
afterEach(async () => {
  await t.close();
});

const withText = (text: string) => draft({ text, recipients: { contactIds: [], groupIds: [], searches: [], numbers: numbers(1, 2) } });
const listed = async (who: Colleague) => (await who.ok('campaigns.list', {})).campaigns.map((c) => [c.id, c.author?.name ?? null, c.shared]);

describe('a draft written by a staff member', () => {
  it('is theirs alone until shared: hidden from other staff, marked for owners, who may delete but not change or send it', async () => {
    const { id, author, shared } = await bo.ok('campaigns.create', {});
    expect([author, shared]).toEqual([{ id: BO.id, name: BO.name }, false]);
    await bo.ok('campaigns.saveDraft', { id, draft: withText('Bo skriver') });

    expect(await listed(bo)).toEqual([[id, BO.name, false]]);
    expect(await listed(anna)).toEqual([[id, BO.name, false]]);
    expect(await listed(dorte)).toEqual([]);

    for (const [call, input] of [
      ['campaigns.get', { id }],
      ['campaigns.saveDraft', { id, draft: withText('Dorte skriver') }],
      ['campaigns.send', { id }],
      ['campaigns.duplicate', { id }],
      ['campaigns.delete', { id }],
      ['campaigns.share', { id, shared: true }],
    ] as const) {
      expect(await dorte.fails(call, input as never), `Dorte: ${call}`).toMatchObject({ kind: 'not_found', code: 'campaign.notFound' });
    }
    expect((await anna.ok('campaigns.get', { id })).draft.text).toBe('Bo skriver');
    for (const [call, input] of [
      ['campaigns.saveDraft', { id, draft: withText('Anna skriver') }],
      ['campaigns.send', { id }],
      ['campaigns.share', { id, shared: true }],
    ] as const) {
      expect(await anna.fails(call, input as never), `Anna: ${call}`).toMatchObject({ kind: 'conflict', code: 'campaign.notYourDraft', params: { name: BO.name } });
    }
    // An owner may copy it into a draft of her own.
    const copy = await anna.ok('campaigns.duplicate', { id });
    expect((await anna.ok('campaigns.get', { id: copy.id })).author).toEqual({ id: ANNA.id, name: ANNA.name });
    expect((await bo.ok('campaigns.get', { id })).draft.text).toBe('Bo skriver');
    expect(t.core.db.prepare('SELECT state FROM campaigns WHERE id = ?').pluck().get(id)).toBe('draft');
  });

  it('shared by its author, the team sees, changes and sends it; made private again, it is gone from the others', async () => {
    const { id } = await bo.ok('campaigns.create', {});
    await bo.ok('campaigns.saveDraft', { id, draft: withText('Bo skriver') });
    t.events.length = 0;
    expect((await bo.ok('campaigns.share', { id, shared: true })).shared).toBe(true);
    // Shared: the news goes to everyone.
    expect(t.events.filter((e) => e.name === 'campaign.changed').map((e) => e.to ?? 'everyone')).toEqual(['everyone']);
    expect(await listed(dorte)).toEqual([[id, BO.name, true]]);
    await dorte.ok('campaigns.saveDraft', { id, draft: withText('Dorte retter') });

    t.events.length = 0;
    await bo.ok('campaigns.share', { id, shared: false });
    // Private again: staff drop it, then its author and the owners hear of it.
    expect(t.events.filter((e) => e.name === 'campaign.changed').map((e) => [e.to, (e.payload as { summary: unknown }).summary === null])).toEqual([
      [{ roles: ['staff'] }, true],
      [{ userIds: [BO.id], roles: ['owner'] }, false],
    ]);
    expect(await listed(dorte)).toEqual([]);
    expect(await dorte.fails('campaigns.share', { id, shared: true })).toMatchObject({ code: 'campaign.notFound' });

    await bo.ok('campaigns.share', { id, shared: true });
    expect(await dorte.fails('campaigns.share', { id, shared: false })).toMatchObject({ kind: 'conflict', code: 'campaign.notYourDraft' });
    await dorte.ok('campaigns.send', { id });
    await t.waitForState(id, ['sent']);
    expect((await dorte.ok('campaigns.get', { id })).draft.text).toBe('Dorte retter');
  });

  it('once sent, is everyone\'s', async () => {
    const { id } = await bo.ok('campaigns.create', {});
    await bo.ok('campaigns.saveDraft', { id, draft: withText('Bo sender') });
    await bo.ok('campaigns.send', { id });
    await t.waitForState(id, ['sent']);
    expect(await listed(dorte)).toEqual([[id, BO.name, false]]);
    expect((await dorte.ok('campaigns.recipients', { id })).total).toBe(2);
  });
});

describe('on one PC', () => {
  it('a draft has no author, is shared, and every window and user sees it', async () => {
    const { id, author, shared } = await t.ok('campaigns.create', {});
    expect([author, shared]).toEqual([null, true]);
    await t.ok('campaigns.saveDraft', { id, draft: withText('Fra denne pc') });
    expect(await listed(dorte)).toEqual([[id, null, true]]);
    expect(await t.fails('campaigns.share', { id, shared: false })).toMatchObject({ code: 'campaign.notYourDraft' });
  });
});
