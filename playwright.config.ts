import { defineConfig } from "@playwright/test";
import { ACCOUNTS_PORT, ACCOUNTS_URL, accountsServerEnv } from "./tests/e2e/support/account-env";

const port = Number(process.env.E2E_PORT ?? 3210);

// Debian's Chromium: Playwright's own browser download is not reachable from this network.
export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: process.env.CI ? 2 : 1,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  outputDir: ".tmp/test-results",
  use: {
    baseURL: `http://localhost:${port}`,
    // A trace records every action's page and a screencast: on a two-core CI machine that is a sixth
    // of the suite's time, and a CI log cannot hand the trace back. The screenshot and the page's
    // ARIA snapshot in error-context.md still come with every failure.
    trace: process.env.CI ? "off" : "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    { name: "default", testIgnore: /account-.*\.spec\.ts$/ },
    // Account flows (issue 3): their own server with SMTP, single sign-on and a short idle time-out.
    { name: "accounts", testMatch: /account-.*\.spec\.ts$/, use: { baseURL: ACCOUNTS_URL } },
  ],
  webServer: [
    {
      command: "node scripts/e2e-server.mjs",
      url: `http://localhost:${port}/login`,
      timeout: 240_000,
      reuseExistingServer: false,
      env: { E2E_PORT: String(port) },
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // Started after the first, so it reuses that server's build and seeded template.
      command: "node scripts/e2e-server.mjs",
      url: `http://localhost:${ACCOUNTS_PORT}/login`,
      timeout: 240_000,
      reuseExistingServer: false,
      env: accountsServerEnv(),
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
