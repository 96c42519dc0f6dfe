// Shared set-up steps of `npm start` and `npm test`: plain Node, no dependencies,
// because they run before anything is installed.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { precompressDir } from "./precompress.mjs";

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");

const seconds = (/** @type {number} */ since) => `${Math.round((performance.now() - since) / 1000)} s`;

/**
 * @param {string} cmd
 * @param {string[]} args
 * @param {{ status: number | null, signal: NodeJS.Signals | null }} result
 * @param {number} started
 * @returns {never}
 */
function exitFailed(cmd, args, { status, signal }, started) {
  console.error(`\n✗ ${cmd} ${args.join(" ")} failed (exit ${status ?? signal}) after ${seconds(started)}`);
  process.exit(status ?? 1);
}

/**
 * @param {string} cmd
 * @param {string[]} args
 * @param {import("node:child_process").SpawnSyncOptions} [options]
 */
export function run(cmd, args, options = {}) {
  const started = performance.now();
  const result = spawnSync(cmd, args, { stdio: "inherit", cwd: root, ...options });
  if (result.status !== 0) exitFailed(cmd, args, result, started);
  // A CI log shows where the time went.
  console.log(`✓ ${cmd} ${args.slice(0, 2).join(" ")}… ${seconds(started)}`);
}

/** @typedef {{ cmd: string, args: string[], status: number | null, signal: NodeJS.Signals | null, output: Buffer }} Finished */

/**
 * Runs independent commands at once, each one's output printed whole when it ends (so the log
 * reads as if they ran in turn); exits as `run` does when any of them fails.
 * @param {[cmd: string, args: string[]][]} commands
 */
export async function runTogether(commands) {
  const started = performance.now();
  const results = await Promise.all(
    commands.map(
      ([cmd, args]) =>
        new Promise((/** @type {(finished: Finished) => void} */ resolve) => {
          const child = spawn(cmd, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
          /** @type {Buffer[]} */
          const output = [];
          child.stdout.on("data", (chunk) => output.push(chunk));
          child.stderr.on("data", (chunk) => output.push(chunk));
          child.on("close", (status, signal) => resolve({ cmd, args, status, signal, output: Buffer.concat(output) }));
        }),
    ),
  );
  for (const { output } of results) process.stdout.write(output);
  const failed = results.find((r) => r.status !== 0);
  if (failed) exitFailed(failed.cmd, failed.args, failed, started);
  console.log(`✓ ${commands.map(([cmd, args]) => `${cmd} ${args[0]}`).join(", ")}: ${seconds(started)}`);
}

/**
 * Installs exactly the lockfile (`npm ci`) on a fresh checkout; when node_modules exists but is
 * older than the lockfile, `npm install` brings it up to date without starting from nothing.
 */
export function ensureInstalled() {
  const marker = path.join(root, "node_modules/.package-lock.json");
  const lock = path.join(root, "package-lock.json");
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log("Installing dependencies…");
  run("npm", [existsSync(marker) ? "install" : "ci", "--no-audit", "--no-fund"]);
}

/** @param {string} dir */
function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * Builds the app unless the build is newer than every source file.
 * @param {string} [buildDir]
 * @param {Record<string, string | undefined>} [env]
 */
export function ensureBuilt(buildDir = "build", env = {}) {
  const serverBuild = path.join(root, buildDir, "index.js");
  const sources = Math.max(
    newestMtime(path.join(root, "app")),
    statSync(path.join(root, "remix.config.js")).mtimeMs,
    statSync(path.join(root, "package-lock.json")).mtimeMs,
    statSync(path.join(root, "scripts/lib/precompress.mjs")).mtimeMs,
  );
  if (existsSync(serverBuild) && statSync(serverBuild).mtimeMs > sources) return false;
  console.log("Building the app…");
  buildInto(buildDir, env);
  return true;
}

/**
 * Builds the app into `buildDir` (its assets into `buildDir`/public, except the default "build"
 * whose assets go to public/build) and writes the assets' compressed twins, which remix-serve
 * sends as they are. `quiet` keeps the compiler's progress lines out of a benchmark's log.
 * @param {string} [buildDir]
 * @param {Record<string, string | undefined>} [env]
 * @param {{ quiet?: boolean }} [options]
 */
export function buildInto(buildDir = "build", env = {}, { quiet = false } = {}) {
  const dirs = buildDir === "build" ? {} : { REMIX_BUILD_DIR: buildDir, REMIX_ASSETS_DIR: `${buildDir}/public` };
  run(process.execPath, [path.join(root, "node_modules/@remix-run/dev/dist/cli.js"), "build"], {
    env: { ...process.env, ...dirs, ...env },
    stdio: quiet ? ["ignore", "ignore", "inherit"] : "inherit",
  });
  precompressDir(path.join(root, dirs.REMIX_ASSETS_DIR ?? "public/build"));
}

export function hasChromium() {
  return existsSync(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium");
}

/** Debian's Chromium drives the browser tests (Playwright's own download is not reachable). */
export function ensureChromium() {
  if (hasChromium()) return;
  if (process.getuid?.() !== 0) {
    console.error("Chromium is missing: install it with `sudo apt-get install -y chromium` (or set CHROMIUM_PATH).");
    process.exit(1);
  }
  console.log("Installing Chromium from Debian's packages…");
  run("apt-get", ["update", "-qq"]);
  run("apt-get", ["install", "-y", "-qq", "chromium"], { env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
}

/** Poppler's pdftotext and pdftoppm: the family report's browser tests read the PDFs Chromium prints. */
export function hasPdfTools() {
  return ["pdftotext", "pdftoppm"].every((tool) => spawnSync(tool, ["-v"], { stdio: "ignore" }).error === undefined);
}

/** Debian's poppler-utils, installed the way Chromium is. */
export function ensurePdfTools() {
  if (hasPdfTools()) return;
  if (process.getuid?.() !== 0) {
    console.error("pdftotext is missing: install it with `sudo apt-get install -y poppler-utils`.");
    process.exit(1);
  }
  console.log("Installing poppler-utils from Debian's packages…");
  run("apt-get", ["update", "-qq"]);
  run("apt-get", ["install", "-y", "-qq", "poppler-utils"], { env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
}

export function postgresUrl() {
  return process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
}

/** True when a PostgreSQL server answers at TEST_DATABASE_URL (or the local default). */
export function postgresReachable() {
  try {
    execFileSync(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `import pg from "pg"; const c = new pg.Client({ connectionString: process.argv[1], connectionTimeoutMillis: 3000 }); await c.connect(); await c.end();`,
        postgresUrl(),
      ],
      { cwd: root, stdio: "ignore", timeout: 10_000 },
    );
    return true;
  } catch {
    return false;
  }
}
