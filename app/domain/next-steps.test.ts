import { describe, expect, it } from "vitest";
import type { TestCode } from "./assessments";
import type { Grade } from "./grades";
import { MET_EXPECTATIONS_TEXT, NONE_COMPLETE_TEXT, isRecommended, nextSteps, nextStepsScoring, type NextStepsTest } from "./next-steps";
import type { Period } from "./periods";

function t(testCode: TestCode, overrides: Partial<NextStepsTest> = {}): NextStepsTest {
  return {
    testCode,
    completedFlag: true,
    invalid: null,
    abilityPercentile: null,
    finalTheta: null,
    correctItems: null,
    ...overrides,
  };
}

describe("texts", () => {
  it("are exact", () => {
    expect(MET_EXPECTATIONS_TEXT).toBe("This student met expectations...");
    expect(NONE_COMPLETE_TEXT).toBe("View the Next Steps Resources with the link below.");
  });
});

describe("nextStepsScoring", () => {
  it.each<[Grade, TestCode, string]>([
    ["K", "letter-names", "correctItems"],
    ["1", "vocab", "percentile"],
    ["2", "rer-word-reading", "ability"],
    ["PK", "letter-names", "ability"],
    ["PK", "vocab", "ability"],
    ["PK", "oral-sentence", "percentile"],
  ])("%s %s → %s", (grade, code, scoring) => {
    expect(nextStepsScoring(grade, code)).toBe(scoring);
  });
});

describe("isRecommended", () => {
  it.each<[Grade, Period, NextStepsTest, boolean | null]>([
    // correct items: at or below 18
    ["K", "BOY", t("letter-names", { correctItems: 0 }), true],
    ["K", "BOY", t("letter-names", { correctItems: 18 }), true],
    ["K", "BOY", t("letter-names", { correctItems: 19 }), false],
    ["1", "EOY", t("letter-sounds", { correctItems: 29 }), false],
    ["K", "BOY", t("letter-names", { correctItems: null, abilityPercentile: 5 }), null],
    // percentile: at or below 40, as displayed
    ["K", "BOY", t("vocab", { abilityPercentile: 0 }), true],
    ["K", "BOY", t("vocab", { abilityPercentile: 40 }), true],
    ["K", "BOY", t("vocab", { abilityPercentile: 40.4 }), true],
    ["K", "BOY", t("vocab", { abilityPercentile: 40.6 }), false],
    ["K", "BOY", t("vocab", { abilityPercentile: 41 }), false],
    ["K", "BOY", t("vocab", { abilityPercentile: null, finalTheta: -3 }), null],
    // ability: at or below the grade/test theta threshold
    ["2", "MOY", t("rer-word-reading", { finalTheta: 0.5 }), true],
    ["2", "MOY", t("rer-word-reading", { finalTheta: 0.51 }), false],
    ["3", "BOY", t("rer-deletion", { finalTheta: 1 }), true],
    ["3", "BOY", t("rer-deletion", { finalTheta: 1.01 }), false],
    ["K", "EOY", t("rer-blending", { finalTheta: -0.5 }), true],
    ["K", "EOY", t("rer-blending", { finalTheta: -0.49 }), false],
    ["PK", "BOY", t("vocab", { finalTheta: -1 }), true],
    ["PK", "BOY", t("vocab", { finalTheta: -0.99 }), false],
    ["PK", "EOY", t("object-ran", { finalTheta: -0.95 }), true],
    ["PK", "EOY", t("first-sounds", { finalTheta: 0.01 }), false],
    ["2", "BOY", t("rer-word-reading", { finalTheta: null }), null],
    ["PK", "BOY", t("rer-word-reading", { finalTheta: -5 }), null], // no PK threshold
  ])("grade %s %s %j → %s", (grade, period, test, expected) => {
    expect(isRecommended(grade, period, test)).toBe(expected);
  });
});

describe("each scoring kind at, below and above its threshold (spec 001 §9)", () => {
  it.each<[string, Grade, Period, NextStepsTest, boolean]>([
    ["correct items below 18", "K", "MOY", t("letter-sounds", { correctItems: 17 }), true],
    ["correct items at 18", "K", "MOY", t("letter-sounds", { correctItems: 18 }), true],
    ["correct items above 18", "K", "MOY", t("letter-sounds", { correctItems: 19 }), false],
    ["percentile below 40", "1", "EOY", t("blending", { abilityPercentile: 39 }), true],
    ["percentile at 40", "1", "EOY", t("blending", { abilityPercentile: 40 }), true],
    ["percentile above 40", "1", "EOY", t("blending", { abilityPercentile: 41 }), false],
    ["ability below the grade 2 theta threshold (0.5)", "2", "BOY", t("rer-deletion", { finalTheta: 0.2 }), true],
    ["ability at the grade 2 theta threshold", "2", "BOY", t("rer-deletion", { finalTheta: 0.5 }), true],
    ["ability above the grade 2 theta threshold", "2", "BOY", t("rer-deletion", { finalTheta: 0.8 }), false],
    ["ability below the PK letter names threshold (-0.52)", "PK", "MOY", t("letter-names", { finalTheta: -0.9 }), true],
    ["ability at the PK letter names threshold", "PK", "MOY", t("letter-names", { finalTheta: -0.52 }), true],
    ["ability above the PK letter names threshold", "PK", "MOY", t("letter-names", { finalTheta: -0.51 }), false],
  ])("%s → %s", (_name, grade, period, test, expected) => {
    expect(isRecommended(grade, period, test)).toBe(expected);
    expect(nextSteps(grade, period, [test])).toEqual(
      expected
        ? { recommended: [test.testCode], message: null, unevaluated: [] }
        : { recommended: [], message: MET_EXPECTATIONS_TEXT, unevaluated: [] },
    );
  });
});

describe("nextSteps", () => {
  it("recommends flagged subtests in order, with no message", () => {
    const result = nextSteps("K", "BOY", [
      t("vocab", { abilityPercentile: 15 }),
      t("letter-names", { correctItems: 26 }),
      t("letter-sounds", { correctItems: 10 }),
    ]);
    expect(result).toEqual({ recommended: ["vocab", "letter-sounds"], message: null, unevaluated: [] });
  });

  it("says the student met expectations when none is flagged", () => {
    const result = nextSteps("1", "MOY", [t("vocab", { abilityPercentile: 80 }), t("letter-names", { correctItems: 25 })]);
    expect(result).toEqual({ recommended: [], message: MET_EXPECTATIONS_TEXT, unevaluated: [] });
  });

  it.each<[string, NextStepsTest[]]>([
    ["no tests", []],
    ["only unfinished tests", [t("vocab", { completedFlag: false, abilityPercentile: 5 })]],
    ["only invalid tests", [t("vocab", { invalid: true, abilityPercentile: 5 })]],
  ])("points to the resources when none is complete: %s", (_name, tests) => {
    expect(nextSteps("K", "BOY", tests)).toEqual({ recommended: [], message: NONE_COMPLETE_TEXT, unevaluated: [] });
  });

  it("ignores unfinished and invalid tests when recommending", () => {
    const result = nextSteps("K", "BOY", [
      t("vocab", { completedFlag: false, abilityPercentile: 5 }),
      t("blending", { invalid: true, abilityPercentile: 5 }),
      t("rhyming", { abilityPercentile: 90 }),
    ]);
    expect(result).toEqual({ recommended: [], message: MET_EXPECTATIONS_TEXT, unevaluated: [] });
  });

  it("lists complete tests it could not judge, without counting them as flagged", () => {
    const result = nextSteps("K", "BOY", [t("object-ran", { abilityPercentile: null }), t("vocab", { abilityPercentile: 60 })]);
    expect(result).toEqual({ recommended: [], message: MET_EXPECTATIONS_TEXT, unevaluated: ["object-ran"] });
  });
});
