// Words of the results grid, free of imports so the browser bundle can use them without the
// scoring rules (which run on the server).

export type GridCellState = "not-applicable" | "empty" | "incomplete" | "needs-scoring" | "invalid" | "complete";
export type Band = "well-below" | "below" | "at-or-above";

export const NOT_APPLICABLE_TEXT = "Not applicable";

/** Visible text of the states without a score; each is distinct so print and colour-blind readers can tell them apart. */
export const CELL_STATE_TEXT: Record<Exclude<GridCellState, "complete">, string> = {
  "not-applicable": "—",
  empty: "Not started",
  incomplete: "In progress",
  "needs-scoring": "Needs scoring",
  invalid: "N/A",
};

/** Words for screen readers, the legend and the CSV. */
export const CELL_STATE_LABELS: Record<GridCellState, string> = {
  "not-applicable": NOT_APPLICABLE_TEXT,
  empty: "Not started",
  incomplete: "In progress",
  "needs-scoring": "Needs scoring",
  invalid: "Invalid (N/A)",
  complete: "Complete",
};

export const BAND_LABELS: Record<Band, string> = {
  "well-below": "Well Below Benchmark",
  below: "Below Benchmark",
  "at-or-above": "At or Above Benchmark",
};

/** A mark beside a coloured percentile, so the band survives black-and-white printing. */
export const BAND_MARKS: Record<Band, string> = {
  "well-below": "▼▼",
  below: "▼",
  "at-or-above": "",
};

/**
 * The two outcomes of a proficiency cell: its theta at or above the cutoff configured for the
 * grade, test and period, or below it. The specs do not word them; these are ours.
 */
export const PROFICIENCY_LABELS = { onTrack: "On Track", notOnTrack: "Needs Support" } as const;

/** A theta under its cutoff is flagged as a Below Benchmark percentile is, with one ▼ (Next Steps recommends both). */
export const NEEDS_SUPPORT_MARK = BAND_MARKS.below;

/**
 * The flag mark beside a shown score, one rule for the grid, the student page and the family
 * report: ▼▼ well below benchmark; ▼ below benchmark or Needs Support; nothing for any other cell.
 * (A Needs Support cell used to carry ▼ on the family report only.) The CSVs carry no marks: their
 * cells are the words and numbers shown ('Needs Support', '35th').
 */
export function flagMark(cell: { state: GridCellState; grayedOut: boolean; band: Band | null; text: string }): string {
  if (cell.state !== "complete" || cell.grayedOut) return "";
  if (cell.band) return BAND_MARKS[cell.band];
  return cell.text === PROFICIENCY_LABELS.notOnTrack ? NEEDS_SUPPORT_MARK : "";
}

export const SCORE_MODE_PARAM = { percentile: "percentile", score: "raw" } as const;
export const ORDER_PARAM = { alphabetical: "alpha", product: "product" } as const;

export const NOTHING_TO_DISPLAY =
  "Nothing to display. Click the Students tab to add a student. Once they have taken the screener, their results will be shown here!";
export const NO_CLASSROOM_STUDENTS = "No students belong to this classroom yet. Click the button to create the first one!";
export const UNABLE_TO_LOAD_CLASSROOM = "Unable to load classroom data.";
export const UNABLE_TO_LOAD_STUDENTS = "Unable to load students in classroom.";
export const UNABLE_TO_INPUT = "Unable to input scores";
export const UNABLE_TO_UPDATE = "Unable to update scores";
export const UNABLE_TO_LOAD_DATA = "Unable to load data. Please refresh to try again.";
