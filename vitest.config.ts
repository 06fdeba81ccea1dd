import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // End-to-end tests start real servers and child processes; none of them sleeps. The timeouts
    // catch a hang, they measure no speed: on a loaded 2-core machine a CPU-heavy test (the
    // 110,000-client flood) took 17-28 s alone, so 20 s failed tests that were only slow.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Measured in docs/testing.md. Two workers on CI's two cores: vitest's default there is one
    // (cores - 1), which leaves a core idle while a file waits for its servers, browser or child
    // processes. Files share their worker's module cache (no re-import of the same modules for
    // each of ~170 files, about half the suite's CPU time); the state a file must not inherit
    // is reset before each file by test/helpers/per-file.ts.
    maxWorkers: 2,
    isolate: false,
    setupFiles: ['test/helpers/per-file.ts'],
    restoreMocks: true,
  },
});
