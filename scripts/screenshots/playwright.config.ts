import { defineConfig } from "@playwright/test";
import base from "../../playwright.config";

// The closing notes' screenshots (`npm run screenshots`): the pages a new capability adds, taken
// from a server of the seeded demo district like the browser tests' own. Not a test: nothing
// here is asserted beyond what it needs to reach a page, and CI does not run it.
const port = Number(process.env.E2E_PORT ?? 3290);

export default defineConfig({
  ...base,
  testDir: ".",
  testMatch: /pages\.spec\.ts$/,
  timeout: 600_000,
  outputDir: "../../.tmp/screenshots-results",
  use: { ...base.use, baseURL: `http://localhost:${port}` },
  projects: [{ name: "screenshots" }],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    cwd: "../..",
    url: `http://localhost:${port}/login`,
    timeout: 240_000,
    reuseExistingServer: false,
    env: { E2E_PORT: String(port) },
    stdout: "ignore",
    stderr: "pipe",
  },
});
