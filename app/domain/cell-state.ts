import { ASSESSMENTS, type TestCode } from "./assessments";

export const CELL_STATES = ["not-applicable", "empty", "incomplete", "needs-scoring", "invalid", "complete"] as const;
export type CellState = (typeof CELL_STATES)[number];

/** The fields of a participant test that decide the state of its grid cell. */
export type CellTest = {
  testCode: TestCode;
  completedFlag: boolean;
  invalid: boolean | null;
  abilityPercentile: number | null;
};

export type CellInput = {
  /** Whether the test is in the district's list for the student's grade and period. */
  applicable: boolean;
  test: CellTest | null | undefined;
};

/**
 * State of one assessment cell (spec 001 §4), checked in this order:
 * not applicable → empty (no test) → incomplete (not finished) → invalid → needs scoring →
 * complete. "Needs scoring" is literally "manually scored, complete, no percentile, invalid is
 * null": invalid === false means a scorer has already looked at it, so that is complete.
 */
export function cellState({ applicable, test }: CellInput): CellState {
  if (!applicable) return "not-applicable";
  if (!test) return "empty";
  if (!test.completedFlag) return "incomplete";
  if (test.invalid === true) return "invalid";
  const hasPercentile = typeof test.abilityPercentile === "number" && Number.isFinite(test.abilityPercentile);
  if (ASSESSMENTS[test.testCode].manual !== null && !hasPercentile && test.invalid === null) {
    return "needs-scoring";
  }
  return "complete";
}

/** Fixed text of an invalid cell; other states are drawn by the grid (shading, icons, scores). */
export const INVALID_CELL_TEXT = "N/A";
