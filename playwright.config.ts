import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4400);
/** The WeCom, DingTalk and single sign-on stand-ins of this run, beside the site's port. */
const STANDINS = { wecom: PORT + 100, dingtalk: PORT + 101, oidc: PORT + 102 };
/** The answer every image captcha takes in this run's gateway (tests/e2e/signin-support.ts). */
const CAPTCHA_TEST_ANSWER = process.env.CAPTCHA_TEST_ANSWER ?? 'e2e7';

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

/** A data folder per port, so runs on different ports never wipe each other's. */
const E2E_DATA_DIR = `.e2e-data/${PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  // Whole flows (sign in, the home page, a dialog, a reload) on a 2-core machine.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: chromium,
    trace: 'retain-on-failure',
    locale: 'zh-CN',
  },
  projects: [
    // Tests of a demo user's first-time state that other files change on their way (E1006's profile).
    { name: 'first', testMatch: /supplement\.spec\.ts$/, use: { ...devices['Desktop Chrome'], launchOptions: chromium } },
    {
      name: 'chromium',
      testIgnore: /supplement\.spec\.ts$/,
      dependencies: ['first'],
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
    },
  ],
  webServer: [
    {
      // WeCom, DingTalk and an OpenID Connect provider on loopback, for the scan-code and SSO sign-ins.
      command: 'node_modules/.bin/tsx server/src/testing/standins/start.ts',
      url: `http://127.0.0.1:${STANDINS.oidc}/.well-known/openid-configuration`,
      env: {
        WECOM_PORT: String(STANDINS.wecom),
        DINGTALK_PORT: String(STANDINS.dingtalk),
        OIDC_PORT: String(STANDINS.oidc),
        SITE_ORIGINS: `http://localhost:${PORT},http://127.0.0.1:${PORT}`,
      },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
    },
    {
      // A fresh embedded database for every run, seeded with the demo tenants.
      command: `rm -rf ${E2E_DATA_DIR} && node_modules/.bin/tsx server/src/index.ts`,
      url: `http://localhost:${PORT}/gateway/system/api/website/view?domain=localhost`,
      env: {
        PORT: String(PORT),
        DATA_DIR: E2E_DATA_DIR,
        DATABASE_URL: '',
        GATEWAY_PREFIX: '/gateway',
        WECOM_BASE: `http://127.0.0.1:${STANDINS.wecom}`,
        DINGTALK_BASE: `http://127.0.0.1:${STANDINS.dingtalk}`,
        OIDC_ISSUER: `http://127.0.0.1:${STANDINS.oidc}`,
        CAPTCHA_TEST_ANSWER,
        // A test may count its calls under a client address of its own (X-Forwarded-For), so that
        // the per-address limits it reaches do not reach the other tests; without the header the
        // address is the connection's, as before.
        TRUST_PROXY: '1',
      },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
    },
  ],
});
