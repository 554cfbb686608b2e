import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./vitest.setup.ts'],
    // rsbuild/ is its own package (@prepper/rsbuild-config) with its own tests.
    exclude: [...configDefaults.exclude, 'rsbuild/**'],
  },
});
