import { describe, expect, it } from "vitest";
import {
  flagCategory,
  flagRules,
  bandFilterParam,
  classroomBars,
  movementOf,
  parseBandFilter,
  percentileRowCategory,
  rowMatches,
  subtestCategory,
  unitBars,
  type FlagCountRow,
  type MovementCountRow,
  type PercentileCountRow,
  type SummaryGrid,
} from "./band-summary";
import { BELOW_MAX, WELL_BELOW_MAX } from "./percentile";
import { profileCell } from "./results-grid";

const PLAIN = { rerKindergarten: false, gr3InternalTestingDisplayRules: false, mode: "percentile" as const };

type Cell = SummaryGrid["rows"][number]["cells"][number];
const cell = (band: Cell["band"], state: Cell["state"] = "complete", grayedOut = false): Cell => ({
  testCode: "vocab",
  state,
  grayedOut,
  band,
});

describe("subtestCategory: the grid cell's band, else 'none'; untaken-by-grade cells are not counted", () => {
  it.each([
    [cell("well-below"), "well-below"],
    [cell("below"), "below"],
    [cell("at-or-above"), "at-or-above"],
    [cell(null), "none"],
    [cell(null, "empty"), "none"],
    [cell(null, "invalid"), "none"],
    [cell(null, "not-applicable"), null],
    [cell(null, "not-applicable", true), null],
  ] as const)("%o → %s", (c, expected) => {
    expect(subtestCategory(c)).toBe(expected);
  });
});

const grid = (period: SummaryGrid["period"], bands: (Cell["band"] | "na")[], tones: ("risk" | "ok" | "none" | "na")[]): SummaryGrid => ({
  period,
  profileColumns: ["dyslexia"],
  groups: [{ columns: [{ testCode: "vocab" }] }],
  rows: bands.map((band, i) => ({
    cells: [band === "na" ? cell(null, "not-applicable") : cell(band)],
    profile: [
      tones[i] === "na"
        ? { kind: "dyslexia", state: "not-applicable", tone: "none" }
        : { kind: "dyslexia", state: tones[i] === "none" ? "empty" : "complete", tone: tones[i] as "risk" | "ok" | "none" },
    ],
  })),
});

describe("classroomBars: counts per band per period", () => {
  const bars = classroomBars([
    grid("MOY", ["below", "below", null, "na"], ["ok", "ok", "risk", "na"]),
    grid("BOY", ["well-below", "below", "at-or-above", "at-or-above"], ["risk", "risk", "none", "ok"]),
  ]);
  const counts = (column: string, period: string) =>
    Object.fromEntries(bars.find((b) => b.column === column && b.period === period)!.segments.map((s) => [s.category, s.count]));

  it.each([
    ["vocab", "BOY", { "well-below": 1, below: 1, "at-or-above": 2, none: 0 }],
    ["vocab", "MOY", { "well-below": 0, below: 2, "at-or-above": 0, none: 1 }],
    ["dyslexia", "BOY", { risk: 2, moderate: 0, ok: 1, none: 1 }],
    ["dyslexia", "MOY", { risk: 1, moderate: 0, ok: 2, none: 0 }],
  ])("%s %s", (column, period, expected) => {
    expect(counts(column, period)).toEqual(expected);
  });

  it("orders flags before subtests and periods BOY → EOY; a bar's total is the students counted", () => {
    expect(bars.map((b) => `${b.column} ${b.period} ${b.total}`)).toEqual([
      "dyslexia BOY 4",
      "dyslexia MOY 3",
      "vocab BOY 4",
      "vocab MOY 3",
    ]);
  });

  it("keeps exactly the rows it counted in a segment", () => {
    const g = grid("BOY", ["well-below", "below", null, "na"], ["risk", "ok", "none", "na"]);
    for (const bar of classroomBars([g])) {
      for (const s of bar.segments) {
        expect(g.rows.filter((r) => rowMatches(r, { column: bar.column, category: s.category })).length).toBe(s.count);
      }
    }
  });
});

describe("parseBandFilter", () => {
  it.each([
    ["letter-names:well-below", { column: "letter-names", category: "well-below" }],
    ["dyslexia:risk", { column: "dyslexia", category: "risk" }],
    ["vocab:none", { column: "vocab", category: "none" }],
    ["vocab:risk", null],
    ["dyslexia:below", null],
    ["nope:below", null],
    [":below", null],
    ["vocab", null],
    ["", null],
    [null, null],
  ])("%s", (value, expected) => {
    const parsed = parseBandFilter(value);
    expect(parsed).toEqual(expected);
    if (parsed) expect(bandFilterParam(parsed)).toBe(value);
  });
});

describe("percentileRowCategory: the grid's cell rule on the database's rounded percentile", () => {
  const row = (percentile: number | null, over: Partial<PercentileCountRow> = {}): PercentileCountRow => ({
    unit: "s",
    grade: "1",
    period: "BOY",
    testCode: "vocab",
    percentile,
    complete: true,
    count: 1,
    ...over,
  });
  it.each([
    [row(1), "well-below"],
    [row(WELL_BELOW_MAX), "well-below"],
    [row(WELL_BELOW_MAX + 1), "below"],
    [row(BELOW_MAX), "below"],
    [row(BELOW_MAX + 1), "at-or-above"],
    [row(99), "at-or-above"],
    [row(null), "none"],
    [row(30, { complete: false }), "none"],
    // Grade 2 does not report the K–1 vocabulary test.
    [row(30, { grade: "2" }), null],
    [row(30, { grade: "2", testCode: "rer-word-reading" }), "below"],
  ])("%o → %s", (r, expected) => {
    expect(percentileRowCategory(r, PLAIN)).toBe(expected);
  });
});

describe("unitBars: the database's groups summed per school or per grade", () => {
  const percentiles: PercentileCountRow[] = [
    { unit: "a", grade: "1", period: "BOY", testCode: "vocab", percentile: 10, complete: true, count: 3 },
    { unit: "a", grade: "1", period: "BOY", testCode: "vocab", percentile: 12, complete: true, count: 2 },
    { unit: "a", grade: "K", period: "BOY", testCode: "vocab", percentile: 55, complete: true, count: 4 },
    { unit: "b", grade: "1", period: "BOY", testCode: "vocab", percentile: null, complete: false, count: 1 },
    { unit: "b", grade: "2", period: "BOY", testCode: "vocab", percentile: 50, complete: true, count: 9 },
  ];
  const flags: FlagCountRow[] = [
    { unit: "a", grade: "1", period: "BOY", kind: "dyslexia", category: "risk", count: 2 },
    { unit: "a", grade: "K", period: "BOY", kind: "dyslexia", category: "ok", count: 5 },
    { unit: "b", grade: "1", period: "MOY", kind: "dyslexia", category: "none", count: 1 },
  ];
  const sum = (bars: ReturnType<typeof unitBars>, unit: string, column: string, period: string) =>
    Object.fromEntries(
      bars
        .get(unit)!
        .find((b) => b.column === column && b.period === period)!
        .segments.map((s) => [s.category, s.count]),
    );

  it.each([
    ["school", (r: { unit: string }) => r.unit, "a", "vocab", "BOY", { "well-below": 5, below: 0, "at-or-above": 4, none: 0 }],
    ["school", (r: { unit: string }) => r.unit, "b", "vocab", "BOY", { "well-below": 0, below: 0, "at-or-above": 0, none: 1 }],
    ["school", (r: { unit: string }) => r.unit, "a", "dyslexia", "BOY", { risk: 2, moderate: 0, ok: 5, none: 0 }],
    ["grade", (r: { grade: string }) => r.grade, "1", "vocab", "BOY", { "well-below": 5, below: 0, "at-or-above": 0, none: 1 }],
    ["grade", (r: { grade: string }) => r.grade, "1", "dyslexia", "MOY", { risk: 0, moderate: 0, ok: 0, none: 1 }],
  ] as const)("by %s: %s %s %s", (_by, unitOf, unit, column, period, expected) => {
    const units = [...new Set([...percentiles, ...flags].map(unitOf))];
    expect(sum(unitBars(units, percentiles, flags, unitOf, PLAIN), unit, column, period)).toEqual(expected);
  });

  it("leaves out a column with nothing counted (grade 2's unreported vocabulary)", () => {
    const bars = unitBars(["2"], percentiles, flags, (r) => r.grade, PLAIN);
    expect(bars.get("2")).toEqual([]);
  });
});

describe("movementOf: into and out of risk between periods", () => {
  const m = (
    kind: MovementCountRow["kind"],
    from: "BOY" | "MOY",
    to: "MOY" | "EOY",
    fromRisk: boolean,
    toRisk: boolean,
    count: number,
    unit = "a",
  ): MovementCountRow => ({
    unit,
    grade: "1",
    kind,
    from,
    to,
    fromRisk,
    toRisk,
    count,
  });
  const rows = [
    m("dyslexia", "BOY", "MOY", false, true, 2),
    m("dyslexia", "BOY", "MOY", true, false, 3),
    m("dyslexia", "BOY", "MOY", true, true, 1),
    m("dyslexia", "BOY", "MOY", false, false, 7),
    m("dyslexia", "BOY", "MOY", true, false, 4, "b"),
    m("pwr", "MOY", "EOY", true, false, 1),
    m("dyslexia", "MOY", "EOY", false, true, 5),
  ];
  it.each([
    [
      "every unit",
      () => true,
      [
        ["dyslexia", "BOY", "MOY", 2, 7, 1, 7],
        ["dyslexia", "MOY", "EOY", 5, 0, 0, 0],
        ["pwr", "MOY", "EOY", 0, 1, 0, 0],
      ],
    ],
    [
      "unit a",
      (r: MovementCountRow) => r.unit === "a",
      [
        ["dyslexia", "BOY", "MOY", 2, 3, 1, 7],
        ["dyslexia", "MOY", "EOY", 5, 0, 0, 0],
        ["pwr", "MOY", "EOY", 0, 1, 0, 0],
      ],
    ],
    ["unit c", (r: MovementCountRow) => r.unit === "c", []],
  ] as const)("%s", (_name, keep, expected) => {
    expect(movementOf(rows, keep).map((x) => [x.kind, x.from, x.to, x.intoRisk, x.outOfRisk, x.stayedAtRisk, x.stayedNotAtRisk])).toEqual(
      expected,
    );
  });
});

describe("flagRules and flagCategory: the figures a query judges flags by agree with profileCell everywhere", () => {
  const rules = flagRules();
  it("covers every grade and period where the three flags apply", () => {
    expect(rules.filter((r) => r.kind === "dyslexia").length).toBeGreaterThan(8);
    expect(rules.filter((r) => r.kind === "pwr").length).toBeGreaterThan(6);
    expect(rules.some((r) => r.kind === "kready" && r.grade === "PK" && r.period === "EOY")).toBe(true);
    expect(rules.some((r) => r.kind === "pwr" && r.moderateFrom !== null)).toBe(true);
  });
  it.each(rules.map((r) => [`${r.kind} grade ${r.grade} ${r.period}`, r] as const))("%s", (_name, rule) => {
    const scores = [
      0,
      1,
      rule.cutoff,
      rule.cutoff - 1e-9,
      rule.cutoff + 1e-9,
      ...(rule.moderateFrom === null ? [] : [rule.moderateFrom, rule.moderateFrom - 1e-9]),
    ];
    for (let s = 0; s <= 1; s += 0.0005) scores.push(Number(s.toFixed(4)));
    for (const score of scores) {
      const scores4 = { pwr: null, dyslexia: null, kready: null, pkRisk: null, [rule.kind]: score };
      const cell = profileCell(rule.kind, rule.grade, rule.period, scores4, () => {});
      expect(flagCategory(rule, score), `${score}`).toBe(cell.tone);
    }
    expect(flagCategory(rule, null)).toBe("none");
  });
});
