import type { TestCode } from "../assessments";
import type { GridTest } from "../results-grid";

let serial = 0;

/**
 * A complete test of `testCode` as the grid reads it, with no score: the domain tables' starting
 * row. Each has an id of its own; `overrides` sets what a case is about.
 */
export function gridTest(testCode: TestCode, overrides: Partial<GridTest> = {}): GridTest {
  serial++;
  return {
    participantTestId: `00000000-0000-4000-8000-${String(serial).padStart(12, "0")}`,
    testCode,
    completedFlag: true,
    invalid: null,
    abilityPercentile: null,
    startDtTm: "2025-09-10T15:00:00.000Z",
    endDtTm: "2025-09-10T15:05:00.000Z",
    updatedAt: "2025-09-10T15:05:00.000Z",
    finalTheta: null,
    correctItems: null,
    totalItems: null,
    correctByCode: null,
    ...overrides,
  };
}
