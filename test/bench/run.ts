// `npm run bench [-- --filter substr]`: runs every test/bench/*.bench.ts and prints one JSON object per line.
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';
import type { Bench } from './harness';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const fi = args.indexOf('--filter');
const filter = fi >= 0 ? (args[fi + 1] ?? '') : '';

const files = readdirSync(here).filter((f) => f.endsWith('.bench.ts')).sort();
let failed = false;
for (const file of files) {
  const mod = (await import(pathToFileURL(join(here, file)).href)) as { benches: Bench[] };
  for (const bench of mod.benches) {
    if (filter && !bench.names.some((n) => n.includes(filter))) continue;
    try {
      await bench.run((figure) => {
        if (!filter || figure.name.includes(filter) || bench.names.some((n) => n.includes(filter))) {
          process.stdout.write(JSON.stringify(figure) + '\n');
        }
      });
    } catch (err) {
      failed = true;
      process.stderr.write(`bench ${bench.names.join(',')} failed: ${(err as Error).stack ?? String(err)}\n`);
    }
  }
}
process.exit(failed ? 1 : 0);
