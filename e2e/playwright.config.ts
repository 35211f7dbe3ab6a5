import { defineConfig } from '@playwright/test';

/**
 * End-to-end suite: the production build served by the real server (started by global-setup.ts),
 * driven through Debian's chromium. No browser is ever downloaded: @playwright/test and
 * playwright-core have no install scripts, and every project points at /usr/bin/chromium.
 */
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/**
 * The longest specs go first (every screen in three languages and two sizes, and the audit of
 * every screen): started last, they ran on their own at the end while the other worker idled.
 * Workers take tests in the order of the projects.
 */
const LONGEST = ['**/screens.spec.ts', '**/accessibility.spec.ts'];

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: true,
  forbidOnly: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: '../test-results/e2e',
  use: {
    // global-setup.ts starts the server and sets this before any worker loads the config.
    baseURL: process.env.E2E_BASE_URL,
    browserName: 'chromium',
    launchOptions: chromium,
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    timezoneId: 'UTC',
    serviceWorkers: 'block',
    // A failed test keeps its trace: every action's DOM snapshot, the network and the console.
    // Not its screencast: recording one for every test, to keep it for the few that fail, cost
    // a third of the flows' time (docs/decisions.md); the failure screenshot stays.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'longest', testMatch: LONGEST },
    { name: 'flows', testIgnore: LONGEST },
  ],
});
