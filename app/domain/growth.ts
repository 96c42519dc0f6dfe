import { ASSESSMENTS, GROUP_ORDER, subtestGroup, type TestCode } from "./assessments";
import { defaultLogger, type Logger } from "./logger";
import {
  BELOW_MAX,
  clampPercentile,
  PERCENTILE_BAND_LABELS,
  PERCENTILE_MAX,
  PERCENTILE_MIN,
  WELL_BELOW_MAX,
  type PercentileBand,
} from "./percentile";
import type { Period } from "./periods";
import { probabilityPercent } from "./probability";
import {
  gradeTestLists,
  gridCell,
  pickTest,
  PROFILE_KINDS,
  PROFILE_TITLES,
  profileApplies,
  profileCell,
  testApplies,
  type CellOptions,
  type GridTest,
  type ProfileScores,
  type ProfileTone,
  type ScoreKind,
} from "./results-grid";
import { subtestsOfGrade } from "./student-profile";
import { NO_EFFECTIVE_STANDARDS } from "./screening-standards";

// A student's growth across the periods as the student page draws it (issue 39 item 1): each
// point is the cell the profile shows for that period, read in percentile mode; the chart's band
// edges are the percentile bands' own (percentile.ts).

/** The scale and shaded bands of a percentile chart: the domain's band edges, never literals of the chart's. */
export const PERCENTILE_SCALE = {
  min: PERCENTILE_MIN,
  max: PERCENTILE_MAX,
  bands: [
    { band: "well-below", from: PERCENTILE_MIN, to: WELL_BELOW_MAX, label: PERCENTILE_BAND_LABELS["well-below"] },
    { band: "below", from: WELL_BELOW_MAX, to: BELOW_MAX, label: PERCENTILE_BAND_LABELS.below },
  ] as const satisfies readonly { band: PercentileBand; from: number; to: number; label: string }[],
} as const;

export type GrowthPoint = {
  period: Period;
  /** The shown percentile (1–99) where the cell shows a band; null otherwise. */
  value: number | null;
  /** The cell's words: '45th', 'N/A', 'Not taken'… */
  text: string;
  band: PercentileBand | null;
  bandLabel: string | null;
};
export type GrowthSeries = { testCode: TestCode; title: string; points: GrowthPoint[] };

export type RiskPoint = { period: Period; value: number | null; text: string; qualifier: string; tone: ProfileTone };
export type RiskSeries = { kind: ScoreKind; title: string; points: RiskPoint[] };

export type GrowthInput = {
  grade: string;
  periods: readonly {
    periodName: Period;
    GradeAssessmentLists: readonly { grade: string; testCodes: string }[];
    tests: readonly GridTest[];
  }[];
  scores: Partial<Record<Period, ProfileScores>>;
  flags: Omit<CellOptions, "mode">;
  log?: Logger;
};

/** One series per subtest of the grade that shows a percentile in at least one period, in the profile's group order. */
export function growthSeries(input: GrowthInput): GrowthSeries[] {
  const lists = input.periods.map((p) => ({ period: p.periodName, lists: gradeTestLists(p.GradeAssessmentLists), tests: p.tests }));
  const codes = subtestsOfGrade(
    input.grade,
    lists.map((l) => l.lists),
  ).sort((a, b) => GROUP_ORDER.indexOf(subtestGroup(a)) - GROUP_ORDER.indexOf(subtestGroup(b)));
  const options: CellOptions = { ...input.flags, mode: "percentile" };
  return codes
    .map((code) => ({
      testCode: code,
      title: ASSESSMENTS[code].title,
      points: lists.map(({ period, lists: l, tests }): GrowthPoint => {
        const test = pickTest(tests.filter((t) => t.testCode === code));
        const cell = gridCell(code, input.grade, period, testApplies(l, input.grade, code), test, options);
        const value = cell.band && test ? clampPercentile(test.abilityPercentile) : null;
        return {
          period,
          value,
          text: cell.text,
          band: value === null ? null : cell.band,
          bandLabel: value === null || !cell.band ? null : PERCENTILE_BAND_LABELS[cell.band],
        };
      }),
    }))
    .filter((s) => s.points.some((p) => p.value !== null));
}

/** One series per risk score that applies to the grade in some period and has a score in at least one. */
export function riskSeries(input: GrowthInput): RiskSeries[] {
  const log = input.log ?? defaultLogger;
  const standards = input.flags.standards ?? NO_EFFECTIVE_STANDARDS;
  const kinds = PROFILE_KINDS.filter((k): k is ScoreKind => k !== "riskCategory");
  return kinds
    .filter((kind) => input.periods.some((p) => profileApplies(kind, input.grade, p.periodName)))
    .map((kind) => ({
      kind,
      title: PROFILE_TITLES[kind],
      points: input.periods.map(({ periodName: period }): RiskPoint => {
        const cell = profileCell(kind, input.grade, period, input.scores[period], log, standards);
        const score = input.scores[period]?.[kind];
        const value = cell.state === "complete" && typeof score === "number" ? probabilityPercent(score) : null;
        return { period, value, text: cell.state === "not-applicable" ? "N/A" : cell.text, qualifier: cell.qualifier, tone: cell.tone };
      }),
    }))
    .filter((s) => s.points.some((p) => p.value !== null));
}
