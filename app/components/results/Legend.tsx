import {
  BAND_LABELS,
  BAND_MARKS,
  CELL_STATE_LABELS,
  CELL_STATE_TEXT,
  NEEDS_SUPPORT_MARK,
  PROFICIENCY_LABELS,
} from "#app/domain/results-labels";
import { NO_NORMS_TEXT, sourceNoteText, type SourceNote } from "#app/domain/screening-standards";

const BANDS = [
  ["well-below", "at or below the 20th percentile"],
  ["below", "21st to 40th percentile"],
  ["at-or-above", "above the 40th percentile"],
] as const;
const STATES = ["not-applicable", "empty", "incomplete", "needs-scoring", "invalid"] as const;

/**
 * What colours, marks and words in the grid mean (spec 001 §2: the grid has a legend), and where
 * the grid's configured norms and cutoffs come from (issue 34 item 4).
 */
export function Legend({ sources = [] }: { sources?: readonly SourceNote[] }) {
  return (
    <section className="results-legend" aria-labelledby="results-legend-title">
      <h2 id="results-legend-title" className="results-legend__title">
        Legend
      </h2>
      <ul className="results-legend__list">
        {BANDS.map(([band, range]) => (
          <li key={band}>
            <span className={`results-legend__swatch cell band--${band}`} aria-hidden="true">
              {BAND_MARKS[band] || "50th"}
            </span>
            {BAND_LABELS[band]} ({range})
          </li>
        ))}
        {STATES.map((state) => (
          <li key={state}>
            <span className={`results-legend__swatch cell cell--${state}`} aria-hidden="true">
              {CELL_STATE_TEXT[state]}
            </span>
            {CELL_STATE_LABELS[state]}
            {state === "not-applicable" ? " to the student's grade in this period" : null}
            {state === "needs-scoring" ? " (a finished test waiting for staff scoring)" : null}
          </li>
        ))}
        <li>
          <span className="results-legend__swatch cell" aria-hidden="true">
            No %ile
          </span>
          Hand-entered letter scores have no percentile: the cell shows the count of correct letters
        </li>
        <li>
          <span className="results-legend__swatch cell" aria-hidden="true">
            40 s
          </span>
          {NO_NORMS_TEXT}: a scored RAN shows its seconds and errors; a percentile needs RAN norms set for the district
        </li>
        {sources.some((s) => s.kind === "abilityCutoffs") ? (
          <li>
            <span className="results-legend__swatch cell" aria-hidden="true">
              {NEEDS_SUPPORT_MARK}
            </span>
            {PROFICIENCY_LABELS.notOnTrack}: an ability score (theta) below the theta cutoff set for the grade, test and period;{" "}
            {PROFICIENCY_LABELS.onTrack}: at or above it
          </li>
        ) : null}
      </ul>
      {sources.length > 0 ? (
        <p className="results-legend__sources">Sources of the norms and cutoffs used here: {sources.map(sourceNoteText).join("; ")}.</p>
      ) : null}
    </section>
  );
}
