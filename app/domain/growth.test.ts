import { describe, expect, it } from "vitest";
import type { TestCode } from "./assessments";
import { growthSeries, PERCENTILE_SCALE, riskSeries, type GrowthInput } from "./growth";
import { BELOW_MAX, WELL_BELOW_MAX } from "./percentile";
import { PERIODS } from "./periods";
import type { GridTest } from "./results-grid";
import { gridTest } from "./test-support/grid-test";

const quiet = () => {};
const test = gridTest;

const input = (
  grade: string,
  codes: TestCode[],
  tests: Partial<Record<(typeof PERIODS)[number], GridTest[]>>,
  scores: GrowthInput["scores"] = {},
): GrowthInput => ({
  grade,
  periods: PERIODS.map((p) => ({ periodName: p, GradeAssessmentLists: [{ grade, testCodes: codes.join(",") }], tests: tests[p] ?? [] })),
  scores,
  flags: { rerKindergarten: false, gr3InternalTestingDisplayRules: false },
  log: quiet,
});

describe("PERCENTILE_SCALE: the band edges of percentile.ts", () => {
  it("shades 1–20 and 20–40", () => {
    expect(PERCENTILE_SCALE.bands.map((b) => [b.from, b.to])).toEqual([
      [1, WELL_BELOW_MAX],
      [WELL_BELOW_MAX, BELOW_MAX],
    ]);
  });
});

describe("growthSeries: the percentile each period's cell shows", () => {
  it.each([
    [
      "three periods rising through the bands",
      input("1", ["vocab"], {
        BOY: [test("vocab", { abilityPercentile: 12.4 })],
        MOY: [test("vocab", { abilityPercentile: 35 })],
        EOY: [test("vocab", { abilityPercentile: 61 })],
      }),
      [
        [
          "vocab",
          [
            [12, "12th", "well-below"],
            [35, "35th", "below"],
            [61, "61st", "at-or-above"],
          ],
        ],
      ],
    ],
    [
      "an invalid test and a missing one have no point",
      input("1", ["vocab"], {
        BOY: [test("vocab", { abilityPercentile: 50 })],
        MOY: [test("vocab", { abilityPercentile: 30, invalid: true })],
      }),
      [
        [
          "vocab",
          [
            [50, "50th", "at-or-above"],
            [null, "N/A", null],
            [null, expect.any(String), null],
          ],
        ],
      ],
    ],
    [
      "a retake: the picked (latest completed) test",
      input("K", ["blending"], {
        BOY: [
          test("blending", { abilityPercentile: 5, startDtTm: "2025-09-10T15:00:00.000Z" }),
          test("blending", { abilityPercentile: 45, startDtTm: "2025-09-12T15:00:00.000Z" }),
        ],
      }),
      [
        [
          "blending",
          [
            [45, "45th", "at-or-above"],
            [null, expect.any(String), null],
            [null, expect.any(String), null],
          ],
        ],
      ],
    ],
    ["a subtest with no percentile anywhere is left out", input("1", ["vocab"], { BOY: [test("vocab", { completedFlag: false })] }), []],
    // Grade 2 does not report the K–1 vocabulary test even when listed.
    ["a test the grade does not report", input("2", ["vocab"], { BOY: [test("vocab", { abilityPercentile: 40 })] }), []],
  ])("%s", (_name, given, expected) => {
    expect(growthSeries(given).map((s) => [s.testCode, s.points.map((p) => [p.value, p.text, p.band])])).toEqual(expected);
  });
});

describe("riskSeries: each score the profile shows, by period", () => {
  it("grade 1 risk flag: the probability and its verdict per period", () => {
    const series = riskSeries(
      input(
        "1",
        ["vocab"],
        {},
        { BOY: { dyslexia: 0.5, pwr: 0.7, kready: null, pkRisk: null }, MOY: { dyslexia: 0.1, pwr: null, kready: null, pkRisk: null } },
      ),
    );
    expect(series.map((s) => [s.kind, s.points.map((p) => [p.value, p.text, p.tone])])).toEqual([
      [
        "dyslexia",
        [
          [50, "50%", "risk"],
          [10, "10%", "ok"],
          [null, "No score", "none"],
        ],
      ],
      [
        "pwr",
        [
          [70, "70%", "ok"],
          [null, "No score", "none"],
          [null, "No score", "none"],
        ],
      ],
    ]);
  });
  it("no score in any period: no chart", () => {
    expect(riskSeries(input("1", ["vocab"], {}))).toEqual([]);
  });
});
