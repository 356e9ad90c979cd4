// Starts one of the core's worker threads (a backup's copy, an import's save) from wherever the core runs: a built app
// runs the thread's own bundle beside the main bundle (electron.vite.config.ts names each one); run from TypeScript
// source (web and server mode, the tests) the thread runs a bundle made from that source (thread-bundles.ts), or,
// until one is ready, loads its .ts through tsx, whose loader a thread does not inherit.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { freshBundle } from './thread-bundles';

export interface ThreadModule {
  /** The bundled thread, e.g. new URL('./backup-worker.js', import.meta.url): beside the main bundle when built. */
  built: URL;
  /** The thread's TypeScript source, e.g. new URL('./backup-worker.ts', import.meta.url). */
  source: URL;
}

export function startCoreThread(module: ThreadModule, options: WorkerOptions = {}): Worker {
  if (existsSync(fileURLToPath(module.built))) return new Worker(module.built, options);
  // From source: the thread's bundle when one made from the sources as they are is ready (thread-bundles.ts).
  const bundle = freshBundle(module.source);
  // Without the parent's --import tsx: a bundle needs no loader.
  if (bundle) return new Worker(bundle, { ...options, execArgv: [] });
  const boot = `import('tsx/esm/api').then((t) => { t.register(); return import(${JSON.stringify(module.source.href)}); })`;
  return new Worker(boot, { ...options, eval: true, execArgv: [] });
}
