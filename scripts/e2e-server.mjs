// The server the browser tests drive: its own build folder, and a fresh copy of a seeded
// demo database (seeded once into a template, re-seeded only when the schema or seed changes).
import { spawn } from "node:child_process";
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ensureBuilt, root, run } from "./lib/setup.mjs";
import { SERVER_PRELOADS } from "./lib/preloads.mjs";

const port = process.env.E2E_PORT ?? "3210";
// A second server of the same run (the account flows' one) reuses the first one's build and template.
const shared = process.env.E2E_BUILD_PORT ?? port;
const buildDir = `.tmp/e2e-build-${shared}`;
// Every server of a run, and the seed of their template, live on one fixed day: the specs place
// screening windows around it (tests/e2e/support/fixed-clock.mjs says why; school-year.ts names the day).
process.env.E2E_TODAY ??= "2026-03-11";
const env = {
  ...process.env,
  REMIX_BUILD_DIR: buildDir,
  REMIX_ASSETS_DIR: `${buildDir}/public`,
};
// Likewise its build: rebuilding under the running first server would delete the scripts its pages load.
if (!(process.env.E2E_BUILD_PORT !== undefined && existsSync(path.join(root, buildDir, "index.js")))) ensureBuilt(buildDir, env);
process.env.NODE_OPTIONS = [process.env.NODE_OPTIONS, `--import=${new URL("../tests/e2e/support/fixed-clock.mjs", import.meta.url).href}`]
  .filter(Boolean)
  .join(" ");

/** @param {string} dir */
function newest(dir) {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    n = Math.max(n, e.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return n;
}

const template = path.join(root, `.tmp/e2e-template-${shared}`);
const stamp = path.join(template, ".seeded");
const inputs = Math.max(...["app/db", "app/domain", "app/api", "scripts/seed"].map((d) => newest(path.join(root, d))));
// The second server of a run reuses the template as the first one left it: re-seeding it here,
// because a source file changed meanwhile, would give it new ids the first server's data lacks.
const reuse = process.env.E2E_BUILD_PORT !== undefined && existsSync(stamp);
// The stamp names the day the template was seeded on: another day means other windows and ages.
const seededOn = `E2E_TODAY=${process.env.E2E_TODAY}`;
if (!reuse && (!existsSync(stamp) || statSync(stamp).mtimeMs < inputs || readFileSync(stamp, "utf8") !== seededOn)) {
  rmSync(template, { recursive: true, force: true });
  run("npx", ["tsx", "scripts/seed.ts", "--quiet"], { env: { ...process.env, DATA_DIR: template, DATABASE_URL: "" } });
  writeFileSync(stamp, seededOn);
}
const dataDir = path.join(root, `.tmp/e2e-data-${port}`);
rmSync(dataDir, { recursive: true, force: true });
cpSync(template, dataDir, { recursive: true });
// Rows a server's own tests need on top of the demo district.
if (process.env.E2E_EXTRA_SEED) {
  run("npx", ["tsx", process.env.E2E_EXTRA_SEED], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" } });
}

const server = spawn("npx", ["remix-serve", `${buildDir}/index.js`], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...env,
    NODE_ENV: "production",
    PORT: port,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    // COOKIE_SECURE stays unset: the servers run what an install gets by default (issue 13 item 1).
    ALLOW_FLAG_OVERRIDE: "1",
    SESSION_SECRET: "e2e-secret",
    // As npm start: the server's preloads (scripts/lib/preloads.mjs: socket address, admission).
    NODE_OPTIONS: [process.env.NODE_OPTIONS, ...SERVER_PRELOADS.map((url) => `--import=${url}`)].filter(Boolean).join(" "),
  },
});
for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"])) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
