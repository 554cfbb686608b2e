import { defineConfig } from 'vitest/config';

// Fast tests: no server, no database files (integration tests run with test:integration).
export default defineConfig({
  test: {
    include: ['stack/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/*.integration.test.ts'],
    environment: 'node',
  },
});
