// The run as Markdown: one load table (every page, both kinds of request, both connection
// counts, against the floor of the same server), page weight, browser, targets, static assets.
import type { AssetCheck } from "./assets";
import type { LoadResult } from "./load";
import type { Sizes } from "./weight";

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
    doc: Record<number, LoadResult>;
    data: Record<number, LoadResult>;
  }[];
  floor: { doc: Record<number, LoadResult[]>; data: Record<number, LoadResult[]> };
};
type Report = {
  startedAt: string;
  minutes: number;
  machine: { cpu: string; cores: number; memoryGB: number; node: string; kernel: string; loadAverageAtStart: number[]; commit: string };
  options: { sizes: number[]; engines: string[]; duration: number; browserRuns: number; skipBrowser: boolean };
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
  weights: Record<string, { js: Sizes; css: Sizes; jsFramework: Sizes; jsOurs: Sizes; topOurs: [string, number][] }>;
  servers: Server[];
  browser: null | {
    engine: string;
    size: number;
    runs: number;
    skipped: Record<string, string>;
    summary: Record<string, { fcp: number | null; hydration: number | null; tbt: number | null; ok: number; errors: string[] }>;
    /** Click on a letter cell to its dialog on screen (issue 12), CPU 6x. */
    dialogSummary?: { clicks: number; median: number | null; first: number | null; max: number | null; errors: string[] } | null;
  };
  assets: AssetCheck | null;
};

const kb = (b: number | null | undefined) => (b == null ? "–" : (b / 1024).toFixed(1));
const n0 = (x: number | null | undefined) => (x == null || !Number.isFinite(x) ? "–" : x.toFixed(0));
const n1 = (x: number | null | undefined) => (x == null || !Number.isFinite(x) ? "–" : x.toFixed(1));
const n2 = (x: number | null | undefined) => (x == null || !Number.isFinite(x) ? "–" : x.toFixed(2));
const sizeLabel = (n: number) => (n >= 1000 ? `${n / 1000}k` : String(n));

/** The floor at c connections: the mean of its before and after runs. */
export function floorAt(s: Server, kind: "doc" | "data", c: number): LoadResult | null {
  const runs = s.floor[kind][c];
  if (!runs?.length) return null;
  const avg = (f: (r: LoadResult) => number | null) => runs.reduce((a, r) => a + (f(r) ?? 0), 0) / runs.length;
  return {
    ...runs[0],
    rps: avg((r) => r.rps),
    p50: avg((r) => r.p50),
    p95: avg((r) => r.p95),
    p99: avg((r) => r.p99),
    cpuMsPerReq: avg((r) => r.cpuMsPerReq),
    requests: runs.reduce((a, r) => a + r.requests, 0),
  };
}

const verdict = (ok: boolean | null) => (ok === null ? "not measured" : ok ? "meets" : "**misses**");

export function targets(r: Report) {
  const rows: { target: string; where: string; value: string; ok: boolean | null }[] = [];
  // Document throughput at 20 connections vs the floor (≥ 0.6×), every page, every server.
  for (const s of r.servers) {
    const floor = floorAt(s, "doc", 20);
    for (const p of s.pages) {
      const d = p.doc[20];
      if (!d || !floor) continue;
      const x = d.rps / floor.rps;
      rows.push({
        target: "doc req/s @20 ≥ 0.6× floor",
        where: `${s.engine} ${sizeLabel(s.size)} ${p.label}`,
        value: `${x.toFixed(2)}×`,
        ok: x >= 0.6,
      });
    }
  }
  // Classroom p50 at 1 connection ≤ 20 ms on 100k students.
  for (const s of r.servers.filter((s) => s.size >= 100_000)) {
    const c = s.pages.find((p) => p.key === "classroom");
    rows.push({
      target: "classroom p50 @1 ≤ 20 ms (100k)",
      where: `${s.engine} ${sizeLabel(s.size)}`,
      value: c?.doc[1] ? `${c.doc[1].p50.toFixed(1)} ms doc, ${c.data[1].p50.toFixed(1)} ms data` : (c?.status ?? "missing"),
      ok: c?.doc[1] ? c.doc[1].p50 <= 20 : null,
    });
  }
  // Scale: p50 @1 at the biggest size within 1.2× of the smallest, for the scale pages.
  const sizes = [...new Set(r.servers.map((s) => s.size))].sort((a, b) => a - b);
  if (sizes.length > 1) {
    for (const engine of new Set(r.servers.map((s) => s.engine))) {
      const small = r.servers.find((s) => s.engine === engine && s.size === sizes[0]);
      const big = r.servers.find((s) => s.engine === engine && s.size === sizes[sizes.length - 1]);
      if (!small || !big) continue;
      for (const key of ["classroom", "student", "school-students"]) {
        const a = small.pages.find((p) => p.key === key);
        const b = big.pages.find((p) => p.key === key);
        if (!a?.doc[1] || !b?.doc[1]) {
          rows.push({
            target: `p50 @1 ${sizeLabel(big.size)} ≤ 1.2× ${sizeLabel(small.size)}`,
            where: `${engine} ${a?.label ?? key}`,
            value: b?.status ?? a?.status ?? "missing",
            ok: null,
          });
          continue;
        }
        const x = b.doc[1].p50 / a.doc[1].p50;
        const xd = b.data[1].p50 / a.data[1].p50;
        rows.push({
          target: `p50 @1 ${sizeLabel(big.size)} ≤ 1.2× ${sizeLabel(small.size)}`,
          where: `${engine} ${a.label}`,
          value: `${x.toFixed(2)}× doc, ${xd.toFixed(2)}× data`,
          ok: x <= 1.2,
        });
      }
    }
  }
  // JavaScript budgets.
  for (const [key, w] of Object.entries(r.weights)) {
    if (key === "floor") continue;
    rows.push({
      target: "JS ≤ 110 KB gzip, ours ≤ 25 KB",
      where: key,
      value: `${kb(w.js.gzip)} KB, ours ${kb(w.jsOurs.gzip)} KB`,
      ok: w.js.gzip <= 110 * 1024 && w.jsOurs.gzip <= 25 * 1024,
    });
  }
  // Browser.
  if (r.browser) {
    const floor = r.browser.summary.floor;
    for (const [key, b] of Object.entries(r.browser.summary)) {
      if (key === "floor") continue;
      rows.push({ target: "FCP @6x, Slow 4G ≤ 1.0 s", where: key, value: `${n0(b.fcp)} ms`, ok: b.fcp == null ? null : b.fcp <= 1000 });
      const x = b.hydration != null && floor?.hydration ? b.hydration / floor.hydration : null;
      rows.push({
        target: "hydration ≤ 1.2× floor",
        where: key,
        value: x == null ? "–" : `${x.toFixed(2)}× (${n0(b.hydration)} vs ${n0(floor?.hydration)} ms)`,
        ok: x == null ? null : x <= 1.2,
      });
    }
    for (const [key, why] of Object.entries(r.browser.skipped)) rows.push({ target: "browser", where: key, value: why, ok: null });
    const d = r.browser.dialogSummary;
    if (d)
      rows.push({
        target: "click to letter dialog @6x ≤ 1.0 s",
        where: "classroom",
        value: `${n0(d.median)} ms median of ${d.clicks} (first ${n0(d.first)}, max ${n0(d.max)})`,
        ok: d.median == null ? null : d.median <= 1000,
      });
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
  L.push(`# Benchmark ${r.startedAt}`);
  L.push("");
  L.push(
    `${m.cpu}, ${m.cores} cores, ${m.memoryGB} GB RAM, Node ${m.node}, Linux ${m.kernel}; load average at start ${m.loadAverageAtStart.join(" / ")}; commit ${m.commit || "?"}.`,
  );
  L.push(
    `Sizes ${r.options.sizes.join(", ")}; engines ${r.options.engines.join(", ")}; ${r.options.duration} s a load run; build ${r.buildSeconds.toFixed(0)} s; run ${r.minutes} min.`,
  );
  L.push("");
  L.push("## Server (remix-serve, NODE_ENV=production; autocannon; latency ms; CPU = server process ms per request)");
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
      if (!p.doc[1]) {
        L.push(`| ${db} | ${p.label} | ${p.status} |${" |".repeat(16)}`);
        continue;
      }
      const bad = [p.doc[1], p.doc[20], p.data[1], p.data[20]].filter(Boolean).some((x) => x.non2xx || x.errors);
      const x = fd20 && p.doc[20] ? n2(p.doc[20].rps / fd20.rps) : "–";
      L.push(row(`${p.label}${bad ? " ⚠ non-2xx" : ""}`, p.docBytes, p.doc[1], p.doc[20], p.data[1], p.data[20], x));
    }
  }
  L.push("");
  L.push("## Page weight on a first visit (KB; JS split by the esbuild metafile: framework = React, React DOM, Remix, React Router)");
  L.push("");
  L.push("| Page | JS raw | JS gzip | JS br | framework gzip | ours gzip | CSS raw | CSS gzip | CSS br | largest of ours (raw KB) |");
  L.push("|---|--:|--:|--:|--:|--:|--:|--:|--:|---|");
  for (const [k, w] of Object.entries(r.weights)) {
    L.push(
      `| ${k} | ${kb(w.js.raw)} | ${kb(w.js.gzip)} | ${kb(w.js.brotli)} | ${kb(w.jsFramework.gzip)} | ${kb(w.jsOurs.gzip)} | ${kb(w.css.raw)} | ${kb(w.css.gzip)} | ${kb(w.css.brotli)} | ${w.topOurs.map(([n, b]) => `${n} ${kb(b)}`).join(", ")} |`,
    );
  }
  L.push("");
  if (r.browser) {
    const b = r.browser;
    L.push(
      `## Browser (Chromium, CPU ${6}x, Slow 4G; ${b.runs} cold runs each, interleaved; ${b.engine} ${sizeLabel(b.size)}; medians in ms)`,
    );
    L.push("");
    L.push("| Page | FCP | hydration | ×floor | TBT | good runs |");
    L.push("|---|--:|--:|--:|--:|--:|");
    const fl = b.summary.floor;
    for (const [k, s] of Object.entries(b.summary)) {
      L.push(
        `| ${k} | ${n0(s.fcp)} | ${n0(s.hydration)} | ${s.hydration && fl?.hydration ? n2(s.hydration / fl.hydration) : "–"} | ${n0(s.tbt)} | ${s.ok}/${b.runs}${s.errors.length ? ` (${s.errors[0]})` : ""} |`,
      );
    }
    for (const [k, why] of Object.entries(b.skipped)) L.push(`| ${k} | ${why} | | | | |`);
    L.push("");
    const d = b.dialogSummary;
    if (d) {
      L.push(
        `Click on a letter score cell to its dialog on screen (classroom page, CPU 6x, loopback network, 1366×768): median ${n0(d.median)} ms over ${d.clicks} clicks, first click of a load ${n0(d.first)} ms, slowest ${n0(d.max)} ms${d.errors.length ? `; errors: ${d.errors.join("; ")}` : ""}.`,
      );
      L.push("");
    }
  }
  L.push("## Targets");
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
