import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['../shared/vitest.setup.ts', './vitest.setup.ts'],
  },
});
