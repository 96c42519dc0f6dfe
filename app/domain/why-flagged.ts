import { ASSESSMENTS, type TestCode } from "./assessments";
import { decisiveDecimal, decisivePercent, exactDecimal, exactPercent, type Claim } from "./decisive-percent";
import {
  cutoffFor,
  DYSLEXIA_K_TABLE_IN_FORCE,
  isDyslexiaRisk,
  isPwrCalculated,
  isPwrRisk,
  PWR_GRADE_1_TABLE_IN_FORCE,
  readinessStatus,
} from "./cutoffs";
import type { Grade } from "./grades";
import { defaultLogger, type Logger } from "./logger";
import { ordinal } from "./ordinal";
import { BELOW_MAX, clampPercentile, percentileBand, WELL_BELOW_MAX } from "./percentile";
import { PERIOD_LABELS, type Period } from "./periods";
import { PROFILE_TITLES, type ProfileKind } from "./results-grid";
import { PWR_LEGEND, pwrRiskLevel } from "./risk-category";
import { PROFICIENCY_LABELS } from "./results-labels";
import {
  abilityCutoffFor,
  isAboveCutoff,
  isOnTrackAt,
  NO_EFFECTIVE_STANDARDS,
  pkRiskCutoffFor,
  type EffectiveStandards,
} from "./screening-standards";

// 'Why flagged' (issue 10): next to every risk flag and every red or amber score on the student
// page, one explanation in plain words a parent-teacher conference can use: which measure, which
// value, which cutoff (grade, period, table) and what the band means. Each verdict is taken from
// the same rule that coloured the cell (cutoffs.ts, risk-category.ts, percentile.ts), so the
// words can never disagree with the colour.

/** red: at risk / well below benchmark; amber: moderate risk / below benchmark. */
export type FlagTone = "red" | "amber";

export type WhyFlagged = {
  /** What is flagged: 'Risk Flag', 'Vocabulary'. */
  measure: string;
  tone: FlagTone;
  /** Short name of the band: 'At risk', 'Well Below Benchmark'. */
  band: string;
  /** The whole explanation. */
  text: string;
};

/** Grade words for a sentence: 'prekindergarten', 'kindergarten', 'grade 1'. */
export function gradeWords(grade: Grade): string {
  if (grade === "PK") return "prekindergarten";
  if (grade === "K") return "kindergarten";
  return `grade ${grade}`;
}

/**
 * A cutoff probability as a percent a reader can compare with the score, with every decimal it
 * has (issue 34 item 5: a cutoff rounded for print could land on the other side of a score):
 * 0.161 → '16.1%', 0.43 → '43%', 0.6175 → '61.75%'.
 */
export function cutoffPercent(cutoff: number): string {
  return `${exactPercent(cutoff)}%`;
}

/**
 * The score in percent, as the grid shows it unless the whole percent would sit on the wrong
 * side of a cutoff or band edge the sentence prints beside it; then with the decimals that
 * decide ('16.12%' above '16.1%', never '16%').
 */
function scorePercent(score: number, ...claims: Claim[]): string {
  return `${decisivePercent(score, claims)}%`;
}

const when = (grade: Grade, period: Period) => `For ${gradeWords(grade)} at the ${PERIOD_LABELS[period]}`;

function dyslexiaTable(grade: Grade): string {
  if (grade === "K")
    return `dyslexia risk cutoffs, kindergarten ${DYSLEXIA_K_TABLE_IN_FORCE === "by-period" ? "table by period" : "flat table"}`;
  return `dyslexia risk cutoffs, ${gradeWords(grade)}`;
}

function pwrTable(grade: Grade): string {
  if (grade === "1") return `potential for word reading cutoffs, grade 1 ${PWR_GRADE_1_TABLE_IN_FORCE} table`;
  return `potential for word reading cutoffs, ${gradeWords(grade)}`;
}

/**
 * Why a predictive-profile score is flagged, or null when it is not (no cutoff, not at risk,
 * or a score the profile does not flag). The prekindergarten risk is flagged only against a
 * configured cutoff (`standards`), whose source the sentence names.
 */
export function whyProfileFlagged(
  kind: ProfileKind,
  grade: Grade,
  period: Period,
  score: number,
  log: Logger = defaultLogger,
  standards: Pick<EffectiveStandards, "pkRiskCutoff"> = NO_EFFECTIVE_STANDARDS,
): WhyFlagged | null {
  const measure = PROFILE_TITLES[kind];
  switch (kind) {
    case "dyslexia": {
      const cutoff = cutoffFor("dyslexia", grade, period);
      if (cutoff === undefined || !isDyslexiaRisk(grade, period, score, log)) return null;
      return {
        measure,
        tone: "red",
        band: "At risk",
        text:
          `${measure}: the screener's dyslexia risk score is ${scorePercent(score, { side: "above", edge: cutoff })}. ${when(grade, period)}, a score above ` +
          `${cutoffPercent(cutoff)} is flagged as at risk (${dyslexiaTable(grade)}). This means the student's answers look like ` +
          `those of children who later found learning to read hard. It is a reason to watch closely and give extra support ` +
          `early, not a diagnosis.`,
      };
    }
    case "pwr": {
      if (!isPwrCalculated(grade, period)) return null;
      // The same words as the grid's cell: the cutoff decides, the band describes (issue 12).
      const { band } = pwrRiskLevel(grade, period, score, log);
      const legend = PWR_LEGEND[grade]?.[period];
      const lead = (...claims: Claim[]) =>
        `${measure}: the screener puts the student's chance of reading words at grade level at ${scorePercent(score, ...claims)}.`;
      if (band && legend) {
        if (band === "Low") return null;
        const cutoff = cutoffFor("pwr", grade, period);
        if (cutoff === undefined) return null;
        // The band pwrRiskLevel chose: High below the legend's High edge, Moderate from that edge;
        // risk, and so either band, ends at the cutoff, which can sit inside the legend's Moderate band.
        const from = band === "High" ? legend.High[0] / 100 : legend.High[1] / 100;
        const upTo = band === "High" ? Math.min(legend.High[1] / 100, cutoff) : cutoff;
        const meaning =
          band === "High"
            ? "High risk means the student is likely to need extra help with reading words this year."
            : "Moderate risk means the student may need extra help with reading words; their progress is worth watching closely.";
        return {
          measure,
          tone: band === "High" ? "red" : "amber",
          band: `${band} risk`,
          text: `${lead({ side: "from", edge: from }, { side: "below", edge: upTo })} ${when(grade, period)}, ${cutoffPercent(from)} up to ${cutoffPercent(upTo)} is the ${band} risk band (potential for word reading legend, ${gradeWords(grade)}). ${meaning}`,
        };
      }
      const cutoff = cutoffFor("pwr", grade, period);
      if (cutoff === undefined || !isPwrRisk(grade, period, score, log)) return null;
      return {
        measure,
        tone: "red",
        band: "At risk",
        text:
          `${lead({ side: "below", edge: cutoff })} ${when(grade, period)}, a score below ${cutoffPercent(cutoff)} is flagged as at risk (${pwrTable(grade)}). ` +
          `This means the student is likely to need extra help with reading words this year.`,
      };
    }
    case "kready": {
      const cutoff = cutoffFor("readiness", grade, period);
      if (cutoff === undefined || readinessStatus(grade, period, score, log) !== "Emerging") return null;
      return {
        measure,
        tone: "red",
        band: "Emerging",
        text:
          `${measure}: the screener's reading readiness score is ${scorePercent(score, { side: "below", edge: cutoff })}. ${when(grade, period)}, a score below ` +
          `${cutoffPercent(cutoff)} means Emerging (reading readiness cutoffs, ${gradeWords(grade)}). Emerging means the early ` +
          `skills that reading builds on, such as knowing letters and hearing sounds in words, are still developing; ` +
          `practice at school and at home helps most now.`,
      };
    }
    case "pkRisk": {
      const configured = pkRiskCutoffFor(standards, period);
      if (grade !== "PK" || !configured || !isAboveCutoff(score, configured.cutoff)) return null;
      return {
        measure,
        tone: "red",
        band: "At risk",
        text:
          `${measure}: the screener's prekindergarten risk score is ${scorePercent(score, { side: "above", edge: configured.cutoff })}. ${when(grade, period)}, a score above ` +
          `${cutoffPercent(configured.cutoff)} is flagged as at risk (prekindergarten risk cutoff from ${configured.source}). ` +
          `It is a reason to watch early reading skills closely and give extra support, not a diagnosis.`,
      };
    }
    case "riskCategory":
      return null;
  }
}

/**
 * Why a subtest's score is red (well below benchmark) or amber (below benchmark), from its
 * percentile as shown; null for a score at or above benchmark or without a percentile. A
 * hand-scored RAN's percentile comes from the norms configured for the district, never a national
 * one: the sentence names their source (`normsSource`), and without one it says nothing.
 */
export function whyScoreFlagged(
  testCode: TestCode,
  grade: Grade,
  period: Period,
  percentile: number | null,
  normsSource: string | null = null,
): WhyFlagged | null {
  const shown = clampPercentile(percentile);
  const band = percentileBand(percentile);
  if (shown === null || band === null || band === "at-or-above") return null;
  const measure = ASSESSMENTS[testCode].title;
  const ran = ASSESSMENTS[testCode].manual === "ran";
  if (ran && !normsSource) return null;
  const lead = ran
    ? `${measure}: the student scored at the ${ordinal(shown)} percentile of the RAN norms from ${normsSource}, faster than about ${shown} in 100 ${gradeWords(grade)} students in those norms.`
    : `${measure}: the student scored at the ${ordinal(shown)} percentile, higher than about ${shown} in 100 ${gradeWords(grade)} students across the country.`;
  const table = ran
    ? "percentile bands, the same for every grade and period"
    : "national percentile bands, the same for every grade and period";
  if (band === "well-below") {
    return {
      measure,
      tone: "red",
      band: "Well Below Benchmark",
      text: `${lead} ${when(grade, period)}, the ${ordinal(WELL_BELOW_MAX)} percentile or lower is Well Below Benchmark (${table}). This means the skill is well behind most students of the same grade and needs focused help now.`,
    };
  }
  return {
    measure,
    tone: "amber",
    band: "Below Benchmark",
    text: `${lead} ${when(grade, period)}, above the ${ordinal(WELL_BELOW_MAX)} and up to the ${ordinal(BELOW_MAX)} percentile is Below Benchmark (${table}). This means the skill is behind most students of the same grade; extra practice should help the student catch up.`,
  };
}

/**
 * Why a proficiency cell reads 'Needs Support' (its ▼): the student's theta below the theta cutoff
 * configured for the grade, test and period, by the rule that wrote the cell (display-rules.ts
 * formatScore: isOnTrackAt). The theta is printed with two decimals, or with as many more as it
 * takes to stay below the cutoff it is compared with ('-0.4004', never '-0.40' beside '-0.4'); the
 * cutoff with every decimal it was configured with, and its source by name (a RAN's theta also
 * names the RAN norms it came from, `normsSource`). Null for a theta at
 * or above its cutoff, or with no cutoff or no theta (the cell then says so and flags nothing).
 */
export function whyProficiencyFlagged(
  testCode: TestCode,
  grade: Grade,
  period: Period,
  finalTheta: number | null,
  standards: Pick<EffectiveStandards, "abilityCutoffs">,
  normsSource: string | null = null,
): WhyFlagged | null {
  if (finalTheta === null || !Number.isFinite(finalTheta)) return null;
  const cutoff = abilityCutoffFor(standards, grade, testCode, period);
  if (!cutoff || isOnTrackAt(finalTheta, cutoff.theta)) return null;
  const measure = ASSESSMENTS[testCode].title;
  const theta = decisiveDecimal(finalTheta, [{ side: "below", edge: cutoff.theta }]);
  const edge = exactDecimal(cutoff.theta);
  const { onTrack, notOnTrack } = PROFICIENCY_LABELS;
  // A hand-scored RAN's theta is placed by the configured RAN norms: they are named too.
  const from = ASSESSMENTS[testCode].manual === "ran" && normsSource ? `, from the RAN norms from ${normsSource}` : "";
  return {
    measure,
    tone: "amber",
    band: notOnTrack,
    text:
      `${measure}: the student's ability score (theta${from}) is ${theta}. ${when(grade, period)}, a theta below ${edge} is ${notOnTrack} ` +
      `and ${edge} or above is ${onTrack} (theta cutoff from ${cutoff.source}). This means the skill is behind where the ` +
      `student's grade is expected to be now; extra practice should help the student catch up.`,
  };
}
