import { describe, expect, it } from "vitest";
import { first } from "#app/domain/presence";
import type { LoadResult } from "./load";
import { noisyVerdict, renderMarkdown, summarise } from "./report";

const run = (over: Partial<LoadResult>): LoadResult => ({
  connections: 1,
  seconds: 1,
  requests: 10,
  rps: 10,
  p50: 5,
  p95: 9,
  p99: 9,
  bytesPerReq: 100,
  non2xx: 0,
  errors: 0,
  cpuMsPerReq: 2,
  statuses: { 200: 10 },
  ...over,
});

describe("summarise: the one statistic of floor and pages", () => {
  it("gives each figure the median of the runs and the counts their totals", () => {
    const s = summarise([
      run({ p50: 4, rps: 30 }),
      run({ p50: 50, rps: 1, non2xx: 1, statuses: { 200: 9, 500: 1 } }),
      run({ p50: 6, rps: 20 }),
    ])!;
    expect([s.p50, s.rps]).toEqual([6, 20]);
    expect([s.requests, s.non2xx, s.statuses]).toEqual([30, 1, { 200: 29, 500: 1 }]);
  });

  it("takes the mean of the middle two of an even number of runs, not the lower one", () => {
    expect(summarise([run({ p50: 4 }), run({ p50: 8 }), run({ p50: 100 }), run({ p50: 2 })])!.p50).toBe(6);
  });

  it("leaves out runs that answered nothing, and has no figure without runs", () => {
    expect(summarise([run({ p50: NaN, cpuMsPerReq: null }), run({ p50: 7 })])!.p50).toBe(7);
    expect(summarise([])).toBeNull();
    expect(summarise(undefined)).toBeNull();
  });
});

describe("noisyVerdict: no target met on a busy machine", () => {
  it.each([
    [0.3, true, "meets"],
    [1.5, true, "meets"],
    [1.5, false, "**misses**"],
    [1.51, true, "noisy: rerun"],
    [4, false, "noisy: rerun (would miss)"],
    [4, null, "not measured"],
    [NaN, true, "noisy: rerun"],
  ])("load %s, ok %s → %s", (load, ok, cell) => {
    expect(noisyVerdict(load)(ok)).toBe(cell);
  });
});

describe("renderMarkdown", () => {
  const report = (loadAtStart: number) => ({
    startedAt: "2026-11-28T05:00:00.000Z",
    minutes: 1,
    machine: {
      cpu: "cpu",
      cores: 2,
      memoryGB: 4,
      node: "v20",
      kernel: "6",
      loadAverageAtStart: [loadAtStart, 1, 1],
      loadAverageAtEnd: [2.25, 1, 1],
      commit: "abc",
    },
    options: { sizes: [1000], engines: ["postgres"], duration: 1, browserRuns: 0, skipBrowser: true },
    buildSeconds: 1,
    generation: [],
    weights: {},
    servers: [
      {
        engine: "postgres",
        size: 1000,
        floorRows: 10,
        floorBytes: 1000,
        floor: { doc: { 1: [run({ p50: 4 }), run({ p50: 6 })] }, data: {} },
        pages: [
          {
            key: "classroom",
            label: "Classroom",
            status: "ok",
            url: "/c",
            docBytes: 1000,
            doc: { 1: [run({ p50: 6 }), run({ p50: 8 })] },
            data: {},
          },
        ],
      },
    ],
    browser: null,
    assets: null,
  });

  it("prints the load average at start and end, and calls the classroom met on a quiet machine", () => {
    const md = renderMarkdown(report(0.5));
    expect(md).toContain("at start 0.5 / 1 / 1, at end 2.25 / 1 / 1");
    expect(md).toContain("| classroom p50 @1 ÷ floor (PostgreSQL) | 1k | 7.0× (32.2 vs 4.6 ms) | 1.4× (7.0 vs 5.0 ms) | ≤ 2.0× | meets |");
    expect(md).not.toContain("noisy");
  });

  it("calls no target met when the load at start was above 1.5", () => {
    const md = renderMarkdown(report(1.8));
    expect(md).toContain("**Noisy: the 1-minute load average at the start was 1.8");
    expect(md).toContain("| 1.4× (7.0 vs 5.0 ms) | ≤ 2.0× | noisy: rerun |");
    expect(md).not.toMatch(/\| meets \|/);
  });

  it("reads a ratio against a floor that answered nothing as not measured, not as a miss", () => {
    const r = report(0.5);
    first(r.servers).floor.doc[1] = [run({ requests: 0, rps: 0, p50: NaN, p95: NaN, p99: NaN })];
    expect(renderMarkdown(r)).toContain(
      "| classroom p50 @1 ÷ floor (PostgreSQL) | 1k | 7.0× (32.2 vs 4.6 ms) | not measured | ≤ 2.0× | not measured |",
    );
  });

  it("shows a page's cold figures as not measured until they are", () => {
    expect(renderMarkdown(report(0.5))).toMatch(/\| postgres 1k \| Classroom \| 7\.0 \| not measured \|/);
  });

  it("shows a page's cold figures, summarised as the warm ones, once measured", () => {
    const r = report(0.5);
    const page: (typeof r.servers)[number]["pages"][number] & { cold?: Record<number, LoadResult[]> } = first(first(r.servers).pages);
    page.cold = { 1: [run({ p50: 30, p95: 40 }), run({ p50: 20, p95: 60 })] };
    expect(renderMarkdown(r)).toMatch(/\| postgres 1k \| Classroom \| 7\.0 \| 25\.0 \| 9\.0 \| 50\.0 \| – \| not measured \|/);
  });
});
