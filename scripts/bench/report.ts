// The run as Markdown: issue 15's targets (today's figure beside this run's), page weight (HTML,
// CSS, JS), one load table (every page, both kinds of request, both connection counts, against
// the floor of the same server), browser, other checks, static assets.
import type { AssetCheck } from "./assets";
import { NETWORK } from "./browser";
import type { LoadResult } from "./load";
import type { Sizes } from "./weight";
import { itemAt } from "#app/domain/presence";

type Server = {
  engine: string;
  size: number;
  floorRows: number;
  floorBytes: number;
  pages: {
    key: string;
    label: string;
    status: string;
    url: string | null;
    docBytes: number | null;
    /** Every load run, by connection count; the report summarises them with `summarise`, as the floor's. */
    doc: Record<number, LoadResult[]>;
    data: Record<number, LoadResult[]>;
    /** The documents cold: each request after the versions its kept data is keyed on were raised (absent until measured). */
    cold?: Record<number, LoadResult[]>;
  }[];
  floor: { doc: Record<number, LoadResult[]>; data: Record<number, LoadResult[]> };
};
type Report = {
  startedAt: string;
  minutes: number;
  machine: {
    cpu: string;
    cores: number;
    memoryGB: number;
    node: string;
    kernel: string;
    /** os.loadavg(): 1, 5 and 15 minutes, when the run started (before the build) and when its last figure was taken. */
    loadAverageAtStart: number[];
    loadAverageAtEnd?: number[];
    commit: string;
  };
  options: {
    sizes: number[];
    engines: string[];
    duration: number;
    rounds?: number;
    slices?: number | null;
    browserRuns: number;
    skipBrowser: boolean;
  };
  buildSeconds: number;
  generation: {
    engine: string;
    size: number;
    cached: boolean;
    seconds: number;
    generationSeconds: number;
    generatedAt: string;
    counts: Record<string, number>;
  }[];
  weights: Record<
    string,
    {
      html?: Sizes;
      cssInline?: number;
      blocking?: string[];
      js: Sizes;
      css: Sizes;
      jsFramework: Sizes;
      jsOurs: Sizes;
      topOurs: [string, number][];
    }
  >;
  servers: Server[];
  browser: null | {
    engine: string;
    size: number;
    runs: number;
    /** Chromium's version (older reports lack it). */
    version?: string;
    skipped: Record<string, string>;
    network?: { latency: number; downloadThroughput: number };
    /** The CPU slowdown the runs were made at (older reports lack it: 6). */
    cpuRate?: number;
    summary: Record<
      string,
      {
        fcp: number | null;
        hydration: number | null;
        tbt: number | null;
        docBytes?: number | null;
        /** The document's last byte, and FCP minus it (the page's own render time), ms medians. */
        docEnd?: number | null;
        render?: number | null;
        blocking?: string[];
        ok: number;
        errors: string[];
      }
    >;
    /** Click on a letter cell to its dialog on screen (issue 12), CPU 6x. */
    dialogSummary?: { clicks: number; median: number | null; first: number | null; max: number | null; errors: string[] } | null;
    /** Letter entry at CPU 6x (issue 40 item 4): a tick to the next frame, Save and next student to the next dialog. */
    entrySummary?: {
      ticks: number;
      tickMedian: number | null;
      tickMax: number | null;
      hops: number;
      nextMedian: number | null;
      nextMax: number | null;
      errors: string[];
    } | null;
  };
  assets: AssetCheck | null;
};

const kb = (b: number | null | undefined) => (b == null ? "–" : (b / 1024).toFixed(1));
const n0 = (x: number | null | undefined) => (x == null || !Number.isFinite(x) ? "–" : x.toFixed(0));
const n1 = (x: number | null | undefined) => (x == null || !Number.isFinite(x) ? "–" : x.toFixed(1));
const n2 = (x: number | null | undefined) => (x == null || !Number.isFinite(x) ? "–" : x.toFixed(2));
/** a ÷ b, or null when either side has no figure (a run that answered nothing) or b is 0: such a ratio is not measured, not a miss. */
const ratio = (a: number | null | undefined, b: number | null | undefined) =>
  a != null && b != null && Number.isFinite(a) && Number.isFinite(b) && b > 0 ? a / b : null;
export const sizeLabel = (n: number) => (n >= 1000 ? `${n / 1000}k` : String(n));

type Page = Server["pages"][number];

/** The median of the finite values (of an even number, the mean of the middle two); NaN when none. */
function medianOf(xs: (number | null)[]): number {
  const s = xs.filter((x): x is number => x !== null && Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return NaN;
  const mid = s.length >> 1;
  return s.length % 2 ? itemAt(s, mid) : (itemAt(s, mid - 1) + itemAt(s, mid)) / 2;
}

/**
 * The report's one statistic for several load runs of one URL at one connection count, the floor's
 * and every page's alike, so that a page read against the floor (÷ floor) or against itself at
 * another size compares like with like: each figure (rate, p50, p95, p99, CPU and bytes a request)
 * is the median of that figure over the runs; the counts (requests, non-2xx, errors, statuses) are
 * the runs' totals, so one failed request in any run shows.
 */
export function summarise(runs: LoadResult[] | undefined): LoadResult | null {
  const head = runs?.[0];
  if (!runs || !head) return null;
  const statuses: Record<string, number> = {};
  for (const r of runs) for (const [k, v] of Object.entries(r.statuses)) statuses[k] = (statuses[k] ?? 0) + v;
  const cpu = medianOf(runs.map((r) => r.cpuMsPerReq));
  const sum = (f: (r: LoadResult) => number) => runs.reduce((a, r) => a + f(r), 0);
  return {
    connections: head.connections,
    seconds: sum((r) => r.seconds),
    requests: sum((r) => r.requests),
    rps: medianOf(runs.map((r) => r.rps)),
    p50: medianOf(runs.map((r) => r.p50)),
    p95: medianOf(runs.map((r) => r.p95)),
    p99: medianOf(runs.map((r) => r.p99)),
    bytesPerReq: medianOf(runs.map((r) => r.bytesPerReq)),
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    cpuMsPerReq: Number.isFinite(cpu) ? cpu : null,
    statuses,
  };
}

/** The floor at c connections (at 1 connection one run per slice and one after them; at 20 before the pages, one per extra round, after them). */
export const floorAt = (s: Server, kind: "doc" | "data", c: number) => summarise(s.floor[kind][c]);
/** A page at c connections (at 1 connection one run per slice; at 20 one per round), summarised as the floor is. */
export const pageAt = (p: Page | undefined, kind: "doc" | "data" | "cold", c: number) => (p ? summarise(p[kind]?.[c]) : null);

// ── Issue 15's targets: today's figure beside this run's ──────────────────────────────────────
// "Today" is the bench run of 2026-11-23 on this machine kind (2 cores), as the issue quotes it;
// "floor" is bench/floor-route.tsx measured on the same server in the same run.
export const BASELINE_DATE = "2026-11-23";
const TODAY = {
  classroomP50: "7.0× (32.2 vs 4.6 ms)",
  docRps: "classroom 0.17–0.38×, school students 0.06–0.11×, users 0.07×, report 0.01×",
  pglite: "report 0 req/s at 20k; users, students 5 req/s",
  largestHtml: "1.0 MB at 20k, 5.1 MB at 100k",
  scale: "school students 1.40× on PostgreSQL",
  fcp: { login: "1.81 s", classroom: "2.80 s", floor: "2.29 s" } as Record<string, string>,
  hydration: { login: "0.91×", classroom: "1.20×" } as Record<string, string>,
  ownJs: "up to 25.5 KB",
};

export type IssueRow = { figure: string; where: string; today: string; now: string; target: string; ok: boolean | null };

/** The network of the browser runs, by its latency and bandwidth ('Slow 4G' is DevTools' preset; Mbps in 2^20 bits, as the issue writes it). */
function networkLabel(n: { latency: number; downloadThroughput: number } | undefined): string {
  if (!n) return "Slow 4G";
  const label = `${n.latency} ms RTT, ${((n.downloadThroughput * 8) / 1_048_576).toFixed(2)} Mbps`;
  return n.latency === NETWORK.latency && n.downloadThroughput === NETWORK.downloadThroughput ? `Slow 4G (${label})` : label;
}

/** First contentful paint allowed for a document of `bytes` on the wire: 1.25 × (2 RTT + bytes ÷ bandwidth). */
export function fcpBudget(bytes: number, network: { latency: number; downloadThroughput: number }): number {
  return 1.25 * (2 * network.latency + (bytes / network.downloadThroughput) * 1000);
}

export function issueTargets(r: Report): IssueRow[] {
  const rows: IssueRow[] = [];
  const postgres = r.servers.filter((s) => s.engine === "postgres");
  const pglite = r.servers.filter((s) => s.engine === "pglite");
  const notRun = (figure: string, today: string, target: string, why: string) =>
    rows.push({ figure, where: "–", today, now: why, target, ok: null });

  // 1. Classroom p50 at 1 connection ÷ floor p50 (PostgreSQL).
  if (!postgres.length) notRun("classroom p50 @1 ÷ floor (PostgreSQL)", TODAY.classroomP50, "≤ 2.0×", "no PostgreSQL run");
  for (const s of postgres) {
    const c = pageAt(
      s.pages.find((p) => p.key === "classroom"),
      "doc",
      1,
    );
    const f = floorAt(s, "doc", 1);
    const x = ratio(c?.p50, f?.p50);
    rows.push({
      figure: "classroom p50 @1 ÷ floor (PostgreSQL)",
      where: sizeLabel(s.size),
      today: TODAY.classroomP50,
      now: x === null ? "not measured" : `${x.toFixed(1)}× (${c!.p50.toFixed(1)} vs ${f!.p50.toFixed(1)} ms)`,
      target: "≤ 2.0×",
      ok: x === null ? null : x <= 2,
    });
  }
  // 2. Document req/s at 20 connections ÷ floor, every page (PostgreSQL): the lowest over the sizes.
  if (!postgres.length) notRun("doc req/s @20 ÷ floor (PostgreSQL)", TODAY.docRps, "≥ 0.6× every page", "no PostgreSQL run");
  for (const key of [...new Set(postgres.flatMap((s) => s.pages.map((p) => p.key)))]) {
    const xs = postgres.map((s) => {
      const d = pageAt(
        s.pages.find((p) => p.key === key),
        "doc",
        20,
      );
      const f = floorAt(s, "doc", 20);
      return { size: s.size, x: ratio(d?.rps, f?.rps) };
    });
    const got = xs.filter((v) => v.x !== null) as { size: number; x: number }[];
    const label = postgres[0]?.pages.find((p) => p.key === key)?.label ?? key;
    rows.push({
      figure: "doc req/s @20 ÷ floor (PostgreSQL)",
      where: label,
      today: TODAY.docRps,
      now: got.length ? got.map((v) => `${v.x.toFixed(2)}× (${sizeLabel(v.size)})`).join(", ") : "not measured",
      target: "≥ 0.6×",
      ok: got.length ? got.every((v) => v.x >= 0.6) : null,
    });
  }
  // 3. Every page on PGlite at 20 connections: answers (> 0 req/s, all 2xx) and p95 ≤ 1 s.
  if (!pglite.length) notRun("PGlite @20: req/s > 0, p95 ≤ 1 s", TODAY.pglite, "> 0 on all, p95 ≤ 1 s", "no PGlite run");
  for (const key of [...new Set(pglite.flatMap((s) => s.pages.map((p) => p.key)))]) {
    const got = pglite
      .map((s) => ({
        size: s.size,
        d: pageAt(
          s.pages.find((p) => p.key === key),
          "doc",
          20,
        ),
      }))
      .filter((v): v is { size: number; d: LoadResult } => Boolean(v.d));
    const label = pglite[0]?.pages.find((p) => p.key === key)?.label ?? key;
    rows.push({
      figure: "PGlite @20: req/s > 0, p95 ≤ 1 s",
      where: label,
      today: TODAY.pglite,
      now: got.length
        ? got
            .map(
              (v) =>
                `${v.d.rps.toFixed(0)} req/s, p95 ${n0(v.d.p95)} ms${v.d.non2xx ? `, ${v.d.non2xx} non-2xx` : ""} (${sizeLabel(v.size)})`,
            )
            .join("; ")
        : "not measured",
      target: "> 0, p95 ≤ 1000 ms",
      ok: got.length ? got.every((v) => v.d.rps > 0 && Number.isFinite(v.d.p95) && v.d.p95 <= 1000 && !v.d.non2xx) : null,
    });
  }
  // 4. The largest page's HTML, at any size.
  const docs = r.servers.flatMap((s) => s.pages.filter((p) => p.docBytes !== null).map((p) => ({ s, p })));
  const biggest = docs.sort((a, b) => b.p.docBytes! - a.p.docBytes!)[0];
  rows.push({
    figure: "largest page HTML",
    where: biggest ? `${biggest.p.label}, ${biggest.s.engine} ${sizeLabel(biggest.s.size)}` : "–",
    today: TODAY.largestHtml,
    now: biggest ? `${kb(biggest.p.docBytes)} KB` : "not measured",
    target: "≤ 150 KB",
    ok: biggest ? biggest.p.docBytes! <= 150 * 1024 : null,
  });
  // 5. Latency at the bigger sizes ÷ the smallest (p50 @1), every page, each engine.
  const sizes = [...new Set(r.servers.map((s) => s.size))].sort((a, b) => a - b);
  if (sizes.length < 2) notRun("p50 @1 at 20k (100k) ÷ 1k", TODAY.scale, "≤ 1.2× every page", "one size only");
  for (const engine of [...new Set(r.servers.map((s) => s.engine))]) {
    const small = r.servers.find((s) => s.engine === engine && s.size === sizes[0]);
    if (!small || sizes.length < 2) continue;
    const floor0 = floorAt(small, "doc", 1);
    for (const p of small.pages) {
      const base = pageAt(p, "doc", 1);
      const got = r.servers
        .filter((s) => s.engine === engine && s.size > small.size)
        .map((s) => ({
          size: s.size,
          d: pageAt(
            s.pages.find((q) => q.key === p.key),
            "doc",
            1,
          ),
        }))
        .filter((v): v is { size: number; d: LoadResult } => Boolean(v.d));
      rows.push({
        figure: `p50 @1 ÷ ${sizeLabel(small.size)} (${engine})`,
        where: p.label,
        today: TODAY.scale,
        // The floor's own ratio beside it: how far the machine moved between the two sizes' runs.
        now:
          base && got.length
            ? got
                .map((v) => {
                  const f = floorAt(
                    r.servers.find((s) => s.engine === engine && s.size === v.size)!,
                    "doc",
                    1,
                  );
                  return `${(v.d.p50 / base.p50).toFixed(2)}× at ${sizeLabel(v.size)} (${base.p50.toFixed(1)} → ${v.d.p50.toFixed(1)} ms; floor ${f && floor0 ? (f.p50 / floor0.p50).toFixed(2) : "–"}×)`;
                })
                .join(", ")
            : "not measured",
        target: "≤ 1.2×",
        ok: base && got.length ? got.every((v) => v.d.p50 / base.p50 <= 1.2) : null,
      });
    }
  }
  // 6, 7. First contentful paint (only the document before it) and hydration, in the browser.
  const b = r.browser;
  if (!b) {
    notRun(
      "FCP @6x CPU, Slow 4G",
      Object.entries(TODAY.fcp)
        .map(([k, v]) => `${k} ${v}`)
        .join(", "),
      "≤ 1.25 × (2 RTT + HTML ÷ bandwidth)",
      "browser skipped",
    );
    notRun(
      "hydration ÷ floor",
      Object.entries(TODAY.hydration)
        .map(([k, v]) => `${k} ${v}`)
        .join(", "),
      "≤ 1.1×",
      "browser skipped",
    );
  } else {
    // Older reports lack the network: theirs was this one.
    const network = b.network ?? NETWORK;
    for (const [key, m] of Object.entries(b.summary)) {
      const bytes = m.docBytes ?? r.weights[key]?.html?.gzip ?? null;
      const budget = bytes === null ? null : fcpBudget(bytes, network);
      const blocking = m.blocking ?? r.weights[key]?.blocking ?? [];
      rows.push({
        figure: "FCP @6x CPU, Slow 4G",
        where: key,
        today: TODAY.fcp[key] ?? "–",
        now:
          m.fcp === null
            ? `not measured${m.errors.length ? ` (${m.errors[0]})` : ""}`
            : `${(m.fcp / 1000).toFixed(2)} s, budget ${budget === null ? "–" : (budget / 1000).toFixed(2)} s for ${kb(bytes)} KB; render-blocking: ${blocking.length ? blocking.join(", ") : "none"}`,
        target: "≤ 1.25 × (2 RTT + HTML ÷ bandwidth), nothing render-blocking",
        ok: m.fcp === null || budget === null ? null : m.fcp <= budget && blocking.length === 0,
      });
    }
    const floor = b.summary.floor;
    for (const [key, m] of Object.entries(b.summary)) {
      if (key === "floor") continue;
      const x = m.hydration !== null && floor?.hydration ? m.hydration / floor.hydration : null;
      rows.push({
        figure: "hydration ÷ floor",
        where: key,
        today: TODAY.hydration[key] ?? "–",
        now: x === null ? "not measured" : `${x.toFixed(2)}× (${n0(m.hydration)} vs ${n0(floor?.hydration)} ms)`,
        target: "≤ 1.1×",
        ok: x === null ? null : x <= 1.1,
      });
    }
  }
  // 8. Our own JavaScript per page (gzip), the heaviest page.
  const ours = Object.entries(r.weights)
    .filter(([k]) => k !== "floor")
    .sort((a, b) => b[1].jsOurs.gzip - a[1].jsOurs.gzip);
  rows.push({
    figure: "our own JS per page, gzip",
    where: ours[0] ? `heaviest: ${ours[0][0]}` : "–",
    today: TODAY.ownJs,
    now: ours[0] ? `${kb(ours[0][1].jsOurs.gzip)} KB` : "not measured",
    target: "≤ 25 KB",
    ok: ours[0] ? ours.every(([, w]) => w.jsOurs.gzip <= 25 * 1024) : null,
  });
  return rows;
}

/** Above this 1-minute load average at a run's start, other work shares the cores the figures come from. */
export const NOISY_LOAD_AVERAGE = 1.5;

/** A load average above the limit, or not known (not recorded, NaN), reads as noisy. */
export const isNoisy = (loadAtStart: number | undefined) => !(loadAtStart !== undefined && loadAtStart <= NOISY_LOAD_AVERAGE);

/**
 * The verdict cell of every target row of a run whose 1-minute load average at the start was
 * `loadAtStart`. Above NOISY_LOAD_AVERAGE no target is called met: each row that would meet reads
 * 'noisy: rerun', and one that would miss 'noisy: rerun (would miss)' (a weight budget is missed
 * on any machine); the figures beside them are still those measured.
 */
export function noisyVerdict(loadAtStart: number | undefined): (ok: boolean | null) => string {
  const noisy = isNoisy(loadAtStart);
  return (ok) => (ok === null ? "not measured" : noisy ? (ok ? "noisy: rerun" : "noisy: rerun (would miss)") : ok ? "meets" : "**misses**");
}

/** Checks of earlier issues that issue 15's table does not cover. */
export function targets(r: Report) {
  const rows: { target: string; where: string; value: string; ok: boolean | null }[] = [];
  // Classroom p50 at 1 connection ≤ 20 ms on 100k students.
  for (const s of r.servers.filter((s) => s.size >= 100_000)) {
    const c = s.pages.find((p) => p.key === "classroom");
    const [doc, data] = [pageAt(c, "doc", 1), pageAt(c, "data", 1)];
    rows.push({
      target: "classroom p50 @1 ≤ 20 ms (100k)",
      where: `${s.engine} ${sizeLabel(s.size)}`,
      value: doc ? `${doc.p50.toFixed(1)} ms doc, ${n1(data?.p50)} ms data` : (c?.status ?? "missing"),
      ok: doc ? doc.p50 <= 20 : null,
    });
  }
  // JavaScript budget, all of it (our own share is in issue 15's table).
  for (const [key, w] of Object.entries(r.weights)) {
    if (key === "floor") continue;
    rows.push({ target: "JS ≤ 110 KB gzip", where: key, value: `${kb(w.js.gzip)} KB`, ok: w.js.gzip <= 110 * 1024 });
  }
  // Browser.
  if (r.browser) {
    for (const [key, why] of Object.entries(r.browser.skipped)) rows.push({ target: "browser", where: key, value: why, ok: null });
    const d = r.browser.dialogSummary;
    if (d)
      rows.push({
        target: "click to letter dialog @6x ≤ 1.0 s",
        where: "classroom",
        value: `${n0(d.median)} ms median of ${d.clicks} (first ${n0(d.first)}, max ${n0(d.max)})`,
        ok: d.median == null ? null : d.median <= 1000,
      });
    // Issue 40 item 4: a weak machine keeps up with a teacher scoring a class.
    const e = r.browser.entrySummary;
    if (e) {
      rows.push({
        target: "next student's letter dialog @6x ≤ 300 ms",
        where: "classroom",
        value: `${n0(e.nextMedian)} ms median of ${e.hops} (max ${n0(e.nextMax)})${e.errors.length ? `; ${e.errors[0]}` : ""}`,
        ok: e.nextMedian == null ? null : e.nextMedian <= 300,
      });
      rows.push({
        target: "letter tick on screen @6x ≤ 1 frame (16.7 ms)",
        where: "classroom",
        value: `${n1(e.tickMedian)} ms median of ${e.ticks} (max ${n1(e.tickMax)})`,
        ok: e.tickMedian == null ? null : e.tickMedian <= 16.7,
      });
    }
  }
  if (r.assets) {
    const a = r.assets;
    rows.push({
      target: "static JS: long-lived cache",
      where: a.asset,
      value: a.cacheControl ?? "none",
      ok: /max-age=31536000/.test(a.cacheControl ?? ""),
    });
    rows.push({
      target: "static JS: precompressed (br/gzip)",
      where: a.asset,
      value: `${a.contentEncoding ?? "identity"}, ${a.compressedPerRequest ? "compressed per request" : "served as stored"}`,
      ok: !a.compressedPerRequest && Boolean(a.contentEncoding),
    });
    rows.push({ target: "no 404 for /favicon.ico", where: "/favicon.ico", value: String(a.favicon.status), ok: a.favicon.status === 200 });
  }
  return rows;
}

export function renderMarkdown(r: Report): string {
  const L: string[] = [];
  const m = r.machine;
  const loadAtStart = m.loadAverageAtStart[0];
  const verdict = noisyVerdict(loadAtStart);
  L.push(`# Benchmark ${r.startedAt}`);
  L.push("");
  L.push(
    `${m.cpu}, ${m.cores} cores, ${m.memoryGB} GB RAM, Node ${m.node}, Linux ${m.kernel}; load average (1 / 5 / 15 min) at start ${m.loadAverageAtStart.join(" / ")}, at end ${m.loadAverageAtEnd?.join(" / ") ?? "not recorded"}; commit ${m.commit || "?"}.`,
  );
  L.push(
    `Sizes ${r.options.sizes.join(", ")}; engines ${r.options.engines.join(", ")}; ${r.options.duration} s a load run; ${r.options.rounds ?? 1} round(s) of the documents at each connection count (at 1 connection ${r.options.slices ?? Math.max(1, Math.round((r.options.rounds ?? 1) * r.options.duration))} 1-second slices interleaved across the sizes of an engine, so a size ratio compares runs seconds apart); every figure of the floor and of the pages alike is the median of its runs; build ${r.buildSeconds.toFixed(0)} s; run ${r.minutes} min.`,
  );
  if (verdict(true) !== "meets") {
    L.push("");
    L.push(
      `**Noisy: the 1-minute load average at the start was ${loadAtStart} (above ${NOISY_LOAD_AVERAGE}): other work shared the cores, so no target is called met. Rerun on a quiet machine.**`,
    );
  }
  L.push("");
  L.push(`## Targets (issue 15): today (bench run of ${BASELINE_DATE}) and this run`);
  L.push("");
  L.push("| Figure | Where | Today | This run | Target | |");
  L.push("|---|---|---|---|---|---|");
  for (const t of issueTargets(r)) L.push(`| ${t.figure} | ${t.where} | ${t.today} | ${t.now} | ${t.target} | ${verdict(t.ok)} |`);
  L.push("");
  L.push(
    "## Page weight on a first visit (KB; HTML as served on the smallest district, its inline CSS included; JS split by the esbuild metafile: framework = React, React DOM, Remix, React Router)",
  );
  L.push("");
  L.push(
    "| Page | HTML raw | HTML gzip | CSS inline raw | CSS linked raw | CSS linked gzip | JS raw | JS gzip | framework gzip | ours gzip | render-blocking | largest of ours (raw KB) |",
  );
  L.push("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|---|");
  for (const [k, w] of Object.entries(r.weights)) {
    L.push(
      `| ${k} | ${kb(w.html?.raw)} | ${kb(w.html?.gzip)} | ${kb(w.cssInline)} | ${kb(w.css.raw)} | ${kb(w.css.gzip)} | ${kb(w.js.raw)} | ${kb(w.js.gzip)} | ${kb(w.jsFramework.gzip)} | ${kb(w.jsOurs.gzip)} | ${w.blocking ? w.blocking.length || "none" : "–"} | ${w.topOurs.map(([n, b]) => `${n} ${kb(b)}`).join(", ")} |`,
    );
  }
  L.push("");
  L.push(
    "## Server, warm (remix-serve, NODE_ENV=production; autocannon; every figure the median of its runs; latency ms; CPU = server process ms per request)",
  );
  L.push("");
  L.push(
    "| DB | Page | KB | doc req/s @1 | p50 | p95 | p99 | doc req/s @20 | p50 | p95 | p99 | ×floor @20 | CPU ms | .data req/s @1 | p50 | .data req/s @20 | p50 | p99 | CPU ms |",
  );
  L.push("|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|");
  for (const s of r.servers) {
    const db = `${s.engine} ${sizeLabel(s.size)}`;
    const fd1 = floorAt(s, "doc", 1);
    const fd20 = floorAt(s, "doc", 20);
    const fa1 = floorAt(s, "data", 1);
    const fa20 = floorAt(s, "data", 20);
    const row = (
      label: string,
      bytes: number | null,
      d1: LoadResult | null,
      d20: LoadResult | null,
      a1: LoadResult | null,
      a20: LoadResult | null,
      x: string,
    ) =>
      `| ${db} | ${label} | ${kb(bytes)} | ${n0(d1?.rps)} | ${n1(d1?.p50)} | ${n1(d1?.p95)} | ${n1(d1?.p99)} | ${n0(d20?.rps)} | ${n1(d20?.p50)} | ${n1(d20?.p95)} | ${n1(d20?.p99)} | ${x} | ${n1(d20?.cpuMsPerReq)} | ${n0(a1?.rps)} | ${n1(a1?.p50)} | ${n0(a20?.rps)} | ${n1(a20?.p50)} | ${n1(a20?.p99)} | ${n1(a20?.cpuMsPerReq)} |`;
    L.push(row(`Floor (${s.floorRows} rows)`, s.floorBytes, fd1, fd20, fa1, fa20, "1.00"));
    for (const p of s.pages) {
      const [d1, d20, a1, a20] = [pageAt(p, "doc", 1), pageAt(p, "doc", 20), pageAt(p, "data", 1), pageAt(p, "data", 20)];
      if (!d1) {
        L.push(`| ${db} | ${p.label} | ${p.status} |${" |".repeat(16)}`);
        continue;
      }
      const bad = [d1, d20, a1, a20].some((x) => x && (x.non2xx || x.errors));
      const x = n2(ratio(d20?.rps, fd20?.rps));
      L.push(row(`${p.label}${bad ? " ⚠ non-2xx" : ""}`, p.docBytes, d1, d20, a1, a20, x));
    }
  }
  L.push("");
  L.push("## Documents warm and cold (median of runs; latency ms)");
  L.push("");
  L.push(
    "Warm: the copies a server process keeps (calendars, list totals, grids, reports) filled by the warm-up, as in the table above. Cold: on each connection, every page request follows a POST /api/kept-data/invalidate (not timed), which raises the versions those copies are keyed on, so the page's figure includes the database work; its rate is of page requests over the whole run, invalidations included.",
  );
  L.push("");
  L.push("| DB | Page | p50 @1 warm | cold | p95 @1 warm | cold | doc req/s @20 warm | cold | p95 @20 warm | cold |");
  L.push("|---|---|--:|--:|--:|--:|--:|--:|--:|--:|");
  for (const s of r.servers) {
    for (const p of s.pages) {
      const [w1, w20] = [pageAt(p, "doc", 1), pageAt(p, "doc", 20)];
      if (!w1 && !w20) continue;
      const [c1, c20] = [pageAt(p, "cold", 1), pageAt(p, "cold", 20)];
      // ⚠: a page request or an invalidation before it failed (non-2xx or no answer) in these runs.
      const cold = (x: LoadResult | null, f: (x: LoadResult) => string) =>
        x ? `${f(x)}${x.non2xx || x.errors ? " ⚠" : ""}` : "not measured";
      L.push(
        `| ${s.engine} ${sizeLabel(s.size)} | ${p.label} | ${n1(w1?.p50)} | ${cold(c1, (x) => n1(x.p50))} | ${n1(w1?.p95)} | ${cold(c1, (x) => n1(x.p95))} | ${n0(w20?.rps)} | ${cold(c20, (x) => n0(x.rps))} | ${n1(w20?.p95)} | ${cold(c20, (x) => n1(x.p95))} |`,
      );
    }
  }
  L.push("");
  if (r.browser) {
    const b = r.browser;
    L.push(
      `## Browser (Chromium${b.version ? ` ${b.version}` : ""}, CPU ${b.cpuRate ?? 6}x, ${networkLabel(b.network)}; ${b.runs} cold runs each, interleaved; ${b.engine} ${sizeLabel(b.size)}; medians in ms)`,
    );
    L.push("");
    L.push("FCP = the document's last byte + the page's own render time (FCP − document end, per run).");
    L.push("");
    L.push("| Page | FCP | document end | render | hydration | ×floor | TBT | document KB on the wire | good runs |");
    L.push("|---|--:|--:|--:|--:|--:|--:|--:|--:|");
    const fl = b.summary.floor;
    for (const [k, s] of Object.entries(b.summary)) {
      L.push(
        `| ${k} | ${n0(s.fcp)} | ${n0(s.docEnd)} | ${n0(s.render)} | ${n0(s.hydration)} | ${s.hydration && fl?.hydration ? n2(s.hydration / fl.hydration) : "–"} | ${n0(s.tbt)} | ${kb(s.docBytes)} | ${s.ok}/${b.runs}${s.errors.length ? ` (${s.errors[0]})` : ""} |`,
      );
    }
    for (const [k, why] of Object.entries(b.skipped)) L.push(`| ${k} | ${why} | | | | | | | |`);
    L.push("");
    const d = b.dialogSummary;
    if (d) {
      L.push(
        `Click on a letter score cell to its dialog on screen (classroom page, CPU ${b.cpuRate ?? 6}x, loopback network, 1366×768): median ${n0(d.median)} ms over ${d.clicks} clicks, first click of a load ${n0(d.first)} ms, slowest ${n0(d.max)} ms${d.errors.length ? `; errors: ${d.errors.join("; ")}` : ""}.`,
      );
      L.push("");
    }
    const e = b.entrySummary;
    if (e) {
      L.push(
        `Letter entry (classroom page, CPU ${b.cpuRate ?? 6}x, loopback network): 'Save and next student' to the next student's dialog with its first box focused, the save included: median ${n0(e.nextMedian)} ms over ${e.hops} hops, slowest ${n0(e.nextMax)} ms; a letter key to the next animation frame: median ${n1(e.tickMedian)} ms over ${e.ticks} keys, slowest ${n1(e.tickMax)} ms${e.errors.length ? `; errors: ${e.errors.join("; ")}` : ""}.`,
      );
      L.push("");
    }
  }
  L.push("## Other checks");
  L.push("");
  L.push("| Target | Where | Value | |");
  L.push("|---|---|---|---|");
  for (const t of targets(r)) L.push(`| ${t.target} | ${t.where} | ${t.value} | ${verdict(t.ok)} |`);
  L.push("");
  if (r.assets) {
    const a = r.assets;
    L.push("## Static assets");
    L.push("");
    L.push(
      `- \`${a.asset}\`: cache-control \`${a.cacheControl}\`, content-encoding \`${a.contentEncoding ?? "none"}\`, content-length ${a.contentLength ?? "none"}${a.transferEncoding ? `, transfer-encoding ${a.transferEncoding}` : ""}; .br on disk: ${a.precompressedOnDisk.br}, .gz on disk: ${a.precompressedOnDisk.gz}.`,
    );
    L.push(
      `- ${a.compressedPerRequest ? "Compressed per request" : "Not compressed per request"}: server CPU ${n2(a.cpuMsPerReqCompressed)} ms a request with \`accept-encoding: br, gzip\` (${n0(a.rpsCompressed)} req/s) vs ${n2(a.cpuMsPerReqIdentity)} ms uncompressed (${n0(a.rpsIdentity)} req/s).`,
    );
    if (a.css)
      L.push(`- CSS \`${a.css.asset}\`: cache-control \`${a.css.cacheControl}\`, content-encoding \`${a.css.contentEncoding ?? "none"}\`.`);
    L.push(`- /favicon.ico: ${a.favicon.status}${a.favicon.contentType ? ` (${a.favicon.contentType})` : ""}.`);
    L.push("");
  }
  L.push("## Districts");
  L.push("");
  L.push("| DB | cached | generation s | schools | classrooms | users | students | tests | responses | profiles |");
  L.push("|---|---|--:|--:|--:|--:|--:|--:|--:|--:|");
  for (const g of r.generation) {
    const c = g.counts;
    L.push(
      `| ${g.engine} ${sizeLabel(g.size)} | ${g.cached ? `yes (${g.generatedAt.slice(0, 10)})` : "no"} | ${n0(g.generationSeconds)} | ${c.organization_unit} | ${c.participant_group} | ${c.app_user} | ${c.participant} | ${c.participant_test} | ${c.participant_test_question_response} | ${c.predictive_profile} |`,
    );
  }
  L.push("");
  return L.join("\n");
}
