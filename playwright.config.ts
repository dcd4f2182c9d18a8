import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4400);

/** Debian's Chromium, never a downloaded browser; flags for a closed network. */
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: chromium,
    trace: 'retain-on-failure',
    locale: 'zh-CN',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromium } }],
  webServer: {
    // A fresh embedded database for every run, seeded with the demo tenants.
    command: `rm -rf .e2e-data && node_modules/.bin/tsx server/src/index.ts`,
    url: `http://localhost:${PORT}/gateway/system/api/website/view?domain=localhost`,
    env: { PORT: String(PORT), DATA_DIR: '.e2e-data', DATABASE_URL: '', GATEWAY_PREFIX: '/gateway' },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
  },
});
