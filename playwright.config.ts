import { defineConfig } from '@playwright/test';
import { BUILD_DIR, E2E_WORKERS, SERVER_ORIGIN, lane } from './tests/e2e/support/server.ts';

/**
 * Browser tests in Debian's Chromium (never a downloaded browser) against the real server on PGlite
 * with the demo school, serving the built app.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Files are handed to the workers as they come free; the tests of one file run in order.
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: process.env.E2E_REPORT ?? '.tmp/e2e-results.json' }], ['./tests/e2e/support/time-reporter.ts', { outputFile: process.env.E2E_TIME_REPORT ?? '.tmp/e2e-time.json' }]],
  globalSetup: './tests/e2e/global-setup.ts',
  projects: [
    { name: 'chromium', testIgnore: /webkit\// },
    // An iPhone's engine: WebKitGTK through WebKit's own WebDriver (tests/e2e/webkit/support/webkit-phone.ts).
    // Its specs drive it with selenium-webdriver and open no Playwright browser; they share the lanes' servers.
    { name: 'webkit', testMatch: /webkit\/.*\.spec\.ts$/ },
  ],
  use: {
    baseURL: `${SERVER_ORIGIN}/teacher/`,
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
  webServer: Array.from({ length: E2E_WORKERS }, (_, index) => {
    const { port, dir, dataDir, distDir } = lane(index);
    return {
      command: `rm -rf '${dir}' && mkdir -p '${dir}' && cp -r '${BUILD_DIR}' '${distDir}' && node dist-server/server.mjs`,
      url: `http://127.0.0.1:${port}/teacher/`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
      env: { PORT: String(port), DATA_DIR: dataDir, DIST_DIR: distDir, DEMO_DATA: 'true', AUTH_RATE_LIMIT: '1000', DUPLICATE_CHECK_RATE_LIMIT: '1000', LOG_LEVEL: 'warn', CHECK_ANSWERS: 'true' },
    };
  }),
});
