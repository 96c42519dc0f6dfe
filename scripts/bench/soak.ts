// npm run bench -- --soak [--scenario peak|capacity|overload|all] [--users N] [--duration S]
//                        [--think-ms MS] [--step-seconds S] [--size 10000]
// Issue 36 §2: the screening window, measured on the production topology. `npm start`'s cluster
// (one remix-serve worker per core, scripts/bench/soak-serve.ts) on PostgreSQL, a district of
// --size students copied afresh from a template for each run, hundreds of signed-in users of the
// usual roles opening their pages at a think time, and 10% of the teachers scoring letters and RAN
// recordings through the endpoints their pages use. Scenarios (all in one run with --scenario all):
//   peak      400 users, a page every 10 s each, 5 minutes: p95 ≤ 0.5 s, p99 ≤ 1 s on every page,
//             no failed request.
//   capacity  the same users with the think time stepped (down until p95 passes 1 s, or up until it
//             holds): the highest rate with p95 ≤ 1 s and no failure, beside the floor route's
//             (bench/floor-route.tsx) under the same users, steps and cluster; the ratio is the
//             figure (target ≥ 0.6).
//   overload  500 users, think time 1 s: the server stays up and sheds (503 + Retry-After)
//             rather than keep anyone waiting past 10 s.
// After the run every save is read back: each one acknowledged is in the database exactly once.
// The report (per page requests, failures, p50, p95, p99, max; the cluster's and PostgreSQL's CPU;
// the load average at start and end) goes to .tmp/bench/soak-<date>.md and is printed.
// Never part of `npm test`. Loopback only; every loop is bounded by its duration.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import pg from "pg";
import { ensureBuilt } from "../lib/setup.mjs";
import { itemAt } from "#app/domain/presence";
import { isNoisy, NOISY_LOAD_AVERAGE, noisyVerdict } from "./report";
import { CpuMeter, postgresPids, startCluster, type Cluster, type CpuReading } from "./soak-cluster";
import {
  accountsFor,
  checkWrites,
  freshSoakDatabase,
  pickAccounts,
  sessionCookies,
  tally,
  WRITER_SHARE,
  type Role,
  type WriteAttempt,
  type WriteCheck,
} from "./soak-db";
import { REQUEST_TIMEOUT_MS, runPhase, VirtualUser, type Sample } from "./soak-drive";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const SESSION_SECRET = "bench-secret";
const BUILD_DIR = ".tmp/bench/build-soak";

export type Scenario = "peak" | "capacity" | "overload";
const SCENARIOS: Scenario[] = ["peak", "capacity", "overload"];
/** Each scenario's users and think time as issue 36 §2 gives them; --users and --think-ms override. */
const DEFAULTS: Record<Scenario, { users: number; thinkMs: number }> = {
  peak: { users: 400, thinkMs: 10_000 },
  capacity: { users: 400, thinkMs: 10_000 },
  overload: { users: 500, thinkMs: 1000 },
};
/** Issue 36 §2's targets. */
const TARGET = { peakP95: 500, peakP99: 1000, capacityP95: 1000, ratio: 0.6, overloadWait: 10_000 };

export interface SoakOptions {
  scenarios: Scenario[];
  users: number | null;
  seconds: number;
  thinkMs: number | null;
  stepSeconds: number;
  size: number;
  databaseUrl: string;
  port: number;
}

// ── Figures ────────────────────────────────────────────────────────────────────────────────

// NaN when there are no times: a page that was never asked has no percentile.
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

interface PageRow {
  key: string;
  requests: number;
  failed: number;
  shed: number;
  retryAfter: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  notes: string[];
}

/** Per page: every request, answered or not, in the times (a request that timed out counts its wait). */
function pageRows(samples: Sample[]): PageRow[] {
  const by = new Map<string, Sample[]>();
  for (const s of samples) {
    const list = by.get(s.key);
    if (list) list.push(s);
    else by.set(s.key, [s]);
  }
  return [...by]
    .map(([key, list]) => {
      const t = list.map((s) => s.ms).sort((a, b) => a - b);
      const notes = new Map<string, number>();
      for (const s of list) if (!s.ok) notes.set(s.note ?? `status ${s.status}`, (notes.get(s.note ?? `status ${s.status}`) ?? 0) + 1);
      return {
        key,
        requests: list.length,
        failed: list.filter((s) => !s.ok).length,
        shed: list.filter((s) => s.status === 503).length,
        retryAfter: list.filter((s) => s.retryAfter).length,
        p50: pct(t, 50),
        p95: pct(t, 95),
        p99: pct(t, 99),
        max: t.at(-1) ?? NaN,
        notes: [...notes].sort((a, b) => b[1] - a[1]).map(([n, c]) => `${c}× ${n}`),
      };
    })
    .sort((a, b) => a.key.localeCompare(b.key));
}

/**
 * The phase's figures. The rate counts the good answers that came within the phase's own seconds
 * (from `startedAt`): the requests still in flight at its end are awaited and counted in the
 * other figures, but a slow tail would otherwise stretch the time the rate is divided by.
 */
function totals(samples: Sample[], startedAt: number, seconds: number) {
  const t = samples.map((s) => s.ms).sort((a, b) => a - b);
  const ok = samples.filter((s) => s.ok).length;
  const end = startedAt + seconds * 1000;
  return {
    requests: samples.length,
    ok,
    failed: samples.length - ok,
    okPerSecond: samples.filter((s) => s.ok && s.start + s.ms <= end).length / seconds,
    p50: pct(t, 50),
    p95: pct(t, 95),
    p99: pct(t, 99),
    max: t.at(-1) ?? NaN,
    over10s: samples.filter((s) => s.ms > TARGET.overloadWait).length,
    shed: samples.filter((s) => s.status === 503).length,
    retryAfter: samples.filter((s) => s.retryAfter).length,
    /** The longest a refused request waited for its 503. */
    shedMax: samples.reduce((m, s) => (s.status === 503 ? Math.max(Number.isNaN(m) ? 0 : m, s.ms) : m), NaN),
  };
}

interface PhaseResult {
  label: string;
  users: number;
  roles: Partial<Record<Role, number>>;
  writers: number;
  thinkMs: number;
  seconds: number;
  /** After the phase's seconds, how long its requests still in flight took to answer. */
  tailSeconds: number;
  total: ReturnType<typeof totals>;
  pages: PageRow[];
  cpu: Record<string, CpuReading>;
  upAfter: boolean;
  restarts: number;
}

// ── Running ────────────────────────────────────────────────────────────────────────────────

interface Run {
  cluster: Cluster;
  users: VirtualUser[];
  writes: WriteAttempt[];
  databaseUrl: string;
  pgPids: () => Promise<number[]>;
}

async function phase(
  run: Run,
  label: string,
  count: number,
  thinkMs: number,
  seconds: number,
  log: (s: string) => void,
  floorUrl?: string,
): Promise<PhaseResult> {
  const chosen = new Set(
    accountsFor(
      run.users.map((u) => u.account),
      count,
    ),
  );
  const users = run.users.filter((u) => chosen.has(u.account));
  const roles: Partial<Record<Role, number>> = {};
  for (const u of users) roles[u.account.role] = (roles[u.account.role] ?? 0) + 1;
  const writers = users.filter((u) => u.account.writer).length;
  const samples: Sample[] = [];
  const restartsBefore = run.cluster.restarts();
  const meter = new CpuMeter({ server: () => run.cluster.pids(), postgres: run.pgPids, postgresAll: postgresPids });
  await meter.start();
  const { startedAt, endedAt } = await runPhase({
    origin: run.cluster.origin,
    users,
    seconds,
    thinkMs,
    floorUrl,
    samples,
    writes: run.writes,
    phase: label,
  });
  const cpu = await meter.stop();
  const elapsed = (endedAt - startedAt) / 1000;
  const total = totals(samples, startedAt, seconds);
  const upAfter = await run.cluster.alive();
  const result: PhaseResult = {
    label,
    users: users.length,
    roles,
    writers: floorUrl ? 0 : writers,
    thinkMs,
    seconds,
    tailSeconds: Math.max(0, elapsed - seconds),
    total,
    pages: pageRows(samples),
    cpu,
    upAfter,
    restarts: run.cluster.restarts() - restartsBefore,
  };
  log(
    `  ${label}: ${users.length} users, think ${(thinkMs / 1000).toFixed(2)} s: ${total.requests} requests, ${total.failed} failed, ` +
      `${total.okPerSecond.toFixed(1)} ok/s, p50 ${total.p50.toFixed(0)} ms, p95 ${total.p95.toFixed(0)} ms, p99 ${total.p99.toFixed(0)} ms, ` +
      `max ${total.max.toFixed(0)} ms; server CPU ${cpuSeconds(cpu.server)}, PostgreSQL ${cpuSeconds(cpu.postgres)}; ${upAfter ? "up" : "DOWN"}`,
  );
  return result;
}

/** Sustained: no failed request and p95 within the target. */
const sustains = (p: PhaseResult) => p.total.failed === 0 && p.total.p95 <= TARGET.capacityP95;

/**
 * The think time stepped down (halved from the scenario's, then none) until a step fails, or, when
 * the first step fails already, stepped up (doubled, up to 16× and from 1 s at least) until one holds; then twice between
 * the step that held and its neighbour that did not. The highest rate of a step that held is the
 * capacity; `bounded` when even the shortest think time held (the users could offer no more).
 */
async function ladder(
  run: Run,
  label: string,
  count: number,
  startThinkMs: number,
  stepSeconds: number,
  log: (s: string) => void,
  floorUrl?: string,
) {
  const steps: PhaseResult[] = [];
  const step = async (thinkMs: number) => {
    const p = await phase(run, label, count, thinkMs, stepSeconds, log, floorUrl);
    steps.push(p);
    return p;
  };
  let held: number | null = null;
  let failed: number | null = null;
  if (sustains(await step(startThinkMs))) {
    held = startThinkMs;
    for (let t = startThinkMs; t > 0;) {
      t = t > 150 ? Math.round(t / 2) : 0;
      if (!sustains(await step(t))) {
        failed = t;
        break;
      }
      held = t;
    }
  } else {
    failed = startThinkMs;
    const base = Math.max(startThinkMs, 1000);
    for (let t = base * 2; t <= base * 16; t *= 2) {
      if (sustains(await step(t))) {
        held = t;
        break;
      }
      failed = t;
    }
  }
  if (held !== null && failed !== null) {
    let [hi, lo] = [held, failed];
    for (let i = 0; i < 2; i++) {
      const mid = Math.round((lo + hi) / 2);
      if (sustains(await step(mid))) hi = mid;
      else lo = mid;
    }
  }
  const best = steps.filter(sustains).sort((a, b) => b.total.okPerSecond - a.total.okPerSecond)[0] ?? null;
  return { steps, best, bounded: failed === null };
}

/** The floor route's rows so its HTML is the median size of the pages the users open (as index.ts sizes it). */
async function floorUrlFor(origin: string, users: VirtualUser[]): Promise<{ url: string; bytes: number }> {
  const sizes: number[] = [];
  const seen = new Set<string>();
  for (const u of users)
    for (const p of u.account.pages) {
      if (seen.has(p.key)) continue;
      seen.add(p.key);
      const res = await fetch(origin + p.url, { headers: { cookie: u.cookieHeader() }, redirect: "manual" });
      const html = await res.text();
      if (res.status === 200) sizes.push(Buffer.byteLength(html));
    }
  sizes.sort((a, b) => a - b);
  // With no page answered, a typical page's size.
  const target = sizes[Math.floor((sizes.length - 1) / 2)] ?? 20_000;
  const size = async (rows: number) => Buffer.byteLength(await (await fetch(`${origin}/bench-floor?rows=${rows}`)).text());
  const [a, b] = [await size(10), await size(110)];
  const rows = Math.max(1, Math.min(5000, Math.round(10 + (target - a) / ((b - a) / 100))));
  return { url: `/bench-floor?rows=${rows}`, bytes: await size(rows) };
}

/** The backends PostgreSQL runs for the soak's database (its connections from the cluster). */
function backendsOf(databaseUrl: string) {
  const admin = new URL(databaseUrl);
  const name = decodeURIComponent(admin.pathname.slice(1));
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  let connected: Promise<unknown> | null = null;
  return {
    pids: async () => {
      connected ??= client.connect();
      await connected;
      const r = await client.query<{ pid: number }>("select pid from pg_stat_activity where datname = $1", [name]);
      return r.rows.map((x) => x.pid);
    },
    end: async () => {
      if (connected) await client.end();
    },
  };
}

// ── Report ─────────────────────────────────────────────────────────────────────────────────

const ms = (x: number) => (Number.isFinite(x) ? (x >= 10_000 ? `${(x / 1000).toFixed(1)} s` : `${x.toFixed(0)} ms`) : "–");
const writeFigure = (w: WriteCheck) => `${w.acknowledged} acknowledged, ${w.foundOnce} found once, ${w.lost} lost, ${w.doubled} doubled`;
const writeRow = (label: string, w: WriteCheck) =>
  `| ${label} | ${w.sent} | ${w.acknowledged} | ${w.foundOnce} | ${w.lost} | ${w.doubled} | ${w.overwritten} | ${w.unacknowledged} (${w.unacknowledgedLanded}) |`;
const cpuSeconds = (c: CpuReading | undefined) => (c ? `${(c.ms / 1000).toFixed(0)} s` : "–");
const cpuText = (c: CpuReading | undefined) =>
  c ? `${(c.ms / 1000).toFixed(1)} s (${((100 * c.ms) / Math.max(1, c.wallMs)).toFixed(0)}% of a core, ${c.processes} processes)` : "–";

function phaseTable(p: PhaseResult): string[] {
  const lines = [
    `${p.users} users (${Object.entries(p.roles)
      .map(([r, n]) => `${n} ${r}`)
      .join(
        ", ",
      )}; ${p.writers} writing), think time ${(p.thinkMs / 1000).toFixed(2)} s (±50%), ${p.seconds.toFixed(0)} s (then ${p.tailSeconds.toFixed(0)} s for the answers under way): ` +
      `${p.total.requests} requests, ${p.total.ok} ok (${p.total.okPerSecond.toFixed(1)} a second within the phase), ${p.total.failed} failed; ` +
      `${p.total.shed} answered 503 (${p.total.retryAfter} with Retry-After, the slowest after ${ms(p.total.shedMax)}); longest wait ${ms(p.total.max)}, ${p.total.over10s} over 10 s.`,
    "",
    `CPU over the phase: the cluster ${cpuText(p.cpu.server)}; PostgreSQL, the soak database's backends ${cpuText(p.cpu.postgres)}; ` +
      `all of PostgreSQL's processes on this machine (other databases too) ${cpuText(p.cpu.postgresAll)}. ` +
      `Server ${p.upAfter ? "up" : "DOWN"} after the phase${p.restarts ? `, ${p.restarts} worker restarts` : ", no restarts"}.`,
    "",
    "| Page | Requests | Failed | 503 (Retry-After) | p50 | p95 | p99 | Max | Failures |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---|",
    ...p.pages.map(
      (r) =>
        `| ${r.key} | ${r.requests} | ${r.failed} | ${r.shed} (${r.retryAfter}) | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ms(r.max)} | ${r.notes.slice(0, 3).join("; ")} |`,
    ),
    `| **all** | ${p.total.requests} | ${p.total.failed} | ${p.total.shed} (${p.total.retryAfter}) | ${ms(p.total.p50)} | ${ms(p.total.p95)} | ${ms(p.total.p99)} | ${ms(p.total.max)} | |`,
  ];
  return lines;
}

function stepTable(title: string, steps: PhaseResult[]): string[] {
  return [
    `${title}:`,
    "",
    "| Think time | ok/s | Failed | p50 | p95 | p99 | Cluster CPU | PostgreSQL CPU | Holds (p95 ≤ 1 s, 0 failed) |",
    "|---:|---:|---:|---:|---:|---:|---|---|---|",
    ...steps.map(
      (s) =>
        `| ${(s.thinkMs / 1000).toFixed(2)} s | ${s.total.okPerSecond.toFixed(1)} | ${s.total.failed} | ${ms(s.total.p50)} | ${ms(s.total.p95)} | ${ms(s.total.p99)} | ` +
        `${cpuText(s.cpu.server)} | ${cpuText(s.cpu.postgres)} | ${sustains(s) ? "yes" : "no"} |`,
    ),
  ];
}

// ── Main ───────────────────────────────────────────────────────────────────────────────────

export async function soak(o: SoakOptions, log: (s: string) => void) {
  const startedAt = new Date();
  const loadStart = loadavg();
  // The bench's own rule (report.ts): a busy machine at the start calls no target met.
  const verdict = noisyVerdict(loadStart[0]);
  const noisy = isNoisy(loadStart[0]);
  let commit = "";
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root }).toString().trim();
  } catch {
    /* not a checkout */
  }
  log(
    `Load average at start ${loadStart.map((x) => x.toFixed(2)).join(" ")}${noisy ? ` (above ${NOISY_LOAD_AVERAGE}: targets will read 'noisy: rerun')` : ""}`,
  );
  log(`Building the app with the floor route into ${BUILD_DIR} (when older than the sources)…`);
  ensureBuilt(BUILD_DIR, { NODE_ENV: "production", REMIX_BENCH_FLOOR: "1" });
  const db = await freshSoakDatabase(root, o.databaseUrl, o.size, (s) => log(`  ${s.trim()}`));
  log(`Database ${new URL(o.databaseUrl).pathname.slice(1)}, a fresh copy of ${db.template}: ${JSON.stringify(db.fixture.counts)}`);
  const most = Math.max(...o.scenarios.map((s) => o.users ?? DEFAULTS[s].users));
  const accounts = await pickAccounts(o.databaseUrl, db.fixture, most);
  const cookies = await sessionCookies(o.databaseUrl, accounts, SESSION_SECRET);
  const users = accounts.map((a, i) => new VirtualUser(a, itemAt(cookies, i, "a session cookie for each account")));
  log(`${users.length} signed-in users (sessions made in the database), ${accounts.filter((a) => a.writer).length} of them writers`);

  const cluster = await startCluster(root, path.join(root, BUILD_DIR), o.port, { DATABASE_URL: o.databaseUrl, SESSION_SECRET }, log);
  // A soak stopped by a signal stops the cluster it started (and nothing else).
  const onSignal = () => void cluster.stop().then(() => process.exit(130));
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  const backends = backendsOf(o.databaseUrl);
  const run: Run = { cluster, users, writes: [], databaseUrl: o.databaseUrl, pgPids: backends.pids };
  const phases: Partial<Record<Scenario, PhaseResult>> = {};
  let capacity: {
    soak: Awaited<ReturnType<typeof ladder>>;
    floor: Awaited<ReturnType<typeof ladder>>;
    floorUrl: string;
    floorBytes: number;
  } | null = null;
  try {
    for (const s of o.scenarios) {
      const count = o.users ?? DEFAULTS[s].users;
      const think = o.thinkMs ?? DEFAULTS[s].thinkMs;
      log(`Scenario ${s}`);
      if (s === "capacity") {
        const floor = await floorUrlFor(cluster.origin, users);
        log(`  floor route ${floor.url} (${(floor.bytes / 1024).toFixed(1)} KB, the median page's size)`);
        const soakSteps = await ladder(run, "capacity: pages", count, think, o.stepSeconds, log);
        const floorSteps = await ladder(run, "capacity: floor", count, think, o.stepSeconds, log, floor.url);
        capacity = { soak: soakSteps, floor: floorSteps, floorUrl: floor.url, floorBytes: floor.bytes };
      } else {
        phases[s] = await phase(run, s, count, think, o.seconds, log);
      }
    }
  } finally {
    await backends.end();
    await cluster.stop();
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
  log(`Reading back ${run.writes.length} saves…`);
  await checkWrites(o.databaseUrl, db.fixture.districtId, run.writes);
  const writes = tally(run.writes);
  const writesIn = (s: Scenario) => tally(run.writes.filter((a) => a.phase.startsWith(s)));
  const clean = (w: WriteCheck) => w.lost === 0 && w.doubled === 0;
  const loadEnd = loadavg();

  // ── Targets ──
  const targets: { target: string; figure: string; ok: boolean }[] = [];
  if (phases.peak) {
    const p = phases.peak;
    const worst95 = Math.max(...p.pages.map((r) => r.p95));
    const worst99 = Math.max(...p.pages.map((r) => r.p99));
    targets.push(
      { target: "Peak: p95 ≤ 0.5 s on every page", figure: `worst ${ms(worst95)}`, ok: worst95 <= TARGET.peakP95 },
      { target: "Peak: p99 ≤ 1.0 s on every page", figure: `worst ${ms(worst99)}`, ok: worst99 <= TARGET.peakP99 },
      { target: "Peak: 0 failed requests", figure: String(p.total.failed), ok: p.total.failed === 0 },
      { target: "Peak: 0 lost or doubled writes", figure: writeFigure(writesIn("peak")), ok: clean(writesIn("peak")) },
    );
  }
  if (capacity) {
    const s = capacity.soak.best?.total.okPerSecond ?? 0;
    const f = capacity.floor.best?.total.okPerSecond ?? 0;
    const ratio = f > 0 ? s / f : NaN;
    targets.push({
      target: "Capacity: pages ÷ floor at p95 ≤ 1 s ≥ 0.6×",
      figure: `${s.toFixed(1)}${capacity.soak.bounded ? "+" : ""} ÷ ${f.toFixed(1)}${capacity.floor.bounded ? "+" : ""} req/s = ${Number.isFinite(ratio) ? ratio.toFixed(2) : "–"}×`,
      // A floor that held on every step was limited by the users, not the server: its ratio is not a measurement.
      ok: Number.isFinite(ratio) && ratio >= TARGET.ratio && !capacity.floor.bounded,
    });
  }
  if (phases.overload) {
    const p = phases.overload;
    targets.push(
      {
        target: "Overload: the server stays up",
        figure: `${p.upAfter ? "up" : "DOWN"}, ${p.restarts} restarts`,
        ok: p.upAfter && p.restarts === 0,
      },
      {
        target: "Overload: sheds with 503 + Retry-After",
        figure: `${p.total.shed} × 503, ${p.total.retryAfter} with Retry-After`,
        ok: p.total.shed > 0 && p.total.retryAfter === p.total.shed,
      },
      {
        target: "Overload: nobody waits past 10 s",
        figure: `longest ${ms(p.total.max)}, ${p.total.over10s} over 10 s`,
        ok: p.total.over10s === 0,
      },
      { target: "Overload: no acknowledged write lost", figure: writeFigure(writesIn("overload")), ok: clean(writesIn("overload")) },
    );
  }
  targets.push({
    target: "Writes, the whole run: every acknowledged save in the database exactly once",
    figure: writeFigure(writes),
    ok: clean(writes) && writes.acknowledged > 0,
  });

  // ── Markdown ──
  const c = cpus();
  const md: string[] = [
    `# Soak ${startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC`,
    "",
    `${c[0]?.model ?? "?"}, ${c.length} cores; commit ${commit || "?"}. Load average at start ${loadStart.map((x) => x.toFixed(2)).join(" / ")}, ` +
      `at end ${loadEnd.map((x) => x.toFixed(2)).join(" / ")}${noisy ? ` — above ${NOISY_LOAD_AVERAGE} at start: **noisy, rerun** (no target is called met)` : ""}.`,
    "",
    `Topology: \`npm start\`'s cluster (supervisor, cluster primary, ${cluster.workers} remix-serve workers with the client-address preload, NODE_ENV=production) ` +
      `on PostgreSQL (${new URL(o.databaseUrl).host}, database ${new URL(o.databaseUrl).pathname.slice(1)}, a fresh copy of ${db.template}). ` +
      `District: ${o.size.toLocaleString("en-US")} students (${Object.entries(db.fixture.counts)
        .map(([k, v]) => `${v.toLocaleString("en-US")} ${k}`)
        .join(", ")}). ` +
      `Writers are ${Math.round(100 * WRITER_SHARE)}% of the teachers: each round opens its class, a letter dialog and saves it, a 'Needs scoring' RAN recording and saves it, and a student; ` +
      `\`*-save-reload\` is the page's reload after a save. A request failed when it timed out (${REQUEST_TIMEOUT_MS / 1000} s), was refused, or was not what the page needs.`,
    "",
    "## Targets",
    "",
    "| Target | Figure | Verdict |",
    "|---|---|---|",
    ...targets.map((t) => `| ${t.target} | ${t.figure} | ${verdict(t.ok)} |`),
    "",
  ];
  if (phases.peak) md.push("## A district's peak", "", ...phaseTable(phases.peak), "");
  if (capacity) {
    md.push(
      "## Capacity",
      "",
      `The same users, cluster and run; the think time stepped (down until a step no longer holds, or up until one does), then twice between. ` +
        `Floor: ${capacity.floorUrl} (${(capacity.floorBytes / 1024).toFixed(1)} KB, the median page's size). A figure marked + held on every step: the users offered no more.`,
      "",
      ...stepTable("Pages", capacity.soak.steps),
      "",
      ...stepTable("Floor route", capacity.floor.steps),
      "",
    );
  }
  if (phases.overload) md.push("## Overload", "", ...phaseTable(phases.overload), "");
  md.push(
    "## Writes",
    "",
    `${writes.sent} saves sent: ${writes.acknowledged} acknowledged (the page was told 'saved'), ${writes.unacknowledged} not ` +
      `(${writes.unacknowledgedLanded} of those in the database anyway).`,
    "",
    "| Saves | Sent | Acknowledged | Found once | Lost | Doubled | Overwritten later | Not acknowledged (in the database) |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
    ...o.scenarios.map((sc) => writeRow(sc, writesIn(sc))),
    writeRow("Letter scores", tally(run.writes.filter((a) => a.kind === "letters"))),
    writeRow("RAN scores", tally(run.writes.filter((a) => a.kind === "ran"))),
    writeRow("**all**", writes),
    "",
    writes.overwritten
      ? `${writes.overwritten} acknowledged letter saves were written over by a later save of the same test in this run (letter tests keep no history, so only the last is checked).`
      : "No acknowledged save was written over by a later one.",
    ...(writes.examples.length ? ["", "Examples:", ...writes.examples.map((e) => `- ${e}`)] : []),
    "",
  );
  const text = md.join("\n");
  const dir = path.join(root, ".tmp/bench");
  mkdirSync(dir, { recursive: true });
  const stamp = startedAt.toISOString().replace(/[:.]/g, "-").slice(0, 19);
  const file = path.join(dir, `soak-${stamp}.md`);
  writeFileSync(file, text);
  writeFileSync(
    file.replace(/\.md$/, ".json"),
    JSON.stringify({ options: o, loadStart, loadEnd, phases, capacity, writes, targets }, null, 2),
  );
  console.log(`\n${text}`);
  log(`Wrote ${path.relative(root, file)} (and .json)`);
  return { phases, capacity, writes, targets };
}

/** `npm run bench -- --soak [--scenario peak|capacity|overload|all] [--users N] [--duration S] [--think-ms MS] [--step-seconds S] [--size N]`. */
export async function soakFromArgs(argv: string[]) {
  const arg = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const t0 = Date.now();
  const log = (s: string) => console.log(`[${((Date.now() - t0) / 1000).toFixed(0).padStart(4)} s] ${s}`);
  const asked = (arg("scenario") ?? "peak").split(",");
  const scenarios = asked.includes("all") ? SCENARIOS : (asked as Scenario[]);
  if (!scenarios.every((s) => SCENARIOS.includes(s))) throw new Error(`--scenario: ${SCENARIOS.join(", ")} or all (comma-separated)`);
  const o: SoakOptions = {
    scenarios: SCENARIOS.filter((s) => scenarios.includes(s)),
    users: arg("users") === undefined ? null : Number(arg("users")),
    seconds: Number(arg("duration") ?? 300),
    thinkMs: arg("think-ms") === undefined ? null : Number(arg("think-ms")),
    stepSeconds: Number(arg("step-seconds") ?? 30),
    size: Number(arg("size") ?? 10_000),
    databaseUrl: process.env.SOAK_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/soak",
    port: Number(process.env.BENCH_PORT ?? 3690),
  };
  if (o.users !== null && !(Number.isInteger(o.users) && o.users > 0 && o.users <= 2000)) throw new Error("--users: 1 to 2,000");
  if (!(o.seconds > 0 && o.seconds <= 3600)) throw new Error("--duration: seconds, 1 to 3,600");
  if (o.thinkMs !== null && !(o.thinkMs >= 0 && o.thinkMs <= 600_000)) throw new Error("--think-ms: 0 to 600,000");
  if (!(o.stepSeconds >= 5 && o.stepSeconds <= 600)) throw new Error("--step-seconds: 5 to 600");
  if (!(Number.isInteger(o.size) && o.size >= 100 && o.size <= 1_000_000)) throw new Error("--size: students, 100 to 1,000,000");
  return soak(o, log);
}
