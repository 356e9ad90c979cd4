// Besked on a phone (issue 29): phone.inbox_ready_ms — from navigation to an inbox of 200 conversations that answers a
// tap, in Chromium at 390×844 with 4× CPU throttling and Lighthouse's slow-4G profile (150 ms, 1.6 Mbit/s down,
// 750 kbit/s up) over the Chrome DevTools Protocol, a cold cache each run; and phone.first_view_js_gzip_kb — the
// JavaScript the first view loads (the entry, what it imports statically, and the larger language's texts with theirs:
// a Danish phone fetches the Danish chunk before it mounts), gzipped as served.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Bench } from './harness';
import { median } from './harness';
import { besked, launchBrowser, ROOT, startWeb } from '../e2e/harness';

const CONVERSATIONS = 200;
const RUNS = 3;
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

const ASSETS = join(ROOT, 'out/renderer');

/** The scripts a chunk imports statically (minified: `from"./x.js"` or `import"./x.js"`), not its dynamic imports. */
function staticImports(file: string): string[] {
  const code = readFileSync(join(ASSETS, file), 'utf8');
  return [...code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map((m) => `assets/${m[1]!}`);
}

/** A chunk and everything it imports statically, transitively. */
function withImports(files: readonly string[], seen = new Set<string>()): Set<string> {
  for (const f of files) {
    if (seen.has(f)) continue;
    seen.add(f);
    withImports(staticImports(f), seen);
  }
  return seen;
}

const gzipBytes = (files: Iterable<string>) => [...files].reduce((sum, f) => sum + gzipSync(readFileSync(join(ASSETS, f))).length, 0);

/**
 * The scripts a phone runs before its first view: what index.html loads (the entry, its module preloads and their
 * static imports), then the larger of the two languages' text chunks with what they import and the entry has not.
 */
function firstViewScripts(): string[] {
  const html = readFileSync(join(ASSETS, 'index.html'), 'utf8');
  const entry = withImports([...new Set([...html.matchAll(/(?:src|href)="\.\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!))]);
  const entryCode = [...entry].map((f) => readFileSync(join(ASSETS, f), 'utf8')).join('\n');
  const languages = (['da', 'en'] as const).map((lang) => {
    const chunk = entryCode.match(new RegExp(`"\\./(${lang}-[\\w-]+\\.js)"`))?.[1];
    if (!chunk) throw new Error(`The build has no ${lang} texts chunk the entry loads: is the language still lazily loaded?`);
    return [...withImports([`assets/${chunk}`], new Set(entry))].filter((f) => !entry.has(f));
  });
  const larger = languages.reduce((a, b) => (gzipBytes(a) >= gzipBytes(b) ? a : b));
  return [...entry, ...larger];
}

export const benches: Bench[] = [
  {
    names: ['phone.first_view_js_gzip_kb'],
    async run(report) {
      const files = firstViewScripts();
      const bytes = gzipBytes(files);
      report({ name: 'phone.first_view_js_gzip_kb', value: Math.round(bytes / 1024), unit: 'KB', goal: '< 300', files });
    },
  },
  {
    names: ['phone.inbox_ready_ms'],
    async run(report) {
      const web = await startWeb();
      const browser = await launchBrowser();
      const samples: number[] = [];
      try {
        const setup = await browser.newPage();
        await setup.goto(web.url);
        await setup.waitForSelector('[data-view]');
        for (let i = 0; i < CONVERSATIONS; i++) {
          await besked(setup, 'sandbox.reply', { phone: `+45${String(20300000 + i * 7)}`, text: `Hej, har I åbent i morgen? (${i})` });
        }
        await setup.close();
        for (let run = 0; run < RUNS; run++) {
          // A fresh context each run: nothing cached.
          const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
          const page = await context.newPage();
          const cdp = await context.newCDPSession(page);
          await cdp.send('Network.enable');
          await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
          const t0 = performance.now();
          await page.goto(`${web.url}#/inbox`);
          // Interactive: the last of the 200 is listed and a tap on the first opens it.
          // (globalThis is the page's window there; the bench is compiled without the DOM.)
          type Doc = { document: { querySelectorAll(s: string): { length: number } } };
          await page.waitForFunction((n) => (globalThis as unknown as Doc).document.querySelectorAll('[data-testid^="conversation-"]').length >= n, CONVERSATIONS, {
            timeout: 60_000,
            polling: 50,
          });
          samples.push(performance.now() - t0);
          await page.locator('[data-testid^="conversation-"]').first().tap();
          await page.waitForSelector('[data-testid="reply-input"]', { timeout: 60_000 });
          await context.close();
        }
      } finally {
        await browser.close();
        await web.stop();
        rmSync(web.dataDir, { recursive: true, force: true });
      }
      report({ name: 'phone.inbox_ready_ms', value: Math.round(median(samples)), unit: 'ms', goal: '< 2500', runs: samples.map(Math.round) });
    },
  },
];
