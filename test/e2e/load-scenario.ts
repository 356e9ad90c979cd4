// The load scenario shared by the load E2E test and the reliability bench: 100,000 contacts, and a campaign to all
// of them sending (and its statuses being polled, and the inbox polled) while someone scrolls the contacts table in
// Chromium and switches to the inbox. Frames are timed in the page with requestAnimationFrame.
import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { CampaignSummary } from '../../src-shared/contract';
import { percentile } from '../bench/harness';
import { connectBridge, type BridgeClient } from './bridge-client';
import { contactsCsv, goLive, importContacts, sendToGroup, waitFor } from './crash-scenario';
import { gotoView, launchBrowser, RESULTS, startWeb, type WebProcess } from './harness';
import { startSimProcess, type SimProcess } from './sim-process';

export interface FrameStats {
  frames: number;
  p50: number;
  p95: number;
  max: number;
}

export interface LoadOutcome {
  contacts: number;
  /** Frames while scrolling the contacts table. */
  scroll: FrameStats;
  /** Frames while the inbox is open (a conversation opened, events arriving). */
  inbox: FrameStats;
  /** Milliseconds from clicking a view in the navigation until it showed its content (inbox and back, three times). */
  switchMs: number[];
  /** Round trips of contacts.list pages (what the table asks for while scrolling), in ms. */
  pageLoadP95Ms: number;
  /** Milliseconds until real rows showed after jumping to the middle and to the end of the table. */
  rowsShownMs: number[];
  /** What the gateway was asked during the measurement: the campaign was sending and being polled throughout. */
  during: { sendRequests: number; statusPolls: number; inboxPolls: number };
  campaignAfter: CampaignSummary;
}

export interface LoadRun {
  outcome: LoadOutcome;
  close(): Promise<void>;
}

function stats(deltas: number[]): FrameStats {
  if (deltas.length === 0) return { frames: 0, p50: Infinity, p95: Infinity, max: Infinity };
  const r = (x: number) => Math.round(x * 10) / 10;
  return { frames: deltas.length, p50: r(percentile(deltas, 50)), p95: r(percentile(deltas, 95)), max: r(Math.max(...deltas)) };
}

// Page scripts are strings: tsx names functions with a helper that does not exist in the page.
const START_FRAMES = `(() => {
  window.__frames = [];
  window.__recording = true;
  let last = 0;
  const tick = (now) => {
    window.__frames.push(now - last);
    last = now;
    if (window.__recording) requestAnimationFrame(tick);
  };
  requestAnimationFrame((now) => { last = now; requestAnimationFrame(tick); });
})()`;
const STOP_FRAMES = '(() => { window.__recording = false; return window.__frames; })()';

/** Starts timing frames in the page; the returned function stops and hands back the gaps between frames (ms). */
async function recordFrames(page: Page): Promise<() => Promise<number[]>> {
  await page.evaluate(START_FRAMES);
  return async () => (await page.evaluate(STOP_FRAMES)) as number[];
}

const realRows = '[data-testid="contacts-table"] [data-testid="contact-row"]';

/** Jumps the table's scroll position (as dragging the scrollbar does); returns the first row's contact before it. */
const JUMP = (fraction: number) => `(() => {
  const before = document.querySelector('[data-testid="contacts-table"] [data-testid="contact-row"]')?.dataset.contactId ?? '';
  const body = [...document.querySelectorAll('[data-testid="contacts-table"] *')].find((el) => el.scrollHeight > el.clientHeight + 1000);
  if (!body) throw new Error('no scrollable table body');
  body.scrollTop = Math.floor((body.scrollHeight - body.clientHeight) * ${fraction});
  body.dispatchEvent(new Event('scroll'));
  return before;
})()`;

/** Jumps and times until real rows (not placeholders) of the new place fill the view. */
async function jumpAndWait(page: Page, fraction: number): Promise<number> {
  const t0 = Date.now();
  const before = (await page.evaluate(JUMP(fraction))) as string;
  // Polled from here: the page's CSP (rightly) forbids the string evaluation waitForFunction would use.
  const filled = `(() => {
    const rows = [...document.querySelectorAll('[data-testid="contacts-table"] [data-testid="contact-row"]')];
    const pending = document.querySelectorAll('[data-testid="contacts-table"] [data-testid="contact-row-pending"]').length;
    return rows.length > 5 && pending === 0 && rows[0].dataset.contactId !== ${JSON.stringify(before)};
  })()`;
  while (!(await page.evaluate(filled))) {
    if (Date.now() - t0 > 20_000) throw new Error(`rows did not fill the table at ${fraction} of its height`);
    await page.waitForTimeout(10);
  }
  return Date.now() - t0;
}

/** Resolves once web mode's search index holds every saved contact (read from its database, read-only). */
async function searchIndexed(dataDir: string): Promise<void> {
  const db = new Database(join(dataDir, 'besked.db'), { readonly: true });
  try {
    const pending = db.prepare('SELECT 1 FROM contacts_fts_pending LIMIT 1');
    const until = Date.now() + 120_000;
    while (pending.get() !== undefined) {
      if (Date.now() > until) throw new Error('the search index did not take the imported contacts within 2 minutes');
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    db.close();
  }
}

export async function runLoadScenario(opts: { contacts: number; answerLatencyMs: number }): Promise<LoadRun> {
  const root = mkdtempSync(join(tmpdir(), 'besked-load-'));
  let sim: SimProcess | null = null;
  let web: WebProcess | null = null;
  let bridge: BridgeClient | null = null;
  let browser: Browser | null = null;
  let page: Page | null = null;
  const close = async () => {
    await browser?.close();
    bridge?.close();
    await web?.stop();
    await sim?.stop();
    rmSync(root, { recursive: true, force: true });
  };
  try {
    sim = await startSimProcess({ token: 'live_' + randomBytes(18).toString('hex') });
    await sim.control('PUT', '/_sim/account', { credit: 100_000_000 });
    for (let i = 0; i < 40; i++) await sim.control('POST', '/_sim/inbound', { msisdn: 4540000000 + i, receiver: 4560000000, message: `Hej, har I åbent på lørdag? (${i})` });
    web = await startWeb({ dataDir: join(root, 'data') });
    bridge = await connectBridge(web);
    await goLive(bridge, sim);
    await bridge.ok('settings.update', { inboxPollSeconds: 10 });
    const { groupId, created } = await importContacts(bridge, contactsCsv(opts.contacts), 'Alle kunder');
    if (created !== opts.contacts) throw new Error(`imported ${created} of ${opts.contacts} contacts`);
    // The scenario is a send beside the list, not an import's tail: the import answers once its contacts are saved
    // (searchable through the fresh index) and its thread indexes them after, so wait until it has.
    await searchIndexed(join(root, 'data'));

    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 820 } })).newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    mkdirSync(RESULTS, { recursive: true });
    await page.goto(web.url);
    await page.waitForSelector('[data-view]');
    await gotoView(page, 'contacts');
    await page.waitForSelector(realRows);

    // Every chunk is answered late, so the campaign is still sending when its first statuses are polled.
    await sim.control('PUT', '/_sim/faults', { rules: [{ path: '/rest/mtsms', method: 'POST', answer_latency_ms: opts.answerLatencyMs }] });
    const id = await sendToGroup(bridge, groupId, 'Load campaign');
    const s = sim;
    await waitFor('the first status poll', async () => (await s.requests('GET /rest/mtsms/:id')) > 0, 90_000, 200);

    const at = async () => ({ send: await s.requests('POST /rest/mtsms'), status: await s.requests('GET /rest/mtsms/:id'), inbox: await s.requests('GET /rest/mosms') });
    const start = await at();
    const b = bridge;
    const pageTimes: number[] = [];
    let probing = true;
    const prober = (async () => {
      // What the table does while it scrolls, timed from outside: one page of contacts at a random offset.
      while (probing) {
        const t0 = performance.now();
        await b.ok('contacts.list', { offset: Math.floor(Math.random() * (opts.contacts - 100)), limit: 100 });
        pageTimes.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();

    let stop = await recordFrames(page);
    await page.hover('[data-testid="contacts-table"]');
    for (let i = 0; i < 60; i++) {
      await page.mouse.wheel(0, 700);
      await page.waitForTimeout(50);
    }
    const rowsShownMs = [await jumpAndWait(page, 0.5), await jumpAndWait(page, 1)];
    for (let i = 0; i < 30; i++) {
      await page.mouse.wheel(0, -900);
      await page.waitForTimeout(50);
    }
    const scrollFrames = await stop();

    // The inbox: how long each switch takes, then frames while it is open and events keep arriving.
    const switchMs: number[] = [];
    const timed = async (view: string, ready: string) => {
      const t0 = Date.now();
      await gotoView(page!, view);
      await page!.waitForSelector(ready);
      switchMs.push(Date.now() - t0);
    };
    let inboxFrames: number[] = [];
    for (let round = 0; round < 3; round++) {
      await timed('inbox', '[data-testid^="conversation-"]');
      stop = await recordFrames(page);
      await page.click('[data-testid^="conversation-"]');
      await page.waitForSelector('[data-testid="conversation-title"]');
      await page.waitForTimeout(1_000);
      inboxFrames = inboxFrames.concat(await stop());
      await timed('contacts', realRows);
    }
    probing = false;
    await prober;
    const end = await at();
    const campaignAfter = await bridge.ok('campaigns.get', { id });
    if (pageErrors.length) throw new Error(`the page threw: ${pageErrors.join('\n')}`);

    return {
      outcome: {
        contacts: opts.contacts,
        scroll: stats(scrollFrames),
        inbox: stats(inboxFrames),
        switchMs,
        pageLoadP95Ms: Math.round(percentile(pageTimes, 95)),
        rowsShownMs,
        during: { sendRequests: end.send - start.send, statusPolls: end.status - start.status, inboxPolls: end.inbox - start.inbox },
        campaignAfter,
      },
      close,
    };
  } catch (err) {
    const stderr = web?.stderr() ?? '';
    // What the page showed when it went wrong.
    await page?.screenshot({ path: join(RESULTS, 'load-failure.png') }).catch(() => undefined);
    await close();
    throw new Error(`${(err as Error).message}${stderr ? `\nweb mode said:\n${stderr.slice(-2000)}` : ''}`);
  }
}
