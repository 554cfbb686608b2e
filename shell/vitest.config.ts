import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    // Component tests render React in jsdom: on a loaded two-core CI machine one test can take several
    // seconds, so the 5 s default cut off tests that pass; a hang still fails.
    testTimeout: 20_000,
    globals: true,
    setupFiles: ['../shared/vitest.setup.ts'],
  },
});
