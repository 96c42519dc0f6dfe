// The server of tests/e2e/report-streaming.spec.ts (issue 15): a copy of the demo database with a
// 10,000-student district added (report-district-seed.ts). Its port derives from E2E_PORT, as the
// accounts server's does, so parallel runs do not collide.
const base = Number(process.env.E2E_PORT ?? 3210);

export const REPORT_PORT = base + 1300;
export const REPORT_URL = `http://localhost:${REPORT_PORT}`;
export const REPORT_DISTRICT = "Streaming Report District";
/** Written by the seed into the server's DATA_DIR: the district's id and the numbers the page must show. */
export const REPORT_FIXTURE_FILE = "report-district.json";
export const REPORT_DATA_DIR = `.tmp/e2e-data-${REPORT_PORT}`;

export function reportServerEnv(): Record<string, string> {
  return {
    E2E_PORT: String(REPORT_PORT),
    // Reuse the build and seeded template of the main e2e server, started before the tests.
    E2E_BUILD_PORT: String(base),
    E2E_EXTRA_SEED: "tests/e2e/support/report-district-seed.ts",
  };
}
