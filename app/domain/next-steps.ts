import { ASSESSMENTS, type Scoring, type TestCode } from "./assessments";
import type { Grade } from "./grades";
import { clampPercentile } from "./percentile";
import type { Period } from "./periods";
import { findProficiencyCutoff } from "./proficiency";

/** Spec 001 §9: recommended when the score is AT OR BELOW these. */
export const CORRECT_ITEMS_THRESHOLD = 18;
export const PERCENTILE_THRESHOLD = 40;

export const MET_EXPECTATIONS_TEXT = "This student met expectations...";
export const NONE_COMPLETE_TEXT = "View the Next Steps Resources with the link below.";

export type NextStepsTest = {
  testCode: TestCode;
  completedFlag: boolean;
  invalid: boolean | null;
  abilityPercentile: number | null;
  finalTheta: number | null;
  correctItems: number | null;
};

export type NextSteps = {
  /** Subtests to recommend, in the order given. */
  recommended: TestCode[];
  /** Text to show instead of a list, or null when there are recommendations. */
  message: string | null;
  /** Complete subtests that could not be judged (score or threshold missing); shown as neither. */
  unevaluated: TestCode[];
};

/**
 * How a test is judged for next steps. PK is reported as proficiency (display-rules.ts), so its
 * tests are judged on theta even where the catalogue lists another scoring.
 */
export function nextStepsScoring(grade: Grade, testCode: TestCode): Scoring {
  if (grade === "PK" && findProficiencyCutoff("PK", testCode, "BOY") !== undefined) return "ability";
  return ASSESSMENTS[testCode].scoring;
}

/**
 * The theta threshold per grade and test: the proficiency cutoff. Note the spec's edges differ:
 * on track is theta >= cutoff, a recommendation is theta <= threshold, so a theta exactly on the
 * cutoff is both on track and recommended. We follow both texts literally.
 */
export function thetaThreshold(grade: Grade, testCode: TestCode, period: Period): number | undefined {
  return findProficiencyCutoff(grade, testCode, period);
}

function finite(value: number | null): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/** true = recommend, false = met expectations, null = cannot judge. */
export function isRecommended(grade: Grade, period: Period, test: NextStepsTest): boolean | null {
  switch (nextStepsScoring(grade, test.testCode)) {
    case "correctItems":
      return finite(test.correctItems) ? test.correctItems <= CORRECT_ITEMS_THRESHOLD : null;
    case "percentile": {
      // Judge the percentile as displayed, so the advice agrees with the benchmark colour.
      const shown = clampPercentile(test.abilityPercentile);
      return shown === null ? null : shown <= PERCENTILE_THRESHOLD;
    }
    case "ability": {
      const threshold = thetaThreshold(grade, test.testCode, period);
      return finite(test.finalTheta) && threshold !== undefined ? test.finalTheta <= threshold : null;
    }
  }
}

/** Next steps of one student for one period, from the period's subtests. */
export function nextSteps(grade: Grade, period: Period, tests: readonly NextStepsTest[]): NextSteps {
  const complete = tests.filter((t) => t.completedFlag && t.invalid !== true);
  const recommended: TestCode[] = [];
  const unevaluated: TestCode[] = [];
  for (const test of complete) {
    const verdict = isRecommended(grade, period, test);
    if (verdict === true) recommended.push(test.testCode);
    if (verdict === null) unevaluated.push(test.testCode);
  }
  let message: string | null = null;
  if (complete.length === 0) message = NONE_COMPLETE_TEXT;
  else if (recommended.length === 0) message = MET_EXPECTATIONS_TEXT;
  return { recommended, message, unevaluated };
}
