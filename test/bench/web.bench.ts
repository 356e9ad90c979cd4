// Web mode's cold start: from spawning the process until the first view has rendered in Chromium.
import { rmSync } from 'node:fs';
import type { Bench } from './harness';
import { launchBrowser, startWeb } from '../e2e/harness';

export const benches: Bench[] = [
  {
    names: ['web.cold_start_ms'],
    async run(report) {
      const browser = await launchBrowser();
      const samples: number[] = [];
      try {
        for (let i = 0; i < 3; i++) {
          const t0 = performance.now();
          const web = await startWeb();
          const page = await browser.newPage();
          await page.goto(web.url);
          await page.waitForSelector('[data-view]');
          samples.push(performance.now() - t0);
          await page.close();
          await web.stop();
          rmSync(web.dataDir, { recursive: true, force: true });
        }
      } finally {
        await browser.close();
      }
      samples.sort((a, b) => a - b);
      report({ name: 'web.cold_start_ms', value: Math.round(samples[1]!), unit: 'ms', runs: samples.map(Math.round) });
    },
  },
];
