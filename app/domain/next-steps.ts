import { subtestGroup, type AssessmentGroup, type TestCode } from "./assessments";
import { PROFICIENCY_LABELS } from "./display-rules";
import { BELOW_MAX } from "./percentile";
import type { GridCell } from "./results-grid";

/** Spec 001 §9: recommended when the score is AT OR BELOW these. */
export const CORRECT_ITEMS_THRESHOLD = 18;
/** The same number as the top of the Below Benchmark band, so advice and colour cannot part. */
export const PERCENTILE_THRESHOLD = BELOW_MAX;

export const MET_EXPECTATIONS_TEXT = "This student met expectations...";
export const NONE_COMPLETE_TEXT = "View the Next Steps Resources with the link below.";

/**
 * What next steps read of a subtest: the cell the page shows for it (results-grid.ts gridCell,
 * built with percentiles on the phonics switch), so the advice is taken from the very score,
 * colour and arrow beside it (docs/decisions/0011-results-display-rules.md).
 */
export type JudgedCell = Pick<GridCell, "testCode" | "state" | "band" | "grayedOut" | "text" | "handScore"> & {
  test: { correctItems: number | null } | null;
};

export type NextSteps = {
  /** Subtests to recommend, in the order given. */
  recommended: TestCode[];
  /** Text to show instead of a list, or null when there are recommendations. */
  message: string | null;
  /** Scored subtests whose cell shows no score to judge (e.g. 'N/A'); never counted as met. */
  unevaluated: TestCode[];
};

/** true = recommend, false = met expectations, null = the cell shows no score to judge. */
export function isRecommended(cell: JudgedCell): boolean | null {
  if (cell.state !== "complete" || cell.grayedOut) return null;
  // A percentile shown ('%', algorithm percentage or icon): ▼ or ▼▼ is at or below the 40th.
  if (cell.band !== null) return cell.band !== "at-or-above";
  // Proficiency: the cell's own verdict against the grade/test/period theta cutoff.
  if (cell.text === PROFICIENCY_LABELS.notOnTrack) return true;
  if (cell.text === PROFICIENCY_LABELS.onTrack) return false;
  // A hand-entered letter test has no percentile; the page shows its count: correct items.
  const correct = cell.test?.correctItems;
  if (cell.handScore !== undefined && typeof correct === "number" && Number.isFinite(correct)) {
    return correct <= CORRECT_ITEMS_THRESHOLD;
  }
  return null;
}

/** Whether a cell counts as a complete subtest for next steps: finished, valid and reported for the grade. */
function isShownComplete(cell: JudgedCell): boolean {
  return cell.state === "complete" && !cell.grayedOut;
}

/**
 * Next steps of one student for one period, from the cells of the period's subtests. 'Met
 * expectations' only when every complete subtest was judged and none is flagged; when one could
 * not be judged, the page points to the resources instead of vouching for it.
 */
export function nextSteps(cells: readonly JudgedCell[]): NextSteps {
  const complete = cells.filter(isShownComplete);
  const recommended: TestCode[] = [];
  const unevaluated: TestCode[] = [];
  for (const cell of complete) {
    const verdict = isRecommended(cell);
    if (verdict === true) recommended.push(cell.testCode);
    if (verdict === null) unevaluated.push(cell.testCode);
  }
  let message: string | null = null;
  if (recommended.length === 0) message = complete.length === 0 || unevaluated.length > 0 ? NONE_COMPLETE_TEXT : MET_EXPECTATIONS_TEXT;
  return { recommended, message, unevaluated };
}

/**
 * Where a recommended subtest's resource is on the Next Steps Resources page: the section of its
 * skill (its group, as every page shows it: phonemic awareness, phonics, fluency, vocabulary, comprehension).
 */
export function resourceAnchor(testCode: TestCode): AssessmentGroup {
  return subtestGroup(testCode);
}

export function resourceHref(resourcesUrl: string, testCode: TestCode): string {
  return `${resourcesUrl.split("#")[0]}#${resourceAnchor(testCode)}`;
}
