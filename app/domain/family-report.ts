import { GROUP_ORDER, subtestGroup, TEST_CODES, type AssessmentGroup, type TestCode } from "./assessments";
import { parseUsDate } from "./admin-fields";
import { dayNumber, type IsoDate } from "./calendar-date";
import { displayRuleFor, formatScore, NOT_AVAILABLE, PROFICIENCY_LABELS, type DisplayRuleOptions } from "./display-rules";
import { gradeLabel, isGrade, type Grade } from "./grades";
import { defaultLogger, type Logger } from "./logger";
import { clampPercentile, type PercentileBand } from "./percentile";
import type { Period } from "./periods";
import {
  gridCell,
  logCutoffGaps,
  NO_PERCENTILE_TEXT,
  pickTest,
  testApplies,
  type CutoffGap,
  type GradeTestLists,
  type GridTest,
} from "./results-grid";
import {
  distinctSources,
  NO_CUTOFF_TEXT,
  NO_EFFECTIVE_STANDARDS,
  NO_NORMS_TEXT,
  type EffectiveStandards,
  type SourceNote,
} from "./screening-standards";

// The printable family report (spec 001 §2 'Family report (print)'), as language-neutral data:
// which explanation, how long the screener takes, and each result as a kind plus numbers. The
// words live in one message catalogue per language (app/i18n/family-report), so the same model
// prints in any of them. Every score goes through the grid's own cell rules (gridCell,
// displayRuleFor, formatScore), so the report never says something the grid does not.

/** Explanation texts: one per screened grade, and the kindergarten text of flag rer-kindergarten. */
export const FAMILY_REPORT_EXPLANATIONS = ["PK", "K", "K-rer", "1", "2", "3"] as const;
export type FamilyReportExplanation = (typeof FAMILY_REPORT_EXPLANATIONS)[number];

/** Flag rer-kindergarten swaps the kindergarten text (spec 001 §2, §4); other grades have one text. */
export function explanationFor(grade: Grade, flags: { rerKindergarten: boolean }): FamilyReportExplanation {
  return grade === "K" && flags.rerKindergarten ? "K-rer" : grade;
}

/** About how long the screener takes, in minutes (spec 001 §2: 45 K; 20 PK, 2, 3; 30 grade 1). */
export const SCREENER_MINUTES: Record<Grade, number> = { PK: 20, K: 45, "1": 30, "2": 20, "3": 20 };

/** A benchmark band (percentile rules) or a proficiency outcome (theta rules): always carried as a word. */
export type FamilyReportBand = PercentileBand | "on-track" | "needs-support";
export const FAMILY_REPORT_BANDS: readonly FamilyReportBand[] = ["at-or-above", "below", "well-below", "on-track", "needs-support"];

/**
 * What a finished result shows, by the grid's display rule:
 * percentile ('%' and algorithm_percentage: 45th, the grid's unit for the same number, issue 34
 * item 6), ratio (a hand-entered letter test with no national percentile: correct/total), band
 * (algorithm_icon: the band word alone), proficiency (on track or needs support), tbd,
 * not-available (invalid, no score, no cutoff).
 */
export type FamilyReportScore =
  | { kind: "percentile"; value: number }
  | { kind: "ratio"; text: string }
  | { kind: "band" }
  | { kind: "proficiency" }
  | { kind: "tbd" }
  | { kind: "not-available" }
  /** A hand-scored RAN with no norms configured: its raw figures ('41 s, 2 errors'), no percentile or band (issue 34 item 4). */
  | { kind: "ran-time"; seconds: number; errors: number | null }
  /** A proficiency result with no theta cutoff configured: no verdict. */
  | { kind: "no-cutoff" };

/** A cell state of the grid, less 'not applicable' (the report lists only the grade's subtests). */
export type FamilyReportStatus = "complete" | "empty" | "incomplete" | "needs-scoring" | "invalid";

export type FamilyReportResult = {
  testCode: TestCode;
  group: AssessmentGroup;
  status: FamilyReportStatus;
  /** Null unless the status is complete. */
  score: FamilyReportScore | null;
  band: FamilyReportBand | null;
  /** Where the configured norms or cutoffs behind the result come from. */
  sources?: SourceNote[];
};

export type FamilyReportSummary = {
  /** Subtests the grade takes in the period (and that the report shows). */
  assigned: number;
  /** Finished by the student: complete, waiting for staff scoring, or not scorable. */
  finished: number;
  /** At or above benchmark, or on track. */
  onTrack: number;
  /** Below benchmark, or needs support. */
  support: number;
  /** Well below benchmark. */
  strongSupport: number;
};

export type FamilyReportModel = {
  /** The day the report is printed. */
  date: IsoDate;
  period: Period;
  academicYear: string | null;
  student: {
    participantId: string;
    firstName: string;
    lastName: string;
    /** Null when the roster grade is not one the screener covers (MULTI, 4 …). */
    grade: Grade | null;
    /** The roster value as the grid shows it, for grades outside the screener. */
    gradeLabel: string;
    dateOfBirth: IsoDate | null;
    schoolName: string | null;
    teacherNames: string[];
  };
  explanation: FamilyReportExplanation | null;
  screenerMinutes: number | null;
  /** The latest day a subtest of the period was finished. */
  screenedOn: IsoDate | null;
  /** Nothing to report: the grade is not screened, or the district's period lists no subtest the grade reports. */
  noSubtests: boolean;
  results: FamilyReportResult[];
  /** The sources of the configured norms and cutoffs behind the results, for the report's key. */
  sources: SourceNote[];
  summary: FamilyReportSummary;
};

/** The student as the profile's card or the classroom's student list has it. */
export type FamilyReportStudentInput = {
  participantId: string;
  firstName: string;
  lastName: string;
  grade: string;
  /** 'MM/dd/yyyy' as the API sends it, or 'YYYY-MM-DD'. */
  dateOfBirth: string | null;
  schoolName: string | null;
  teacherNames: readonly string[];
};

export type FamilyReportInput = {
  student: FamilyReportStudentInput;
  period: Period;
  academicYear?: string | null;
  /** The period's grade lists (district config, gradeTestLists()). */
  lists: GradeTestLists;
  /** The student's tests started in the period (any number per test code, as the API returns them). */
  tests: readonly GridTest[];
  flags: Omit<DisplayRuleOptions, "letterScores">;
  /** The norms and cutoffs in force for the district (screening-standards.ts); none when left out. */
  standards?: EffectiveStandards;
  today: IsoDate;
  log?: Logger;
  /**
   * Where a page that prints many reports gathers the results with no theta cutoff configured, to
   * log them once (logCutoffGaps); left out, each report logs its own once.
   */
  cutoffGaps?: CutoffGap[];
};

function isoDate(value: string | null): IsoDate | null {
  if (!value) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    try {
      dayNumber(value);
      return value;
    } catch {
      return null;
    }
  }
  return parseUsDate(value);
}

/** The report's reading of one grid cell; null for a subtest the grade's rules do not report (greyed out in the grid). */
function resultFor(
  testCode: TestCode,
  grade: Grade,
  period: Period,
  tests: readonly GridTest[],
  flags: FamilyReportInput["flags"],
  standards: EffectiveStandards,
): FamilyReportResult | null {
  const test = pickTest(tests.filter((t) => t.testCode === testCode));
  // Percentile mode: families get the national percentile where one exists, as the grid shows by default.
  const cell = gridCell(testCode, grade, period, true, test, { ...flags, mode: "percentile", standards });
  const group = subtestGroup(testCode);
  if (cell.grayedOut) return null;
  if (cell.state !== "complete" || !test) {
    // A state without a score; 'not-applicable' cannot happen, the subtest is in the grade's list.
    const status = cell.state === "not-applicable" ? "empty" : cell.state;
    return { testCode, group, status, score: null, band: null };
  }
  const done = (score: FamilyReportScore, band: FamilyReportBand | null = null): FamilyReportResult => ({
    testCode,
    group,
    status: "complete",
    score,
    band,
    ...(cell.sources ? { sources: cell.sources } : {}),
  });
  if (cell.text === NO_PERCENTILE_TEXT) {
    // Hand-entered letter scores have no national percentile: the Score side of the grid's toggle shows the count.
    const rule = displayRuleFor(grade, testCode, { ...flags, letterScores: "score" });
    const shown = formatScore(rule, { ...test, testCode, grade, period }, standards);
    return done(shown.text === NOT_AVAILABLE ? { kind: "not-available" } : { kind: "ratio", text: shown.text });
  }
  // No norms or no cutoff configured: the raw figures, or no verdict; never a percentile, band or 'needs support'.
  if (cell.note === NO_NORMS_TEXT && typeof test.scoredSecs === "number")
    return done({ kind: "ran-time", seconds: test.scoredSecs, errors: test.scoredErrors ?? null });
  if (cell.text === NO_CUTOFF_TEXT) return done({ kind: "no-cutoff" });
  if (cell.text === NOT_AVAILABLE) return done({ kind: "not-available" });
  const rule = displayRuleFor(grade, testCode, { ...flags, letterScores: "percentile" });
  const value = clampPercentile(test.abilityPercentile);
  switch (rule) {
    case "%":
    case "algorithm_percentage":
      return value === null ? done({ kind: "not-available" }) : done({ kind: "percentile", value }, cell.band);
    case "algorithm_icon":
      return done({ kind: "band" }, cell.band);
    case "proficiency":
      return done({ kind: "proficiency" }, cell.text === PROFICIENCY_LABELS.onTrack ? "on-track" : "needs-support");
    case "tbd":
      return done({ kind: "tbd" });
    case "ratio":
    case "grayed_out":
      // Neither comes out of a percentile-mode cell that is shown; keep the report honest if that changes.
      return done({ kind: "not-available" });
  }
}

const byDisplayOrder = (a: FamilyReportResult, b: FamilyReportResult) =>
  GROUP_ORDER.indexOf(a.group) - GROUP_ORDER.indexOf(b.group) || TEST_CODES.indexOf(a.testCode) - TEST_CODES.indexOf(b.testCode);

export function summarize(results: readonly FamilyReportResult[]): FamilyReportSummary {
  const count = (pred: (r: FamilyReportResult) => boolean) => results.filter(pred).length;
  return {
    assigned: results.length,
    finished: count((r) => r.status === "complete" || r.status === "needs-scoring" || r.status === "invalid"),
    onTrack: count((r) => r.band === "at-or-above" || r.band === "on-track"),
    support: count((r) => r.band === "below" || r.band === "needs-support"),
    strongSupport: count((r) => r.band === "well-below"),
  };
}

/** The report of one student for one period. */
export function buildFamilyReport(input: FamilyReportInput): FamilyReportModel {
  const { student, period, lists, flags } = input;
  const log = input.log ?? defaultLogger;
  dayNumber(input.today); // a malformed print date is a caller's bug: fail here, not in the catalogue
  const grade = isGrade(student.grade) ? student.grade : null;
  const codes = grade ? TEST_CODES.filter((code) => testApplies(lists, grade, code)) : [];
  const results = grade
    ? codes
        .map((code) => resultFor(code, grade, period, input.tests, flags, input.standards ?? NO_EFFECTIVE_STANDARDS))
        .filter((r): r is FamilyReportResult => r !== null)
        .sort(byDisplayOrder)
    : [];
  // Results with no theta cutoff configured: said once for the report, or gathered for the page that prints many.
  const gaps = grade
    ? results.filter((r) => r.score?.kind === "no-cutoff").map((r): CutoffGap => ({ testCode: r.testCode, grade, period }))
    : [];
  if (input.cutoffGaps) input.cutoffGaps.push(...gaps);
  else logCutoffGaps(gaps, log);
  const shownCodes = new Set(results.map((r) => r.testCode));
  const finishedDays = input.tests
    .filter((t) => shownCodes.has(t.testCode) && t.completedFlag && t.endDtTm)
    .map((t) => (t.endDtTm as string).slice(0, 10))
    .sort();
  return {
    date: input.today,
    period,
    academicYear: input.academicYear ?? null,
    student: {
      participantId: student.participantId,
      firstName: student.firstName,
      lastName: student.lastName,
      grade,
      gradeLabel: gradeLabel(student.grade),
      dateOfBirth: isoDate(student.dateOfBirth),
      schoolName: student.schoolName,
      teacherNames: [...student.teacherNames],
    },
    explanation: grade ? explanationFor(grade, flags) : null,
    screenerMinutes: grade ? SCREENER_MINUTES[grade] : null,
    screenedOn: finishedDays.at(-1) ?? null,
    noSubtests: results.length === 0,
    results,
    sources: distinctSources(results.flatMap((r) => r.sources ?? [])),
    summary: summarize(results),
  };
}
