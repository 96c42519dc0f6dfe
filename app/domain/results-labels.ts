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
