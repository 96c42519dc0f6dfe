// npm test [unit|api|e2e …]: installs what is missing, then runs every suite (or the named ones).
import { ensureChromium, ensureInstalled, ensurePdfTools, postgresReachable, postgresUrl, run, runTogether } from "./lib/setup.mjs";

const wanted = process.argv.slice(2).filter((a) => !a.startsWith("-"));
const extra = process.argv.slice(2).filter((a) => a.startsWith("-"));
const suites = wanted.length ? wanted : ["unit", "api", "e2e"];

ensureInstalled();
// Types, lint (floors, hooks, accessibility of JSX) and formatting are part of every run; they
// read the same files and change nothing, so they run side by side.
await runTogether([
  ["npx", ["tsc", "--noEmit"]],
  ["npx", ["eslint", "--max-warnings=0", "."]],
  ["npx", ["prettier", "--check", "--log-level=warn", "."]],
]);

const projects = [];
if (suites.includes("unit")) projects.push("unit", "unit-isolated");
if (suites.includes("api")) {
  projects.push("api-pglite");
  if (postgresReachable()) {
    projects.push("api-postgres");
    process.env.TEST_DATABASE_URL = postgresUrl();
  } else if (process.env.REQUIRE_POSTGRES === "1") {
    console.error(`✗ PostgreSQL is not reachable at ${postgresUrl()}, and REQUIRE_POSTGRES=1.`);
    process.exit(1);
  } else {
    console.warn(`! PostgreSQL is not reachable at ${postgresUrl()}: the API suite runs on PGlite only.`);
  }
}
if (projects.length) run("npx", ["vitest", "run", ...projects.flatMap((p) => ["--project", p]), ...extra]);

if (suites.includes("e2e")) {
  ensureChromium();
  ensurePdfTools();
  run("npx", ["playwright", "test", ...extra]);
}
