// Test projects: unit (pure, fast), integration (simulator over real HTTP, SQLite on disk),
// keychain (real gnome-keyring, run by scripts/keychain-tests.mjs), electron (the built main process under a
// double of Electron), e2e (web mode in Chromium). electron and e2e need `npm run build` first.
import { defineConfig } from 'vitest/config';
import vue from '@vitejs/plugin-vue';
import LongestFirst from './test/file-order';

export default defineConfig({
  test: {
    // The longest files start first, also on a clean clone without vitest's timings (test/file-order.ts).
    sequence: { sequencer: LongestFirst },
    projects: [
      // The Vue plugin lets the renderer's component tests (happy-dom, chosen per file) mount .vue files.
      // Unit files are CPU-bound and integration files mostly wait: run together, three at a time, they keep both cores busy.
      {
        plugins: [vue()],
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
          maxWorkers: 3,
          // As in integration: a worker keeps Vue, Naive UI and the stores it loaded for its next file (alone the project
          // took 139 s isolated, 69-78 s not; 92-105 s with the files shuffled, every test passing). A file that loads the
          // component library runs in happy-dom, as the library decides once per load whether it is in a browser.
          isolate: false,
          sequence: { groupOrder: 1 },
          // A component test mounts Naive UI in happy-dom: ~1 s alone, several times that on a loaded CI machine, where
          // vitest's 5 s default ended tests that were only slow. A hung test still ends, 20 s later.
          testTimeout: 20_000,
          hookTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          // These files mostly wait on real HTTP, child processes and timers, not on the CPU: three at a time.
          maxWorkers: 3,
          // A worker keeps the modules it loaded for its next file instead of loading the core's few hundred again for
          // each (1.6 s a file, 389 of the project's 485 s of worker time): every file starts its own cores, simulators
          // and databases, and none mocks a module, stubs a global or leaves the environment changed.
          isolate: false,
          // Projects with the same worker count share a group (vitest); each group runs after the one before.
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'keychain',
          include: ['test/keychain/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'electron',
          include: ['test/electron/**/*.test.ts'],
          environment: 'node',
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // Each file starts its own web core, simulator and Chromium; they mostly wait (for polls, pages, the
          // simulator), so two files at a time halve the wall time on two cores without starving either.
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
          // expect.poll gives up after 1 s by default. With two Chromiums and two cores on a loaded CI machine, a
          // theme switch (Naive UI writes its styles again) once took longer than that after a reload, and the test
          // failed on a page that was right. A poll that succeeds returns at once, so a longer limit costs nothing.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
