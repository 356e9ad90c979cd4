// The database's first live send is as safe as Sandbox: the preview says it is the first, the core refuses it unless
// the confirmation carried the real-people warning (so no window can skip it), and does not ask again once a live
// campaign went out — also after a restart. Sandbox sends never need it.
import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../../src-sim/index';
import { draft, numbers, startTestCore, tempDir, type TestCore } from './helpers';

const TOKEN = 'first-live-token-123456';
let t: TestCore | null = null;
let sim: Simulator | null = null;
afterEach(async () => {
  await t?.close();
  await sim?.close();
  t = null;
  sim = null;
});

async function goLive(core: TestCore, s: Simulator) {
  await core.ok('settings.update', { sandbox: false, endpoints: { default: { messagingUrl: s.url, legacyUrl: s.url } } });
  await core.ok('settings.setToken', { platform: 'default', token: TOKEN });
}

async function newDraft(core: TestCore, from: number) {
  const { id } = await core.ok('campaigns.create', {});
  const d = draft({ recipients: { contactIds: [], groupIds: [], searches: [], numbers: numbers(from, 2) } });
  await core.ok('campaigns.saveDraft', { id, draft: d });
  return { id, d };
}

const ledgerSize = async (s: Simulator) => {
  const res = await fetch(`${s.url}/_sim/ledger`, { headers: { authorization: `Token ${TOKEN}` } });
  return ((await res.json()) as { messages: unknown[] }).messages.length;
};

describe('the first live send', () => {
  it('is refused without the warning, sent with it, and not asked for again — also after a restart', async () => {
    sim = await startSimulator({ port: 0, token: TOKEN, log: () => undefined });
    const dataDir = tempDir();
    t = await startTestCore({ dataDir });
    await goLive(t, sim);

    const first = await newDraft(t, 10);
    expect((await t.ok('compose.preview', { draft: first.d })).firstLiveSend).toBe(true);
    for (const input of [{ id: first.id }, { id: first.id, liveAcknowledged: false }]) {
      const e = await t.fails('campaigns.send', input);
      expect(e).toMatchObject({ kind: 'conflict', code: 'campaign.firstLiveNotConfirmed' });
      expect(e.message).toMatch(/real texts go to real people/);
    }
    expect((await t.ok('campaigns.get', { id: first.id })).state).toBe('draft');
    expect(await ledgerSize(sim)).toBe(0);

    await t.ok('campaigns.send', { id: first.id, liveAcknowledged: true });
    await t.waitForState(first.id, ['sent']);
    expect(await ledgerSize(sim)).toBe(2);

    const second = await newDraft(t, 20);
    expect((await t.ok('compose.preview', { draft: second.d })).firstLiveSend).toBe(false);
    await t.ok('campaigns.send', { id: second.id });

    await t.close({ keepData: true });
    t = await startTestCore({ dataDir });
    const third = await newDraft(t, 30);
    expect((await t.ok('compose.preview', { draft: third.d })).firstLiveSend).toBe(false);
    await t.ok('campaigns.send', { id: third.id });
  });

  it('is not asked for in Sandbox, and Sandbox sends do not count as the first live one', async () => {
    sim = await startSimulator({ port: 0, token: TOKEN, log: () => undefined });
    t = await startTestCore();
    const sandboxed = await newDraft(t, 40);
    expect((await t.ok('compose.preview', { draft: sandboxed.d })).firstLiveSend).toBe(false);
    await t.ok('campaigns.send', { id: sandboxed.id });

    await goLive(t, sim);
    const live = await newDraft(t, 50);
    expect((await t.ok('compose.preview', { draft: live.d })).firstLiveSend).toBe(true);
    expect((await t.fails('campaigns.send', { id: live.id })).code).toBe('campaign.firstLiveNotConfirmed');
  });

  it('a scheduled first live send needs it too', async () => {
    sim = await startSimulator({ port: 0, token: TOKEN, log: () => undefined });
    t = await startTestCore();
    await goLive(t, sim);
    const { id } = await t.ok('campaigns.create', {});
    const d = draft({ recipients: { contactIds: [], groupIds: [], searches: [], numbers: numbers(60, 2) }, sendAt: new Date(Date.now() + 3_600_000).toISOString() });
    await t.ok('campaigns.saveDraft', { id, draft: d });
    expect((await t.fails('campaigns.send', { id })).code).toBe('campaign.firstLiveNotConfirmed');
    await t.ok('campaigns.send', { id, liveAcknowledged: true });
    await t.waitForState(id, ['scheduled']);
  });
});
