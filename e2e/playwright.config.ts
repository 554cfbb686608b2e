import { tmpdir } from 'node:os';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, SHOP_URL } from './harness.ts';

// supabase-js needs a global WebSocket, which Node 20 only has behind a flag: give it to the workers.
if (
  typeof globalThis.WebSocket === 'undefined' &&
  !process.env.NODE_OPTIONS?.includes('--experimental-websocket')
) {
  process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --experimental-websocket`.trim();
}

/**
 * Browser tests of the composed production build. global-setup starts an isolated Supabase stack
 * (port 54331, fresh seeded database) and serves the already-built dists on 4000-4005; it builds nothing.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  globalSetup: './global-setup.ts',
  // Two cores shared with the servers: one browser at a time.
  workers: 1,
  fullyParallel: false,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  globalTimeout: 30 * 60_000,
  // One retry on CI only; a retried test is reported as flaky in the output, so it stays visible.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  // A second copy of the suite on other ports keeps its artifacts apart.
  outputDir: process.env.E2E_PORT_BASE
    ? `${tmpdir()}/readystock-e2e-results-${process.env.E2E_PORT_BASE}`
    : './test-results',
  use: {
    baseURL: SHOP_URL,
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    viewport: { width: 1280, height: 900 },
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
