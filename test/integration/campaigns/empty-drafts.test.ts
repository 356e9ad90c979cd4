// Empty drafts through the contract: the campaign list leaves them out at once, a composer (in this window or
// another tab) can still open and fill them while the core runs, and the next start removes them; a draft with
// anything in it stays.
import { afterEach, describe, expect, it } from 'vitest';
import type { CampaignDraft } from '../../../src-shared/contract';
import { MemoryVault } from '../../../src-main/core/secrets/vault';
import { perTest, startTestCore } from './helpers';

const t = perTest();
afterEach(() => t.after());

/** What each kind of content does to a fresh draft (one field set, the rest as "New message" leaves them). */
const contents: [string, (d: CampaignDraft) => CampaignDraft][] = [
  ['a text', (d) => ({ ...d, text: 'Hej {first_name}' })],
  ['a name', (d) => ({ ...d, name: 'Julekampagne' })],
  ['a typed number', (d) => ({ ...d, recipients: { ...d.recipients, numbers: ['+4520000001'] } })],
  ['a search', (d) => ({ ...d, recipients: { ...d.recipients, searches: ['kunde'] } })],
  ['a send time', (d) => ({ ...d, sendAt: '2031-06-01T09:00:00.000Z' })],
];

const listedIds = async (c: Awaited<ReturnType<typeof startTestCore>>, kind?: 'all') =>
  (await c.ok('campaigns.list', kind ? { kind } : {})).campaigns.map((x) => x.id);

describe('empty drafts', () => {
  it('are left out of the list, while a draft with content is listed', async () => {
    const c = await t.core();
    const empty = await c.ok('campaigns.create', {});
    const untouched = await c.ok('campaigns.create', {});
    // Saved by the composer as it was opened (spaces only, a blank number): still nothing in it.
    await c.ok('campaigns.saveDraft', { id: untouched.id, draft: { ...untouched.draft, text: '  \n', recipients: { ...untouched.draft.recipients, numbers: [' '] } } });
    const kept: number[] = [];
    for (const [, fill] of contents) {
      const d = await c.ok('campaigns.create', {});
      await c.ok('campaigns.saveDraft', { id: d.id, draft: fill(d.draft) });
      kept.push(d.id);
    }
    const fromContacts = await c.ok('campaigns.create', { recipients: { numbers: ['+4520000002'] } });
    kept.push(fromContacts.id);

    expect((await listedIds(c)).sort((a, b) => a - b)).toEqual(kept);
    expect((await listedIds(c, 'all')).sort((a, b) => a - b)).toEqual(kept);
    // Still there for the composer that holds it.
    expect((await c.ok('campaigns.get', { id: empty.id })).state).toBe('draft');
  });

  it('are never removed while the core runs: a composer in another tab can still fill one', async () => {
    const c = await t.core();
    const tabA = await c.ok('campaigns.create', {});
    const tabB = await c.ok('campaigns.create', {});
    // Tab B lists campaigns and starts yet another message; tab A's draft must survive both.
    await listedIds(c);
    await c.ok('campaigns.create', {});
    await listedIds(c);
    await c.ok('campaigns.saveDraft', { id: tabA.id, draft: { ...tabA.draft, text: 'Typed in tab A' } });
    expect(await listedIds(c)).toEqual([tabA.id]);
    expect((await c.ok('campaigns.get', { id: tabB.id })).state).toBe('draft');
  });

  it('are removed when the core starts again; a draft with content stays', async () => {
    const vault = new MemoryVault();
    const dataDir = t.dir('besked-empty-drafts-');
    const first = await startTestCore({ dataDir, vault });
    const empty = await first.ok('campaigns.create', {});
    const emptied = await first.ok('campaigns.create', { text: 'Changed my mind' });
    await first.ok('campaigns.saveDraft', { id: emptied.id, draft: { ...emptied.draft, text: '' } });
    const named = await first.ok('campaigns.create', {});
    await first.ok('campaigns.saveDraft', { id: named.id, draft: { ...named.draft, name: 'Keep me' } });
    await first.close({ keepData: true });

    const again = await startTestCore({ dataDir, vault });
    try {
      expect((await again.fails('campaigns.get', { id: empty.id })).code).toBe('campaign.notFound');
      expect((await again.fails('campaigns.get', { id: emptied.id })).code).toBe('campaign.notFound');
      expect((await again.ok('campaigns.get', { id: named.id })).draft.name).toBe('Keep me');
      expect(await listedIds(again)).toEqual([named.id]);
    } finally {
      await again.close({ keepData: true });
    }
  });
});
