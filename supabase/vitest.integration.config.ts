import { defineConfig } from 'vitest/config';

// Integration tests start real stacks (PGlite + HTTP): long timeouts, one file at a time (2 cores).
export default defineConfig({
  test: {
    include: [
      'test/integration/**/*.test.ts',
      'stack/**/*.integration.test.ts',
      // Tests at a scale only PostgreSQL loads in seconds (see the folder's tests): its pass only.
      ...(process.env.STACK_TEST_ENGINE === 'postgres' ? ['test/integration-postgres/**/*.test.ts'] : []),
    ],
    exclude: ['**/node_modules/**'],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 240_000,
    fileParallelism: false,
    maxWorkers: 1,
    pool: 'forks',
  },
});
