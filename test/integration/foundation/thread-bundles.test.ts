// The core's threads run from a bundle of their source when one made from the sources as they are now is ready, and
// through tsx otherwise: a source edited after its bundle was made is never run stale, and is bundled again.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { startCoreThread } from '../../../src-main/core/core-thread';
import { bundleBuilt, freshBundle } from '../../../src-main/core/thread-bundles';

const CACHE = fileURLToPath(new URL('../../../node_modules/.cache/besked-threads/', import.meta.url));
let dir: string;

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  // This test's own bundles and manifests, not the core's.
  for (const f of readdirSync(CACHE)) if (f.startsWith('answer-thread-')) rmSync(join(CACHE, f), { force: true });
});

/** A thread that answers with its helper's word, the helper being a module of its own. */
function writeThread(word: string): URL {
  // ES modules, as Besked's own sources are (its package.json says so).
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
  writeFileSync(join(dir, 'helper.ts'), `export const word: string = ${JSON.stringify(word)};\n`);
  const source = join(dir, 'answer-thread.ts');
  writeFileSync(source, "import { parentPort } from 'node:worker_threads';\nimport { word } from './helper';\nparentPort!.postMessage(word);\n");
  return pathToFileURL(source);
}

async function answer(source: URL): Promise<string> {
  const w: Worker = startCoreThread({ built: new URL('./no-bundle.js', source), source });
  try {
    return await new Promise<string>((resolve, reject) => {
      w.once('message', resolve);
      w.once('error', reject);
    });
  } finally {
    await w.terminate();
  }
}

describe('thread bundles from source', () => {
  it('runs the bundle once it is made, and never a bundle older than its sources', async () => {
    dir = mkdtempSync(join(tmpdir(), 'besked-threads-'));
    const source = writeThread('first');
    // No bundle yet: one is made in the background, and the thread runs through tsx meanwhile.
    expect(freshBundle(source)).toBeNull();
    expect(await answer(source)).toBe('first');
    const bundle = await bundleBuilt(source);
    expect(bundle).toMatch(/answer-thread-[0-9a-f]{16}\.mjs$/);
    expect(freshBundle(source)?.href).toBe(pathToFileURL(bundle!).href);
    expect(await answer(source)).toBe('first');

    // The helper changes: the bundle is stale, so the thread runs the source as it is, and a new bundle is made.
    writeThread('second');
    expect(freshBundle(source)).toBeNull();
    expect(await answer(source)).toBe('second');
    const again = await bundleBuilt(source);
    expect(again).not.toBe(bundle);
    expect(freshBundle(source)?.href).toBe(pathToFileURL(again!).href);
    expect(await answer(source)).toBe('second');
  });

  it('starts through tsx when the bundle was removed, and makes it again', async () => {
    dir = mkdtempSync(join(tmpdir(), 'besked-threads-'));
    const source = writeThread('kept');
    freshBundle(source);
    const bundle = (await bundleBuilt(source))!;
    rmSync(bundle);
    expect(freshBundle(source)).toBeNull();
    expect(await answer(source)).toBe('kept');
    expect(await bundleBuilt(source)).toBe(bundle);
    expect(freshBundle(source)).not.toBeNull();
  });

  it('says why a source could not be bundled, and leaves its thread to tsx', async () => {
    dir = mkdtempSync(join(tmpdir(), 'besked-threads-'));
    const source = writeThread('unused');
    writeFileSync(join(dir, 'helper.ts'), 'export const word: string = ;\n');
    const warnings: Error[] = [];
    const onWarning = (w: Error) => warnings.push(w);
    process.on('warning', onWarning);
    try {
      expect(freshBundle(source)).toBeNull();
      expect(await bundleBuilt(source)).toBeNull();
      await new Promise((r) => setImmediate(r));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.map((w) => [w.name, w.message])).toEqual([['BeskedThreadBundle', expect.stringMatching(/^Could not bundle answer-thread\.ts; its thread starts through tsx: /)]]);
  });
});
