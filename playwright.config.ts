import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8181);
/** Port, data and build can be moved, so two runs can go side by side (E2E_PORT, E2E_DATA_DIR, DIST_DIR). */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';
const DIST_DIR = process.env.DIST_DIR ?? 'dist';

/**
 * Browser tests in Debian's Chromium (never a downloaded browser) against the real server on PGlite
 * with the demo school, serving the built app.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: process.env.E2E_REPORT ?? '.tmp/e2e-results.json' }], ['./tests/e2e/support/time-reporter.ts', { outputFile: process.env.E2E_TIME_REPORT ?? '.tmp/e2e-time.json' }]],
  globalSetup: './tests/e2e/global-setup.ts',
  use: {
    baseURL: `http://127.0.0.1:${PORT}/teacher/`,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    // The product honours the system's reduced-motion setting: popups and dialogs appear at once, so a
    // click never lands on one still moving in, and the run is shorter.
    reducedMotion: 'reduce',
    // The service worker precaches the whole app (some 270 files) in every new context: a quarter of a
    // test's time where it plays no part. The specs of offline work and the PWA allow it themselves.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    // A click that can never happen (covered, hidden) fails with its reason instead of using up the test's time.
    actionTimeout: 20_000,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && node --import tsx server/server.ts`,
    url: `http://127.0.0.1:${PORT}/teacher/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { PORT: String(PORT), DATA_DIR: E2E_DATA_DIR, DIST_DIR, DEMO_DATA: 'true', AUTH_RATE_LIMIT: '1000', DUPLICATE_CHECK_RATE_LIMIT: '1000', LOG_LEVEL: 'warn' },
  },
});
