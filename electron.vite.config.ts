// Three builds: the main process (Electron shell + core), the sandboxed CommonJS preload, and the Vue renderer.
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import vue from '@vitejs/plugin-vue';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants as zlib } from 'node:zlib';
import { webManifest } from './scripts/web-manifest-plugin';
import { FIRST_TEXTS_INPUT, firstTexts } from './scripts/first-texts-plugin';

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          index: resolve('src-main/index.ts'),
          // The core's worker threads, each a bundle beside index.js (core/core-thread.ts finds them there).
          'backup-worker': resolve('src-main/core/backup/backup-worker.ts'),
          'import-worker': resolve('src-main/core/contacts/import/apply-worker.ts'),
        },
        // Bundles the threads only when run from source (core/thread-bundles.ts); the built app has its own bundles.
        external: ['esbuild'],
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { index: resolve('src-main/preload.ts') },
        // Sandboxed preloads cannot load ES modules.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src-renderer',
    build: {
      outDir: 'out/renderer',
      // electron-vite leaves the renderer unminified (Electron reads it from disk), but web mode serves it to phones
      // over the network: minified, the first view's script is a third of its size (phone.first_view_js_gzip_kb).
      minify: true,
      // The texts' early start is an entry of its own, so it runs while the app's script downloads (first-texts-plugin.ts).
      rollupOptions: { input: { index: resolve('src-renderer/index.html'), 'first-texts': resolve(FIRST_TEXTS_INPUT) } },
    },
    plugins: [
      vue(),
      webManifest(resolve('resources')),
      firstTexts(),
      // Each text file's brotli (at its best) and gzip beside it, for web mode and the team server to send as they are
      // (bridge/static-files.ts): made once here rather than on a server's CPU while its first users wait.
      compression({
        include: /\.(html|js|mjs|css|svg|json|webmanifest)$/,
        algorithms: [defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }), defineAlgorithm('gzip', { level: 9 })],
        logLevel: 'silent',
      }),
    ],
  },
});
