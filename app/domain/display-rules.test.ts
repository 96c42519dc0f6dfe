import { describe, expect, it } from "vitest";
import type { TestCode } from "./assessments";
import { displayRuleFor, formatScore, type DisplayRule, type DisplayRuleOptions, type ScoredTest } from "./display-rules";
import type { Grade } from "./grades";
import { effectiveStandards, NO_CUTOFF_TEXT } from "./screening-standards";

const plain: DisplayRuleOptions = { gr3InternalTestingDisplayRules: false, rerKindergarten: false };
const gr3: DisplayRuleOptions = { ...plain, gr3InternalTestingDisplayRules: true };
const rerK: DisplayRuleOptions = { ...plain, rerKindergarten: true };
const scoreToggle: DisplayRuleOptions = { ...plain, letterScores: "score" };

describe("displayRuleFor", () => {
  it.each<[Grade, TestCode, DisplayRuleOptions, DisplayRule]>([
    // Issue 12 item 4: PK shows percentiles (its results carry no theta) and follows the Score toggle.
    ["PK", "vocab", plain, "%"],
    ["PK", "letter-names", plain, "%"],
    ["PK", "letter-names", scoreToggle, "ratio"],
    ["PK", "object-ran", plain, "%"],
    ["PK", "oral-sentence", plain, "grayed_out"],
    ["PK", "rer-blending", plain, "grayed_out"],
    ["K", "vocab", plain, "%"],
    ["K", "letter-sounds", plain, "%"],
    ["K", "letter-sounds", scoreToggle, "ratio"],
    ["K", "object-ran", scoreToggle, "%"],
    ["K", "rer-blending", plain, "grayed_out"],
    ["K", "rer-blending", rerK, "proficiency"],
    ["K", "letter-names", rerK, "%"],
    ["K", "object-ran", rerK, "%"],
    // Issue 34 item 13: the flag reads K's RER tests as proficiency; the classic tests a district lists keep their percentiles.
    ["K", "vocab", rerK, "%"],
    ["K", "nonword-repetition", rerK, "%"],
    ["K", "letter-sounds", { ...rerK, letterScores: "score" }, "ratio"],
    ["1", "word-reading", plain, "%"],
    ["1", "letter-names", scoreToggle, "ratio"],
    ["1", "rer-word-reading", plain, "grayed_out"],
    ["2", "rer-word-reading", plain, "algorithm_percentage"],
    ["2", "rer-letter-ran", plain, "algorithm_icon"],
    ["2", "word-reading", plain, "grayed_out"],
    // Issue 12 item 5: grade 3 follows grade 2's rules; the flag swaps in grade 3's internal-testing rules.
    ["3", "rer-word-reading", plain, "algorithm_percentage"],
    ["3", "rer-letter-ran", plain, "algorithm_icon"],
    ["3", "word-reading", plain, "grayed_out"],
    ["3", "rer-word-reading", gr3, "proficiency"],
    ["3", "rer-letter-ran", gr3, "proficiency"],
    ["3", "word-reading", gr3, "grayed_out"],
    ["2", "rer-word-reading", gr3, "algorithm_percentage"],
    ["K", "vocab", gr3, "%"],
  ])("grade %s %s %j → %s", (grade, code, options, rule) => {
    expect(displayRuleFor(grade, code, options)).toBe(rule);
  });
});

function test(overrides: Partial<ScoredTest>): ScoredTest {
  return {
    testCode: "vocab",
    grade: "K",
    period: "BOY",
    invalid: null,
    abilityPercentile: null,
    finalTheta: null,
    correctItems: null,
    totalItems: null,
    ...overrides,
  };
}

describe("formatScore", () => {
  it.each<[DisplayRule, Partial<ScoredTest>, string, string | null]>([
    ["%", { abilityPercentile: 20.4 }, "20th", "well-below"],
    ["%", { abilityPercentile: 33 }, "33rd", "below"],
    ["%", { abilityPercentile: 100 }, "99th", "at-or-above"],
    ["%", { abilityPercentile: null }, "N/A", null],
    ["%", { abilityPercentile: 50, invalid: true }, "N/A", null],
    ["%", { abilityPercentile: 50, invalid: false }, "50th", "at-or-above"],
    // A percentile carries the percentile's unit under the algorithm rule too (issue 34 item 6: was '1%', '41%').
    ["algorithm_percentage", { abilityPercentile: 0 }, "1st", "well-below"],
    ["algorithm_percentage", { abilityPercentile: 35 }, "35th", "below"],
    ["algorithm_percentage", { abilityPercentile: 40.6 }, "41st", "at-or-above"],
    ["algorithm_percentage", { abilityPercentile: null }, "N/A", null],
    ["ratio", { testCode: "letter-names", correctItems: 18, totalItems: 26 }, "18/26", null],
    ["ratio", { testCode: "letter-sounds", correctItems: 20, totalItems: null }, "20/29", null],
    ["ratio", { testCode: "letter-names", correctItems: null, totalItems: 26 }, "N/A", null],
    ["ratio", { testCode: "vocab", correctItems: 3, totalItems: null }, "N/A", null],
    ["ratio", { testCode: "vocab", correctItems: 0, totalItems: 10 }, "0/10", null],
    ["tbd", {}, "TBD", null],
    // Issue 34 item 4: no theta cutoff is configured (the product ships none), so no verdict.
    ["proficiency", { grade: "K", testCode: "rer-blending", finalTheta: -1 }, NO_CUTOFF_TEXT, null],
    ["proficiency", { grade: "PK", testCode: "vocab", finalTheta: null }, "N/A", null],
    ["proficiency", { grade: "PK", testCode: "vocab", finalTheta: 2, invalid: true }, "N/A", null],
  ])("%s %j → %s", (rule, overrides, expectedText, band) => {
    const result = formatScore(rule, test(overrides));
    expect(result.text).toBe(expectedText);
    expect(result.band).toBe(band);
    expect(result.icon).toBeNull();
    expect(result.grayedOut).toBe(false);
  });

  it.each<[number, string, string]>([
    [20, "well-below", "Well Below Benchmark"],
    [40, "below", "Below Benchmark"],
    [41, "at-or-above", "At or Above Benchmark"],
  ])("algorithm_icon at %s → %s icon", (percentile, icon, label) => {
    const result = formatScore("algorithm_icon", test({ abilityPercentile: percentile }));
    expect(result.icon).toBe(icon);
    expect(result.text).toBe(label);
  });

  it("algorithm_icon without a percentile is N/A with no icon", () => {
    expect(formatScore("algorithm_icon", test({}))).toEqual({ text: "N/A", band: null, icon: null, grayedOut: false });
  });

  it("grayed_out shows nothing, even for an invalid test", () => {
    expect(formatScore("grayed_out", test({ invalid: true, abilityPercentile: 50 }))).toEqual({
      text: "",
      band: null,
      icon: null,
      grayedOut: true,
    });
  });

  // Issue 34 item 4: the theta cutoffs are configuration with a named source, judged at or above.
  const THETA = effectiveStandards(
    {
      abilityCutoffs: {
        source: "State theta table, 2026",
        cutoffs: [{ grade: "K", testCode: "rer-blending", period: "EOY", theta: -0.5 }],
      },
    },
    null,
  );
  it.each<[number, string]>([
    [-0.5, "On Track"],
    [-0.51, "Needs Support"],
    [1, "On Track"],
  ])("proficiency judges theta %s against the configured cutoff → %s, naming its source", (finalTheta, words) => {
    const shown = formatScore("proficiency", test({ grade: "K", testCode: "rer-blending", period: "EOY", finalTheta }), THETA);
    expect(shown).toEqual({ text: words, band: null, icon: null, grayedOut: false, source: "State theta table, 2026" });
  });

  it("proficiency with no cutoff configured says so and judges nothing (it used to throw, or use an invented one)", () => {
    for (const standards of [undefined, THETA]) {
      const shown = formatScore("proficiency", test({ grade: "1", testCode: "vocab", period: "EOY", finalTheta: 0 }), standards);
      expect(shown).toEqual({ text: NO_CUTOFF_TEXT, band: null, icon: null, grayedOut: false, noCutoff: true });
    }
  });

  it("every rule PK gets for its default tests can be formatted without throwing", () => {
    for (const code of ["letter-names", "letter-sounds", "vocab", "rhyming", "first-sounds", "follow-directions", "object-ran"] as const) {
      const rule = displayRuleFor("PK", code, plain);
      expect(() => formatScore(rule, test({ grade: "PK", testCode: code, finalTheta: 0 }))).not.toThrow();
    }
  });

  it("rer-kindergarten RER tests are judged only against a configured cutoff", () => {
    const rule = displayRuleFor("K", "rer-blending", rerK);
    expect(formatScore(rule, test({ grade: "K", testCode: "rer-blending", period: "EOY", finalTheta: -0.5 })).text).toBe(NO_CUTOFF_TEXT);
    expect(formatScore(rule, test({ grade: "K", testCode: "rer-blending", period: "EOY", finalTheta: -0.5 }), THETA).text).toBe("On Track");
  });
});
