// Shared set-up steps of `npm start` and `npm test`: plain Node, no dependencies,
// because they run before anything is installed.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");

export function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { stdio: "inherit", cwd: root, ...options });
  if (result.status !== 0) {
    console.error(`\n✗ ${cmd} ${args.join(" ")} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
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

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds the app unless the build is newer than every source file. */
export function ensureBuilt(buildDir = "build", env = {}) {
  const serverBuild = path.join(root, buildDir, "index.js");
  const sources = Math.max(
    newestMtime(path.join(root, "app")),
    statSync(path.join(root, "remix.config.js")).mtimeMs,
    statSync(path.join(root, "package-lock.json")).mtimeMs,
  );
  if (existsSync(serverBuild) && statSync(serverBuild).mtimeMs > sources) return false;
  console.log("Building the app…");
  run("npx", ["remix", "build"], { env: { ...process.env, ...env } });
  return true;
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
