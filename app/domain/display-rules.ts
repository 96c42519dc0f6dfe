import { ASSESSMENTS, defaultGradeAssessments, isLetterTest, letterItems, type TestCode } from "./assessments";
import type { Grade } from "./grades";
import { PERCENTILE_BAND_LABELS, formatPercentile, percentileBand, type PercentileBand } from "./percentile";
import type { Period } from "./periods";
import { PROFICIENCY_LABELS } from "./results-labels";
import { abilityCutoffFor, isOnTrackAt, NO_CUTOFF_TEXT, NO_EFFECTIVE_STANDARDS, type EffectiveStandards } from "./screening-standards";

/** Score display rules (spec 001 §3). */
export const DISPLAY_RULES = ["%", "proficiency", "ratio", "tbd", "algorithm_percentage", "algorithm_icon", "grayed_out"] as const;
export type DisplayRule = (typeof DISPLAY_RULES)[number];

export type DisplayRuleOptions = {
  /** flag gr-3-internal-testing-display-rules */
  gr3InternalTestingDisplayRules: boolean;
  /** flag rer-kindergarten */
  rerKindergarten: boolean;
  /** The grid's Percentile/Score toggle; only letter tests follow it. Default 'percentile'. */
  letterScores?: "percentile" | "score";
};

/**
 * Which rule shows a test's score in a grade. The specs name the rules but not the matrix; ours
 * (docs/decisions/0011-results-display-rules.md):
 * - PK shows the national percentile ('%') of the tests it takes (its default set, assessments.ts),
 *   as the screener reports them and as K does; other tests are greyed out. (PK used to report
 *   proficiency, but PK results carry a percentile and no theta, so every cell read 'N/A'.)
 * - K and 1 show national percentiles ('%') for the classic tests; RER tests there are greyed
 *   out, except that rer-kindergarten reports K's RER tests as proficiency. The flag changes how
 *   RER tests read, never whether the classic tests a district lists for K count: they keep their
 *   percentiles (issue 34 item 13: with the flag on classic K lists, finished tests turned grey
 *   while unfinished ones said 'Not started').
 * - Grade 2 uses the algorithm rules for RER tests: the percentile, and an icon for RER letter RAN
 *   (a band icon is what a scorer's manual RAN score supports). Classic tests are greyed out.
 * - Grade 3 follows grade 2's rules, so a grade 3 teacher sees scores; flag
 *   gr-3-internal-testing-display-rules swaps in grade 3's internal-testing rules: RER tests as
 *   proficiency (theta against the grade 3 cutoff). 'tbd' is no longer any grade's default.
 * Letter tests showing '%' switch to 'ratio' when the Score side of the toggle is chosen.
 * A grayed_out test is greyed out in every state, not only once finished (results-grid.ts gridCell).
 */
export function displayRuleFor(grade: Grade, testCode: TestCode, options: DisplayRuleOptions): DisplayRule {
  const rule = baseRule(grade, testCode, options);
  if (rule === "%" && isLetterTest(testCode) && options.letterScores === "score") return "ratio";
  return rule;
}

function baseRule(grade: Grade, testCode: TestCode, options: DisplayRuleOptions): DisplayRule {
  const rer = ASSESSMENTS[testCode].rer;
  switch (grade) {
    case "PK":
      return PK_TESTS.includes(testCode) ? "%" : "grayed_out";
    case "K":
      if (rer) return options.rerKindergarten ? "proficiency" : "grayed_out";
      return "%";
    case "1":
      return rer ? "grayed_out" : "%";
    case "2":
      return rerAlgorithmRule(testCode);
    case "3":
      if (options.gr3InternalTestingDisplayRules) return rer ? "proficiency" : "grayed_out";
      return rerAlgorithmRule(testCode);
  }
}

/** The tests prekindergarten takes: the default PK set (the same in every period). */
const PK_TESTS: readonly TestCode[] = defaultGradeAssessments("PK", "BOY", { rerKindergarten: false });

function rerAlgorithmRule(testCode: TestCode): DisplayRule {
  if (!ASSESSMENTS[testCode].rer) return "grayed_out";
  return ASSESSMENTS[testCode].manual === "ran" ? "algorithm_icon" : "algorithm_percentage";
}

/** What formatScore needs of a participant test (field names as in spec 001 §3). */
export type ScoredTest = {
  testCode: TestCode;
  grade: Grade;
  period: Period;
  invalid: boolean | null;
  abilityPercentile: number | null;
  finalTheta: number | null;
  correctItems: number | null;
  totalItems: number | null;
};

export type FormattedScore = {
  text: string;
  /** Benchmark colouring, for rules that show a percentile. */
  band: PercentileBand | null;
  /** Icon to draw instead of text (algorithm_icon). */
  icon: PercentileBand | null;
  grayedOut: boolean;
  /** Proficiency: the source of the theta cutoff that judged it; or no cutoff is configured (the text says so). */
  source?: string;
  noCutoff?: true;
};

export const NOT_AVAILABLE = "N/A";
export const TBD_TEXT = "TBD";
// The specs do not word the two proficiency outcomes; ours live with the grid's words (results-labels.ts).
export { PROFICIENCY_LABELS };

function text(value: string, band: PercentileBand | null = null): FormattedScore {
  return { text: value, band, icon: null, grayedOut: false };
}

/**
 * The cell content of a completed test under a rule. An invalid test shows 'N/A' whatever the
 * rule. A proficiency rule judges the theta against the cutoff configured for the grade, test and
 * period (screening-standards.ts, with its source); with none it says 'No cutoff configured'
 * (`noCutoff`, for the caller to log) and judges nothing.
 */
export function formatScore(
  rule: DisplayRule,
  test: ScoredTest,
  standards: Pick<EffectiveStandards, "abilityCutoffs"> = NO_EFFECTIVE_STANDARDS,
): FormattedScore {
  if (rule === "grayed_out") return { text: "", band: null, icon: null, grayedOut: true };
  if (test.invalid === true) return text(NOT_AVAILABLE);

  switch (rule) {
    case "%": {
      const shown = formatPercentile(test.abilityPercentile);
      return shown === null ? text(NOT_AVAILABLE) : text(shown, percentileBand(test.abilityPercentile));
    }
    case "algorithm_percentage": {
      // The number is the test's national percentile (abilityPercentile), so it carries the
      // percentile's unit as everywhere else (spec 001 §5: rounded, clamped 1–99, ordinal suffix):
      // '35th', as the slider, 'Why flagged', the CSV columns and the family report call it.
      // It used to read '35%' here and '35th percentile' beside it (issue 34 item 6); '%' is the
      // unit of the predictive profile's probabilities only.
      const shown = formatPercentile(test.abilityPercentile);
      return shown === null ? text(NOT_AVAILABLE) : text(shown, percentileBand(test.abilityPercentile));
    }
    case "algorithm_icon": {
      const band = percentileBand(test.abilityPercentile);
      return band === null ? text(NOT_AVAILABLE) : { text: PERCENTILE_BAND_LABELS[band], band, icon: band, grayedOut: false };
    }
    case "proficiency": {
      if (test.finalTheta === null || !Number.isFinite(test.finalTheta)) return text(NOT_AVAILABLE);
      const cutoff = abilityCutoffFor(standards, test.grade, test.testCode, test.period);
      if (!cutoff) return { ...text(NO_CUTOFF_TEXT), noCutoff: true };
      const onTrack = isOnTrackAt(test.finalTheta, cutoff.theta);
      return { ...text(onTrack ? PROFICIENCY_LABELS.onTrack : PROFICIENCY_LABELS.notOnTrack), source: cutoff.source };
    }
    case "ratio": {
      // Letter tests are scored against the full list even when the record lacks totalItems.
      const total = test.totalItems ?? (isLetterTest(test.testCode) ? letterItems(test.testCode).length : null);
      if (test.correctItems === null || total === null) return text(NOT_AVAILABLE);
      return text(`${test.correctItems}/${total}`);
    }
    case "tbd":
      return text(TBD_TEXT);
  }
}
