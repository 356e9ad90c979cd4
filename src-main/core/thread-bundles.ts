// The core's worker threads as one file each when Besked runs from its TypeScript source (web and server mode, the
// bench, the tests): a thread started through tsx registers tsx's loader in itself and loads its modules one by one
// through it, 0.5 s before it can work on a quiet machine and 0.85 s during an upload (bench contacts.import100k: the
// import's reading thread was not ready until a third of a second into the run). The same thread bundled by esbuild is
// ready in 0.23 s. A bundle is made in the background the first time a thread is wanted and kept in
// node_modules/.cache (where the bundle's own imports of packages resolve), with a hash of every source file it was
// made from; it is used only while each of those files still has that hash, so an edited source is never run stale.
// Until a bundle is ready, or where esbuild is missing, the thread starts through tsx as before. The built app never
// comes here: it runs the threads electron-vite bundled beside its main bundle.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The repository's node_modules/.cache: from src-main/core, two folders up. */
const CACHE_DIR = fileURLToPath(new URL('../../node_modules/.cache/besked-threads/', import.meta.url));

interface Manifest {
  /** The bundle's file name in CACHE_DIR. */
  bundle: string;
  /** Each source file the bundle was made from (absolute path) and the SHA-1 of the text it was made from. */
  inputs: Record<string, string>;
}

/** Each source's latest build, and whether it is still going: one at a time, another once a source changes. */
const builds = new Map<string, { done: Promise<string | null>; running: boolean }>();

const sha1 = (text: string | Uint8Array) => createHash('sha1').update(text).digest('hex');

function manifestPath(source: string): string {
  return join(CACHE_DIR, `${basename(source).replace(/\.ts$/, '')}-${sha1(source).slice(0, 12)}.json`);
}

/**
 * The bundle of the thread at `source` (a .ts file) when one is ready and made from the files as they are now; else
 * null, and one is made in the background for next time (once per process and source).
 */
export function freshBundle(source: URL): URL | null {
  const path = fileURLToPath(source);
  const bundle = bundleIfFresh(path);
  if (bundle) return pathToFileURL(bundle);
  if (!builds.get(path)?.running) {
    const build = { running: true, done: Promise.resolve<string | null>(null) };
    // A failed build leaves the thread to tsx, and the next start tries again; why it failed is said on stderr (no
    // logger reaches here), as Node says its own warnings.
    build.done = buildBundle(path)
      .catch((err: unknown) => {
        process.emitWarning(`Could not bundle ${basename(path)}; its thread starts through tsx: ${err instanceof Error ? err.message : String(err)}`, 'BeskedThreadBundle');
        return null;
      })
      .finally(() => (build.running = false));
    builds.set(path, build);
  }
  return null;
}

/** Resolves when the latest background build for `source` (if one was started) has ended: the bundle's path, or null. */
export function bundleBuilt(source: URL): Promise<string | null> {
  return builds.get(fileURLToPath(source))?.done ?? Promise.resolve(null);
}

function bundleIfFresh(path: string): string | null {
  let m: Manifest;
  try {
    m = JSON.parse(readFileSync(manifestPath(path), 'utf8')) as Manifest;
    for (const [file, hash] of Object.entries(m.inputs)) if (sha1(readFileSync(file)) !== hash) return null;
  } catch {
    // No manifest yet, a source file gone, or a bundle removed: made again.
    return null;
  }
  const bundle = join(CACHE_DIR, m.bundle);
  return existsSync(bundle) ? bundle : null;
}

async function buildBundle(path: string): Promise<string | null> {
  let esbuild: typeof import('esbuild');
  try {
    esbuild = await import('esbuild');
  } catch {
    return null;
  }
  const inputs: Record<string, string> = {};
  const result = await esbuild.build({
    entryPoints: [path],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Packages stay imports, found from the cache folder in node_modules: a native one (better-sqlite3) must.
    packages: 'external',
    write: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'hash-inputs',
        // Each source's hash is taken from the very text that goes into the bundle.
        setup(b) {
          b.onLoad({ filter: /\.([cm]?[jt]s|json)$/ }, async (args) => {
            const text = await readFile(args.path, 'utf8');
            inputs[args.path] = sha1(text);
            return { contents: text, loader: args.path.endsWith('.json') ? 'json' : args.path.endsWith('ts') ? 'ts' : 'js' };
          });
        },
      },
    ],
  });
  const code = result.outputFiles[0]!.contents;
  const name = `${basename(path).replace(/\.ts$/, '')}-${sha1(code).slice(0, 16)}.mjs`;
  mkdirSync(CACHE_DIR, { recursive: true });
  // Written aside and renamed: processes building the same thread at once each leave a whole file.
  writeWhole(join(CACHE_DIR, name), code);
  writeWhole(manifestPath(path), JSON.stringify({ bundle: name, inputs } satisfies Manifest));
  return join(CACHE_DIR, name);
}

function writeWhole(file: string, data: string | Uint8Array): void {
  const aside = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  writeFileSync(aside, data);
  renameSync(aside, file);
}
