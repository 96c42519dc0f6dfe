import { describe, expect, it } from "vitest";
import { TEST_CODES, type TestCode } from "./assessments";
import { GRADES, type Grade } from "./grades";
import {
  CORRECT_ITEMS_THRESHOLD,
  MET_EXPECTATIONS_TEXT,
  NONE_COMPLETE_TEXT,
  PERCENTILE_THRESHOLD,
  isRecommended,
  nextSteps,
  resourceHref,
  type JudgedCell,
} from "./next-steps";
import { PERIODS, type Period } from "./periods";
import { BAND_MARKS } from "./results-labels";
import type { GridTest } from "./results-grid";
import { buildStudentResults, type StudentResultsInput } from "./student-profile";
import { gridTest } from "./test-support/grid-test";

const quiet = () => {};
const test = gridTest;

type Flags = StudentResultsInput["flags"];
const PLAIN: Flags = { rerKindergarten: false, gr3InternalTestingDisplayRules: false };
const FLAG_SETS: Flags[] = [PLAIN, { rerKindergarten: true, gr3InternalTestingDisplayRules: true }];

/** A student of `grade` whose every test of the catalogue (all listed for the grade) has the same scores in `period`. */
function studentWith(grade: Grade, period: Period, flags: Flags, scores: Partial<GridTest>, codes: readonly TestCode[] = TEST_CODES) {
  return buildStudentResults({
    grade,
    periods: PERIODS.map((p) => ({
      periodName: p,
      GradeAssessmentLists: [{ grade, testCodes: codes.join(",") }],
      tests: p === period ? codes.map((code) => test(code, scores)) : [],
    })),
    scores: {},
    selected: period,
    mode: "percentile",
    flags,
    view: { superAdmin: false, adminView: false },
    log: quiet,
  });
}

describe("texts", () => {
  it("are the spec's", () => {
    expect(MET_EXPECTATIONS_TEXT).toBe("This student met expectations...");
    expect(NONE_COMPLETE_TEXT).toBe("View the Next Steps Resources with the link below.");
    expect([CORRECT_ITEMS_THRESHOLD, PERCENTILE_THRESHOLD]).toEqual([18, 40]);
  });
});

// Percentiles across both band edges (as rounded for display) and beyond the 1–99 clamp.
const PERCENTILES = [null, 0, 20.4, 20.6, 35, 40.4, 40.6, 85, 140];
const THETAS = [null, -0.52, 0.5, 3];
const CORRECT = [null, 18, 19];
// A scorer's 'not invalid' (false) turns a manual test without a percentile from 'Needs scoring' to complete.
const INVALID = [null, false];

describe("a subtest is recommended exactly when its cell on the page is flagged", () => {
  // The page's own cells (the rows of the Subtest Results table) read literally: ▼ or ▼▼ beside a
  // percentile, 'Needs Support' under a proficiency rule, or a hand-entered count with no
  // percentile ('No %ile', then the spec's correct-items rule on the count shown).
  function flaggedOnPage(cell: { state: string; band: keyof typeof BAND_MARKS | null; text: string; handScore?: string }): boolean {
    if (cell.state !== "complete") return false;
    if (cell.band) return BAND_MARKS[cell.band] === "▼" || BAND_MARKS[cell.band] === "▼▼";
    if (cell.text === "Needs Support") return true;
    if (cell.text === "No %ile" && cell.handScore) return Number(cell.handScore.split("/")[0]) <= CORRECT_ITEMS_THRESHOLD;
    return false;
  }

  const cases = GRADES.flatMap((grade) => PERIODS.flatMap((period) => FLAG_SETS.map((flags) => ({ grade, period, flags }))));
  it.each(cases)("grade $grade, $period, flags $flags", ({ grade, period, flags }) => {
    const mismatches: string[] = [];
    for (const abilityPercentile of PERCENTILES)
      for (const finalTheta of THETAS)
        for (const correctItems of CORRECT)
          for (const invalid of INVALID) {
            const result = studentWith(grade, period, flags, { abilityPercentile, finalTheta, correctItems, invalid, totalItems: 26 });
            const recommended = new Set(result.nextSteps.recommended.map((r) => r.testCode));
            for (const row of result.groups.flatMap((g) => g.rows)) {
              const cell = row.cells.find((c) => c.period === period)!;
              if (flaggedOnPage(cell) !== recommended.has(row.testCode)) {
                mismatches.push(
                  `${row.testCode} %ile ${abilityPercentile} θ ${finalTheta} items ${correctItems} invalid ${invalid}: '${cell.text}'`,
                );
              }
            }
          }
    expect(mismatches).toEqual([]);
  });
});

describe("the issue's cases (issue 34 item 1 and 2)", () => {
  const plain = PLAIN;

  it("a Pre-K student with low results is not told 'met expectations'", () => {
    const pk = ["letter-names", "letter-sounds", "vocab", "rhyming", "first-sounds", "follow-directions", "object-ran"] as const;
    const low = studentWith("PK", "MOY", plain, { abilityPercentile: 1 }, pk);
    expect(low.nextSteps.message).toBeNull();
    expect(low.nextSteps.recommended.map((r) => r.testCode)).toEqual(pk);
    expect(studentWith("PK", "MOY", plain, { abilityPercentile: 80 }, pk).nextSteps).toEqual({
      recommended: [],
      message: MET_EXPECTATIONS_TEXT,
    });
  });

  it.each<[string, Grade, TestCode, Partial<GridTest>, boolean]>([
    ["K letter test at the 28th (▼) with 20/26", "K", "letter-names", { abilityPercentile: 28, correctItems: 20 }, true],
    ["K letter test at the 50th with 15/26", "K", "letter-names", { abilityPercentile: 50, correctItems: 15 }, false],
    ["grade 1 letter test at the 28th (▼) with 20/26", "1", "letter-sounds", { abilityPercentile: 28, correctItems: 20 }, true],
    ["grade 2 RER test at 35% (▼)", "2", "rer-word-reading", { abilityPercentile: 35, finalTheta: 0.9 }, true],
    ["grade 3 RER test at 85%", "3", "rer-deletion", { abilityPercentile: 85, finalTheta: 0.2 }, false],
    ["grade 3 RER test at 89%", "3", "rer-word-reading", { abilityPercentile: 89, finalTheta: -1 }, false],
    ["a hand-entered letter test of 12/26, no percentile", "K", "letter-sounds", { correctItems: 12, invalid: false }, true],
    ["a hand-entered letter test of 19/26, no percentile", "K", "letter-sounds", { correctItems: 19, invalid: false }, false],
  ])("%s → recommended %s", (_name, grade, code, scores, expected) => {
    const result = studentWith(grade, "BOY", plain, { totalItems: 26, ...scores }, [code]);
    expect(result.nextSteps).toEqual(
      expected
        ? { recommended: [expect.objectContaining({ testCode: code })], message: null }
        : { recommended: [], message: MET_EXPECTATIONS_TEXT },
    );
  });

  it("judges letter tests by the percentile whichever side of the phonics switch is shown", () => {
    const base = { grade: "K", period: "BOY" } as const;
    const shown = (mode: "percentile" | "score") =>
      buildStudentResults({
        grade: base.grade,
        periods: PERIODS.map((p) => ({
          periodName: p,
          GradeAssessmentLists: [{ grade: "K", testCodes: "letter-names" }],
          tests: p === base.period ? [test("letter-names", { abilityPercentile: 28, correctItems: 20, totalItems: 26 })] : [],
        })),
        scores: {},
        selected: base.period,
        mode,
        flags: plain,
        view: { superAdmin: false, adminView: false },
        log: quiet,
      }).nextSteps.recommended.map((r) => r.testCode);
    expect(shown("percentile")).toEqual(["letter-names"]);
    expect(shown("score")).toEqual(["letter-names"]);
  });
});

function cell(testCode: TestCode, overrides: Partial<JudgedCell> = {}): JudgedCell {
  return { testCode, state: "complete", band: null, grayedOut: false, text: "", test: null, ...overrides };
}

describe("nextSteps", () => {
  it("recommends flagged subtests in order, with no message", () => {
    const result = nextSteps([
      cell("vocab", { band: "well-below", text: "15th" }),
      cell("blending", { band: "at-or-above", text: "60th" }),
      cell("rhyming", { band: "below", text: "40th" }),
    ]);
    expect(result).toEqual({ recommended: ["vocab", "rhyming"], message: null, unevaluated: [] });
  });

  it.each<[string, JudgedCell[]]>([
    ["no tests", []],
    ["only unfinished tests", [cell("vocab", { state: "incomplete" })]],
    ["only invalid tests", [cell("vocab", { state: "invalid", text: "N/A" })]],
    ["only tests waiting for a scorer", [cell("object-ran", { state: "needs-scoring" })]],
    ["only tests not reported for the grade", [cell("vocab", { grayedOut: true, text: "—" })]],
  ])("points to the resources when none is complete: %s", (_name, cells) => {
    expect(nextSteps(cells)).toEqual({ recommended: [], message: NONE_COMPLETE_TEXT, unevaluated: [] });
  });

  it("judges nothing configuration does not give: a RAN's raw figures and 'No cutoff configured' are not judged (issue 34 item 4)", () => {
    const raw = cell("letter-ran", { text: "41 s, 2 errors", note: "No norms configured" } as Partial<JudgedCell>);
    const noCutoff = cell("rer-blending", { text: "No cutoff configured" });
    expect(isRecommended(raw)).toBeNull();
    expect(isRecommended(noCutoff)).toBeNull();
    expect(nextSteps([raw, noCutoff, cell("vocab", { band: "at-or-above", text: "60th" })])).toEqual({
      recommended: [],
      message: NONE_COMPLETE_TEXT,
      unevaluated: ["letter-ran", "rer-blending"],
    });
    // From the student page's own cells: a slow RAN without norms is neither recommended nor 'met expectations'.
    const slow = studentWith("1", "BOY", PLAIN, { invalid: false, scoredSecs: 120, scoredErrors: 9 }, ["letter-ran"]);
    expect(slow.nextSteps).toEqual({ recommended: [], message: NONE_COMPLETE_TEXT });
  });

  it("does not vouch for a complete subtest whose cell shows no score", () => {
    const result = nextSteps([cell("object-ran", { text: "N/A" }), cell("vocab", { band: "at-or-above", text: "60th" })]);
    expect(result).toEqual({ recommended: [], message: NONE_COMPLETE_TEXT, unevaluated: ["object-ran"] });
  });

  it.each<[JudgedCell, boolean | null]>([
    [cell("rer-blending", { text: "Needs Support" }), true],
    [cell("rer-blending", { text: "On Track" }), false],
    [cell("letter-names", { text: "No %ile", handScore: "18/26", test: { correctItems: 18 } }), true],
    [cell("letter-names", { text: "No %ile", handScore: "19/26", test: { correctItems: 19 } }), false],
    [cell("vocab", { text: "N/A" }), null],
  ])("isRecommended(%j) → %s", (c, expected) => {
    expect(isRecommended(c)).toBe(expected);
  });
});

describe("resourceHref", () => {
  it("links a subtest to its skill's section of the resources page", () => {
    expect(resourceHref("/help/next-steps.html", "letter-sounds")).toBe("/help/next-steps.html#phonics");
    expect(resourceHref("https://example.org/next#top", "object-ran")).toBe("https://example.org/next#fluency");
    expect(resourceHref("/help/next-steps.html", "oral-sentence")).toBe("/help/next-steps.html#comprehension");
  });
});
