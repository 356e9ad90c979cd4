// Three builds: the main process (Electron shell + core), the sandboxed CommonJS preload, and the Vue renderer.
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import vue from '@vitejs/plugin-vue';
import { webManifest } from './scripts/web-manifest-plugin';

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
      rollupOptions: { input: resolve('src-renderer/index.html') },
    },
    plugins: [vue(), webManifest(resolve('resources'))],
  },
});
