import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // End-to-end tests start real servers and child processes; none of them sleeps.
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    restoreMocks: true,
  },
});
