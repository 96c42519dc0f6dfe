// npm run bench [-- --sizes 1000,100000] [--engines pglite,postgres] [--duration 5] [--skip-browser]
//                [--browser-runs 10] [--quick] [--skip-load] [--skip-cold] [--rounds 3] [--slices 15]
// npm run bench -- --soak [--scenario peak|capacity|overload|all] [--users N] [--duration S] (scripts/bench/soak.ts)
// npm run bench -- --report bench/results/latest.json (the Markdown of a saved run, rendered again)
// npm run bench -- --roster [--students 100000] [--classes 5000] [--enrollments 200000] [--engines pglite,postgres] (scripts/bench/roster.ts)
// Issue 6: speed, page weight and scale, measured side by side in one command. Every speed
// figure is read against the floor route measured on the same server in the same run.
// Never part of `npm test`. Loopback only; every loop is bounded.
import { type ChildProcess, execFileSync, spawnSync } from "node:child_process";
import { cpus, loadavg, totalmem, release } from "node:os";
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { first, itemAt } from "#app/domain/presence";
import { buildInto } from "../lib/setup.mjs";
import { checkAssets, type AssetCheck } from "./assets";
import {
  entrySummary,
  measureBrowser,
  measureDialog,
  measureEntry,
  CPU_RATE,
  NETWORK,
  type BrowserRun,
  type DialogRun,
  type EntryRun,
} from "./browser";
import { BENCH_PASSWORD, cacheKey, ensureDistrict, SIGN_INS, type Engine, type Fixture } from "./generate";
import { load, type Before, type LoadResult } from "./load";
import { renderMarkdown, sizeLabel, summarise } from "./report";
import { signIn, startServer } from "./server";
import { dataUrl, targets, type Role } from "./targets";
import { WeightMeter, type PageWeight } from "./weight";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const argv = process.argv.slice(2);
const arg = (name: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
// --roster: a OneRoster import at district scale (issue 16), a run of its own.
if (argv.includes("--roster")) {
  const { rosterFromArgs } = await import("./roster");
  await rosterFromArgs(argv);
  process.exit(0);
}
// --soak: the screening window on the production cluster, readers and writers (issue 36 §2), a run of its own.
if (argv.includes("--soak")) {
  const { soakFromArgs } = await import("./soak");
  await soakFromArgs(argv);
  process.exit(0);
}
// --report <file.json>: the Markdown of a saved run, rendered again by this report.ts.
if (arg("report")) {
  console.log(renderMarkdown(JSON.parse(readFileSync(path.resolve(arg("report")!), "utf8")) as never));
  process.exit(0);
}
const quick = argv.includes("--quick");
const opts = {
  sizes: (arg("sizes") ?? (quick ? "1000" : "1000,100000")).split(",").map(Number),
  engines: (arg("engines") ?? (quick ? "pglite" : "pglite,postgres")).split(",") as Engine[],
  duration: Number(arg("duration") ?? (quick ? 2 : 5)),
  connections: [1, 20],
  skipBrowser: argv.includes("--skip-browser"),
  // The request-rate runs take most of the time; this keeps weight and browser figures only.
  skipLoad: argv.includes("--skip-load"),
  // The cold runs (each page request after every kept copy was invalidated) add about half the load time.
  skipCold: argv.includes("--skip-cold"),
  browserRuns: Number(arg("browser-runs") ?? (quick ? 3 : 10)),
  // The document runs are the ones read against the floor (issue 15's p50 ≤ 2× and ≥ 0.6×): each
  // page and the floor run this many times at each connection count, interleaved, and the median counts.
  rounds: Number(arg("rounds") ?? (quick ? 1 : 3)),
  // The 1-connection documents' slices (below), rounds × duration unless given: more slices, a
  // median that a busy stretch of a shared machine moves less, at ~9 s a slice a size.
  slices: arg("slices") === undefined ? null : Number(arg("slices")),
  postgresUrl: process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
  basePort: Number(process.env.BENCH_PORT ?? 3601),
};
if (opts.sizes.some((s) => !Number.isInteger(s) || s < 100 || s > 1_000_000))
  throw new Error("--sizes: whole numbers of students between 100 and 1,000,000");
if (!(opts.duration > 0 && opts.duration <= 60)) throw new Error("--duration: seconds, 1 to 60");
if (!(Number.isInteger(opts.rounds) && opts.rounds >= 1 && opts.rounds <= 9)) throw new Error("--rounds: a whole number, 1 to 9");
if (opts.slices !== null && !(Number.isInteger(opts.slices) && opts.slices >= 1 && opts.slices <= 99))
  throw new Error("--slices: a whole number, 1 to 99");

const t0 = Date.now();
const log = (s: string) => console.log(`[${((Date.now() - t0) / 1000).toFixed(0).padStart(4)} s] ${s}`);
const median = (xs: number[]) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (s.length === 0) return null;
  const mid = s.length >> 1;
  return s.length % 2 ? itemAt(s, mid) : (itemAt(s, mid - 1) + itemAt(s, mid)) / 2;
};

function machine() {
  const c = cpus();
  let git = "";
  try {
    git = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root }).toString().trim();
    if (execFileSync("git", ["status", "--porcelain", "app"], { cwd: root }).toString().trim()) git += " (+ uncommitted app changes)";
  } catch {
    /* not a checkout */
  }
  return {
    cpu: c[0]?.model ?? "unknown",
    cores: c.length,
    memoryGB: Number((totalmem() / 2 ** 30).toFixed(1)),
    node: process.version,
    kernel: release(),
    loadAverageAtStart: loadavg().map((x) => Number(x.toFixed(2))),
    commit: git,
  };
}

function postgresReachable(url: string): boolean {
  const r = spawnSync(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `import pg from "pg"; const c = new pg.Client({ connectionString: process.argv[1], connectionTimeoutMillis: 3000 }); await c.connect(); await c.end();`,
      url,
    ],
    { cwd: root, stdio: "ignore", timeout: 10_000 },
  );
  return r.status === 0;
}

export interface PageResult {
  key: string;
  label: string;
  status: string;
  url: string | null;
  docBytes: number | null;
  /** Every run, by connection count: the report summarises a page's runs as the floor's (report.ts `summarise`). */
  doc: Record<number, LoadResult[]>;
  data: Record<number, LoadResult[]>;
  /** The documents cold (report.ts): each request after the versions its kept data is keyed on were raised. */
  cold?: Record<number, LoadResult[]>;
}
export interface ServerResult {
  engine: Engine;
  size: number;
  floorRows: number;
  floorBytes: number;
  pages: PageResult[];
  /** The floor, measured before and after the pages at each connection count. */
  floor: { doc: Record<number, LoadResult[]>; data: Record<number, LoadResult[]> };
}

// ── 1. Build once, into the benchmark's own folder, with the floor route ──────────────────────
// BENCH_BUILD_DIR: a run of its own beside another engineer's (with BENCH_PORT), not over its build.
const buildRel = process.env.BENCH_BUILD_DIR ?? ".tmp/bench/build";
const buildDir = path.join(root, buildRel);
async function build() {
  log(`Building the app with the floor route (REMIX_BENCH_FLOOR=1) into ${buildRel}…`);
  rmSync(buildDir, { recursive: true, force: true });
  const started = Date.now();
  buildInto(buildRel, { NODE_ENV: "production", REMIX_BENCH_FLOOR: "1" }, { quiet: true });
  return (Date.now() - started) / 1000;
}

// ── 2. Districts ───────────────────────────────────────────────────────────────────────────
async function districts(engines: Engine[]) {
  const out: { engine: Engine; size: number; env: Record<string, string>; fixture: Fixture; cached: boolean; seconds: number }[] = [];
  for (const size of opts.sizes) {
    // Engines generate side by side: PGlite works in this process, PostgreSQL in its server.
    const made = await Promise.all(
      engines.map(async (engine) => {
        const started = Date.now();
        log(`District of ${size.toLocaleString("en-US")} students on ${engine}: ${cacheKey(root, size)}`);
        const g = await ensureDistrict(root, engine, size, opts.postgresUrl, (s) => log(`  [${engine} ${size}] ${s.trim()}`));
        const seconds = (Date.now() - started) / 1000;
        log(
          g.cached
            ? `  [${engine} ${size}] cached (generated ${g.fixture.generatedAt.slice(0, 10)} in ${g.fixture.generationSeconds.toFixed(0)} s)`
            : `  [${engine} ${size}] generated in ${seconds.toFixed(0)} s: ${JSON.stringify(g.fixture.counts)}`,
        );
        return { engine, size, env: g.env, fixture: g.fixture, cached: g.cached, seconds };
      }),
    );
    out.push(...made);
  }
  return out;
}

// ── 3. One server: resolve pages, calibrate the floor, load ───────────────────────────────
/**
 * A GET outside the measured runs (resolving pages, calibrating, warming up). On a loaded machine
 * the server may close a kept-alive connection just as the client reuses it ('other side closed',
 * before any answer): such a request is sent again, at most twice.
 */
async function get(url: string, init: RequestInit = {}): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, init);
    } catch (e) {
      const code = (e as { cause?: { code?: string } }).cause?.code;
      if (attempt >= 3 || code !== "UND_ERR_SOCKET") throw e;
    }
  }
}

async function resolvePage(origin: string, candidates: string[], cookie: string | undefined, marker?: (h: string) => boolean) {
  let last = "missing (404)";
  for (const url of candidates) {
    const res = await get(origin + url, { headers: cookie ? { cookie } : {}, redirect: "manual" });
    const html = await res.text();
    if (res.status === 404) continue;
    if (res.status !== 200) {
      last = `error (${res.status}${res.headers.get("location") ? ` → ${res.headers.get("location")}` : ""})`;
      continue;
    }
    if (marker && !marker(html)) {
      last = "missing (page without this content)";
      continue;
    }
    return { status: "ok", url, html };
  }
  return { status: last, url: null, html: null };
}

let floorRows: number | null = null;
async function calibrateFloor(origin: string, targetBytes: number) {
  const size = async (rows: number) => (await (await get(`${origin}/bench-floor?rows=${rows}`)).text()).length;
  const [a, b] = [await size(10), await size(110)];
  const perRow = (b - a) / 100;
  return Math.max(1, Math.min(5000, Math.round(10 + (targetBytes - a) / perRow)));
}

/** A started server of one engine and size, its pages resolved and warmed, ready to be loaded. */
type Started = Awaited<ReturnType<typeof startMeasured>>;

async function startMeasured(
  engine: Engine,
  size: number,
  env: Record<string, string>,
  fixture: Fixture,
  port: number,
  weights: Record<string, PageWeight>,
) {
  log(`Server ${engine} ${size.toLocaleString("en-US")} on :${port}`);
  const server = await startServer(root, buildDir, port, env, `${engine}-${size}`);
  running.add(server.child);
  server.child.once("exit", () => running.delete(server.child));
  try {
    const cookies: Partial<Record<Role, string>> = {};
    for (const [role, email] of Object.entries(SIGN_INS)) cookies[role as Role] = await signIn(server.origin, email, BENCH_PASSWORD);
    const invalidate = opts.skipLoad || opts.skipCold ? null : await invalidation(server.origin);
    const pages: PageResult[] = [];
    const present: { page: PageResult; headers: Record<string, string> }[] = [];
    for (const t of targets(fixture)) {
      const cookie = t.role === "anonymous" ? undefined : cookies[t.role];
      const r = await resolvePage(server.origin, t.candidates, cookie, t.marker);
      const page: PageResult = {
        key: t.key,
        label: t.label,
        status: r.status,
        url: r.url,
        docBytes: r.html === null ? null : Buffer.byteLength(r.html),
        doc: {},
        data: {},
      };
      pages.push(page);
      log(`  ${t.label.padEnd(30)} ${r.status}${r.url ? ` ${r.url} (${(r.html!.length / 1024).toFixed(1)} KB)` : ""}`);
      if (r.html) {
        present.push({ page, headers: cookie ? { cookie } : {} });
        if (!weights[t.key]) weights[t.key] = meter.page(r.html);
      }
    }
    // The floor's HTML is sized like a typical page: the median of the present signed-in pages.
    if (floorRows === null) {
      const sizes = present.filter((p) => p.page.key !== "login").map((p) => p.page.docBytes!);
      floorRows = await calibrateFloor(server.origin, median(sizes) ?? 20_000);
    }
    const floorUrl = `/bench-floor?rows=${floorRows}`;
    const floorHtml = await (await get(server.origin + floorUrl)).text();
    if (!weights.floor) weights.floor = meter.page(floorHtml);
    log(`  ${"Floor".padEnd(30)} ${floorUrl} (${(floorHtml.length / 1024).toFixed(1)} KB)`);

    // Warm-up (JIT, database caches), not recorded: a bounded number of requests per URL.
    const all = [
      { url: floorUrl, headers: {} as Record<string, string> },
      ...present.map((p) => ({ url: p.page.url!, headers: p.headers })),
    ];
    for (const { url, headers } of all) {
      for (const u of [url, dataUrl(url)]) {
        for (let i = 0; i < 15; i++) await (await get(server.origin + u, { headers })).arrayBuffer();
      }
    }
    const floor: ServerResult["floor"] = { doc: {}, data: {} };
    const result: ServerResult = { engine, size, floorRows: floorRows!, floorBytes: floorHtml.length, pages, floor };
    return { result, present, floorUrl, cookies, origin: server.origin, server, invalidate };
  } catch (e) {
    await server.stop();
    throw e;
  }
}

const loadOn = (s: Started, url: string, headers: Record<string, string>, c: number, seconds = opts.duration, before?: Before) =>
  load({ url: s.origin + url, headers, connections: c, seconds, pid: s.server.pid, before });

/**
 * The request that makes a page cold: POST /api/kept-data/invalidate as the super admin (a bearer
 * token, so no cross-site check), which raises every version the kept copies of every process go
 * by (calendars and norms, grids, list totals, completion counts), so the next page request reads
 * them from the database again. Checked once here, so a cold run never measures warm pages.
 */
async function invalidation(origin: string): Promise<Before> {
  const res = await get(`${origin}/api/dashboard/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: SIGN_INS.super, password: BENCH_PASSWORD }),
  });
  const { token } = (await res.json()) as { token?: string };
  if (!res.ok || !token) throw new Error(`API sign-in as ${SIGN_INS.super} failed: ${res.status}`);
  const before: Before = {
    method: "POST",
    path: "/api/kept-data/invalidate",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: "{}",
  };
  const check = await get(origin + before.path, before);
  if (!check.ok) throw new Error(`POST ${before.path} answered ${check.status}: ${await check.text()}`);
  return before;
}

/**
 * The documents at 1 connection, on every size of one engine at once: slice by slice, the floor
 * on each server, then each page on each server in turn, the servers' order alternating. The
 * figures read across sizes (20k ÷ 1k) and against the floor (classroom p50 ÷ floor) then compare
 * runs seconds apart, not servers measured minutes apart on a shared machine whose speed drifts.
 * The time of --rounds runs of --duration goes into 1-second slices (15 by default; --slices sets
 * the number), every slice kept: the report's median of them moves with one busy moment no more
 * than with any other slice.
 */
async function singleConnectionDocs(group: Started[]) {
  const runs = new Map<PageResult, LoadResult[]>();
  const floors = async (order: Started[]) => {
    for (const s of order) (s.result.floor.doc[1] ??= []).push(await loadOn(s, s.floorUrl, {}, 1, 1));
  };
  const keys = [...new Set(group.flatMap((s) => s.present.map((p) => p.page.key)))];
  const slices = opts.slices ?? Math.max(1, Math.round(opts.rounds * opts.duration));
  for (let round = 1; round <= slices; round++) {
    const order = round % 2 ? group : [...group].reverse();
    await floors(order);
    for (const key of keys) {
      for (const s of order) {
        const p = s.present.find((q) => q.page.key === key);
        if (!p) continue;
        const r = await loadOn(s, p.page.url!, p.headers, 1, 1);
        const all = runs.get(p.page);
        if (all) all.push(r);
        else runs.set(p.page, [r]);
      }
    }
    log(
      `  c= 1 slice ${round} of ${slices}: ${group
        .map((s) => `${sizeLabel(s.result.size)} ${s.present.map(({ page }) => runs.get(page)!.at(-1)!.p50.toFixed(1)).join("/")} ms`)
        .join("; ")}`,
    );
  }
  await floors(slices % 2 ? [...group].reverse() : group);
  for (const [page, all] of runs) page.doc[1] = all;
  for (const s of group) {
    for (const { page } of s.present)
      log(
        `  ${sizeLabel(s.result.size).padStart(4)} c= 1 ${page.label.padEnd(30)} doc p50 ${summarise(page.doc[1])!.p50.toFixed(1)} ms (median of ${page.doc[1]?.length ?? 0})`,
      );
    log(
      `  ${sizeLabel(s.result.size).padStart(4)} c= 1 ${"Floor".padEnd(30)} doc p50 ${summarise(s.result.floor.doc[1])!.p50.toFixed(1)} ms (median of ${s.result.floor.doc[1]?.length ?? 0})`,
    );
  }
}

/** The rest on one server: the data requests at 1 connection, then everything at 20 (rounds of the documents). */
async function loadServer(s: Started) {
  const { present, floorUrl, result } = s;
  const floor = result.floor;
  for (const c of opts.connections) {
    if (c === 1) {
      (floor.data[1] ??= []).push(await loadOn(s, dataUrl(floorUrl), {}, 1));
      for (const { page, headers } of present) page.data[1] = [await loadOn(s, dataUrl(page.url!), headers, 1)];
      continue;
    }
    const runFloor = async () => {
      (floor.doc[c] ??= []).push(await loadOn(s, floorUrl, {}, c));
      (floor.data[c] ??= []).push(await loadOn(s, dataUrl(floorUrl), {}, c));
    };
    await runFloor();
    for (const { page, headers } of present) {
      const d = await loadOn(s, page.url!, headers, c);
      const data = await loadOn(s, dataUrl(page.url!), headers, c);
      page.doc[c] = [d];
      page.data[c] = [data];
      log(
        `  c=${String(c).padStart(2)} ${page.label.padEnd(30)} doc ${d.rps.toFixed(0).padStart(5)} req/s p50 ${d.p50.toFixed(1)} ms, data ${data.rps.toFixed(0)} req/s${d.non2xx ? `, ${d.non2xx} non-2xx` : ""}`,
      );
    }
    // More rounds: the floor, then every page, again and again, so a busy moment of a shared
    // machine falls on one round of each, not on one page's only run.
    for (let round = 2; round <= opts.rounds; round++) {
      (floor.doc[c] ??= []).push(await loadOn(s, floorUrl, {}, c));
      const latest: LoadResult[] = [];
      for (const { page, headers } of present) {
        const d = await loadOn(s, page.url!, headers, c);
        (page.doc[c] ??= []).push(d);
        latest.push(d);
      }
      log(`  c=${String(c).padStart(2)} round ${round} of ${opts.rounds}: ${latest.map((d) => d.rps.toFixed(0)).join(", ")} req/s`);
    }
    await runFloor();
    log(`  c=${String(c).padStart(2)} ${"Floor".padEnd(30)} doc ${(floor.doc[c] ?? []).map((r) => r.rps.toFixed(0)).join(" / ")} req/s`);
  }
  if (!opts.skipCold) await coldDocs(s);
}

/**
 * The documents cold, after every warm figure of the server (they leave the kept copies empty):
 * each page request follows an invalidation on the same connection, --rounds runs of --duration
 * at each connection count, the pages in turn within a round.
 */
async function coldDocs(s: Started) {
  if (!s.invalidate) return;
  for (const c of opts.connections) {
    for (let round = 1; round <= opts.rounds; round++) {
      const latest: LoadResult[] = [];
      for (const { page, headers } of s.present) {
        const d = await loadOn(s, page.url!, headers, c, opts.duration, s.invalidate!);
        ((page.cold ??= {})[c] ??= []).push(d);
        latest.push(d);
      }
      log(
        `  c=${String(c).padStart(2)} cold round ${round} of ${opts.rounds}: ${latest.map((d) => `${d.p50.toFixed(0)} ms`).join(", ")} p50`,
      );
    }
  }
}

// A stopped benchmark stops its servers (only the children it started).
const running = new Set<ChildProcess>();
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    for (const c of running) c.kill("SIGTERM");
    process.exit(130);
  });
}
process.once("exit", () => {
  for (const c of running) c.kill("SIGKILL");
});

// ── main ───────────────────────────────────────────────────────────────────────────────────
let meter: WeightMeter;
async function main() {
  const info = machine();
  log(`${info.cpu}, ${info.cores} cores, ${info.memoryGB} GB, load ${info.loadAverageAtStart.join(" ")}`);
  let engines = opts.engines;
  if (engines.includes("postgres") && !postgresReachable(opts.postgresUrl)) {
    log(`PostgreSQL is not reachable at ${opts.postgresUrl}: PGlite only.`);
    engines = engines.filter((e) => e !== "postgres");
  }
  const buildSeconds = await build();
  meter = new WeightMeter(root, buildDir);
  const dbs = await districts(engines);

  const weights: Record<string, PageWeight> = {};
  const servers: ServerResult[] = [];
  let assets: AssetCheck | null = null;
  let browser: {
    engine: Engine;
    size: number;
    runs: number;
    pages: Record<string, BrowserRun[]>;
    skipped: Record<string, string>;
    dialog: DialogRun[] | null;
    entry?: EntryRun[] | null;
  } | null = null;
  // The browser runs against the biggest district on the first engine.
  const browserOn = [...dbs].sort((a, b) => b.size - a.size || engines.indexOf(a.engine) - engines.indexOf(b.engine))[0];
  let port = opts.basePort;
  // One engine at a time, its sizes side by side: the 1-connection documents interleave across them.
  for (const engine of engines) {
    const group: Started[] = [];
    try {
      for (const db of dbs.filter((d) => d.engine === engine)) {
        group.push(await startMeasured(db.engine, db.size, db.env, db.fixture, port++, weights));
      }
      if (!opts.skipLoad) await singleConnectionDocs(group);
      for (const run of group) {
        if (!opts.skipLoad) await loadServer(run);
        servers.push(run.result);
        if (assets === null) {
          const w = weights.classroom ?? weights.login ?? weights.floor;
          if (!w) throw new Error("No page was weighed: the assets check needs one");
          const biggest = first(
            w.files.filter((f) => f.kind === "js").sort((a, b) => b.raw - a.raw),
            "a JavaScript file in the page's weight",
          );
          const css = w.files.find((f) => f.kind === "css");
          assets = await checkAssets(run.origin, run.server.pid, buildDir, biggest.file, css?.file ?? null, Math.min(opts.duration, 3));
        }
        const db = dbs.find((d) => d.engine === run.result.engine && d.size === run.result.size);
        if (!opts.skipBrowser && db && db === browserOn) {
          log(
            `Browser: ${opts.browserRuns} cold runs a page, CPU ${CPU_RATE}x, Slow 4G (${NETWORK.latency} ms, ${((NETWORK.downloadThroughput * 8) / 1024).toFixed(0)} kbit/s)`,
          );
          const byKey = Object.fromEntries(run.result.pages.map((p) => [p.key, p]));
          const want = [
            { key: "login", cookie: undefined },
            { key: "classroom", cookie: run.cookies.teacher },
            // The page's target signs in as school 1's admin (targets.ts): the teacher is refused (403).
            { key: "student", cookie: run.cookies.school },
          ];
          const skipped: Record<string, string> = {};
          const pages = [{ key: "floor", url: `/bench-floor?rows=${run.result.floorRows}` }] as {
            key: string;
            url: string;
            cookie?: string;
          }[];
          for (const w of want) {
            const p = byKey[w.key];
            if (p?.url) pages.push({ key: w.key, url: p.url, cookie: w.cookie });
            else skipped[w.key] = p?.status ?? "missing";
          }
          browser = {
            engine: db.engine,
            size: db.size,
            runs: opts.browserRuns,
            ...(await measureBrowser(run.origin, pages, opts.browserRuns, log)),
            skipped,
            dialog: null,
          };
          const classroom = pages.find((p) => p.key === "classroom");
          if (classroom) {
            log(`Click to letter dialog: ${opts.browserRuns} cold loads of the classroom page, CPU ${CPU_RATE}x`);
            browser.dialog = await measureDialog(run.origin, classroom, opts.browserRuns, log);
            // Last: each hop saves a letter test in the classroom (issue 40 item 4).
            log(`Letter entry: a tick, and Save and next student, ${opts.browserRuns} cold loads, CPU ${CPU_RATE}x`);
            browser.entry = await measureEntry(run.origin, classroom, opts.browserRuns, log);
          }
        }
      }
    } finally {
      for (const run of group) await run.server.stop();
    }
  }

  // The last figure is taken: how busy the machine was by the end (the report prints it beside the start's).
  const loadAverageAtEnd = loadavg().map((x) => Number(x.toFixed(2)));
  log(`Load average at end ${loadAverageAtEnd.join(" ")}`);
  const report = {
    version: 1,
    startedAt: new Date(t0).toISOString(),
    minutes: Number(((Date.now() - t0) / 60_000).toFixed(1)),
    machine: { ...info, loadAverageAtEnd },
    options: { ...opts, engines },
    buildSeconds,
    generation: dbs.map((d) => ({
      engine: d.engine,
      size: d.size,
      cached: d.cached,
      seconds: d.seconds,
      generationSeconds: d.fixture.generationSeconds,
      generatedAt: d.fixture.generatedAt,
      counts: d.fixture.counts,
    })),
    weights: Object.fromEntries(
      Object.entries(weights).map(([k, w]) => [
        k,
        {
          html: w.html,
          cssInline: w.cssInline,
          blocking: w.blocking,
          js: w.js,
          css: w.css,
          jsFramework: w.jsFramework,
          jsOurs: w.jsOurs,
          topOurs: w.topOurs,
          files: w.files.map((f) => ({
            file: f.file,
            kind: f.kind,
            raw: f.raw,
            gzip: f.gzip,
            brotli: f.brotli,
            framework: Number(f.framework.toFixed(3)),
          })),
        },
      ]),
    ),
    servers,
    browser: browser && {
      ...browser,
      network: NETWORK,
      cpuRate: CPU_RATE,
      summary: Object.fromEntries(
        Object.entries(browser.pages).map(([k, runs]) => [
          k,
          {
            fcp: median(runs.map((r) => r.fcp ?? NaN)),
            hydration: median(runs.map((r) => r.hydration ?? NaN)),
            tbt: median(runs.map((r) => r.tbt ?? NaN)),
            docBytes: median(runs.map((r) => r.docBytes ?? NaN)),
            docEnd: median(runs.map((r) => r.docEnd ?? NaN)),
            // Per run, then the median: the page's own render time at the emulated CPU.
            render: median(runs.map((r) => (r.fcp ?? NaN) - (r.docEnd ?? NaN))),
            blocking: [...new Set(runs.flatMap((r) => r.blocking ?? []))],
            ok: runs.filter((r) => !r.error && r.hydration !== null).length,
            errors: runs.filter((r) => r.error).map((r) => r.error),
          },
        ]),
      ),
      dialogSummary: browser.dialog && {
        clicks: browser.dialog.flatMap((r) => r.clicks).length,
        median: median(browser.dialog.flatMap((r) => r.clicks)),
        first: median(browser.dialog.map((r) => r.clicks[0] ?? NaN)),
        max: Math.max(...browser.dialog.flatMap((r) => r.clicks), 0) || null,
        errors: browser.dialog.filter((r) => r.error).map((r) => r.error),
      },
      entrySummary: browser.entry ? entrySummary(browser.entry) : null,
    },
    assets,
  };
  const md = renderMarkdown(report as never);
  const dir = path.join(root, "bench/results");
  mkdirSync(dir, { recursive: true });
  const stamp = report.startedAt.replace(/[:.]/g, "-").slice(0, 19);
  writeFileSync(path.join(dir, `${stamp}.json`), JSON.stringify(report, null, 2));
  writeFileSync(path.join(dir, `${stamp}.md`), md);
  copyFileSync(path.join(dir, `${stamp}.json`), path.join(dir, "latest.json"));
  copyFileSync(path.join(dir, `${stamp}.md`), path.join(dir, "latest.md"));
  console.log(`\n${md}`);
  log(`Wrote bench/results/${stamp}.{json,md} and latest.{json,md}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
