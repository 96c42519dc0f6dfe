import { isStudentTag, STUDENT_TAG_LABELS } from "./admin-fields";
import {
  ASSESSMENT_GROUPS,
  ASSESSMENTS,
  GROUP_ORDER,
  isLetterTest,
  subtestGroup,
  TEST_CODES,
  type AssessmentGroup,
  type TestCode,
} from "./assessments";
import { localIsoDate } from "./calendar-date";
import { NOT_AVAILABLE } from "./display-rules";
import { gradeLabel, isGrade } from "./grades";
import { defaultLogger, type Logger } from "./logger";
import { nextSteps } from "./next-steps";
import { clampPercentile, formatPercentile, percentileBand, type PercentileBand } from "./percentile";
import type { Period } from "./periods";
import {
  gradeMissingMessage,
  gradeTestLists,
  cutoffGapOf,
  gridCell,
  logCutoffGaps,
  pickTest,
  PROFILE_KINDS,
  PROFILE_TITLES,
  profileApplies,
  profileCell,
  profileSource,
  testApplies,
  type CellOptions,
  type CutoffGap,
  type GradeTestLists,
  type GridTest,
  type ProfileCell,
  type ProfileKind,
  type ProfileScores,
  type ScoreKind,
  type ScoreMode,
  type ShownCell,
} from "./results-grid";
import { flagMark, NOT_APPLICABLE_TEXT } from "./results-labels";
import { titleAction, type TitleAction } from "./test-details";
import { whyProficiencyFlagged, whyProfileFlagged, whyScoreFlagged, type WhyFlagged } from "./why-flagged";
import { distinctSources, NO_EFFECTIVE_STANDARDS, type SourceNote } from "./screening-standards";
import { birthDateText } from "./birth-date";

// The student page as data (spec 001 §2 'Student profile', §4 slider and period, §5 grade
// missing, §6 who may open titles): the Predictive Profile rows, the subtest groups with a cell
// per period made by the grid's own gridCell/profileCell (same display rules, same words), the
// sliders, the phonics switch, next steps and the why-flagged explanations.

export const NO_SUBTESTS_TEXT = "No subtests assigned to student grade.";
export const UNABLE_TO_LOAD_STUDENT = "Unable to load student data.";
export const UNABLE_TO_LOAD_STUDENT_RESULTS = "Unable to load student results.";
export const NO_PERIODS_TEXT = "The district has no assessment periods for this school year.";

/** §5: the student's grade must be in the period's assessment list; the grid says it in the same words. */
export { gradeMissingMessage };

/** A short mark per group for the row's token icon (decorative; the title carries the words). */
export const GROUP_TOKENS: Record<AssessmentGroup, string> = {
  "phonemic-awareness": "PA",
  phonics: "Ph",
  fluency: "Fl",
  vocabulary: "Vo",
  comprehension: "Co",
  processing: "Pr",
};

// ── Student card ────────────────────────────────────────────────────────────────────────────

export type CardInput = {
  firstName: string;
  middleName: string | null;
  lastName: string;
  grade: string;
  /** MM/dd/yyyy, or null (a student a roster brought without one). */
  dateOfBirth: string | null;
  tags: string;
  externalId: string | null;
  participantCode: string;
  lastTestDate: string | null;
  ParticipantGroup: readonly { User: readonly { userId: string; firstName: string; lastName: string }[] }[];
};

export type StudentCard = {
  name: string;
  teachers: string[];
  grade: string;
  birthday: string;
  lastTestDate: string | null;
  tags: string[];
  studentId: string | null;
  participantCode: string;
};

/** 'MM/DD/YYYY' of an instant, on the server's calendar. */
export function usDateOfInstant(iso: string): string {
  const day = localIsoDate(new Date(iso));
  return `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
}

export function studentCard(p: CardInput): StudentCard {
  const teachers = new Map<string, string>();
  for (const group of p.ParticipantGroup) for (const u of group.User) teachers.set(u.userId, `${u.firstName} ${u.lastName}`);
  return {
    name: [p.firstName, p.middleName, p.lastName].filter(Boolean).join(" "),
    teachers: [...teachers.values()],
    grade: gradeLabel(p.grade),
    birthday: birthDateText(p.dateOfBirth),
    lastTestDate: p.lastTestDate ? usDateOfInstant(p.lastTestDate) : null,
    tags: p.tags
      .split(",")
      .map((t) => t.trim())
      .filter(isStudentTag)
      .map((t) => STUDENT_TAG_LABELS[t]),
    studentId: p.externalId,
    participantCode: p.participantCode,
  };
}

// ── Results ─────────────────────────────────────────────────────────────────────────────────

export type ProfilePeriodInput = {
  periodName: Period;
  GradeAssessmentLists: readonly { grade: string; testCodes: string }[];
  tests: readonly GridTest[];
};

export type StudentResultsInput = {
  grade: string;
  /** The district's periods of the year, in order. */
  periods: readonly ProfilePeriodInput[];
  scores: Partial<Record<Period, ProfileScores>>;
  selected: Period;
  /** The phonics switch as asked for; it falls back to percentiles while it is disabled. */
  mode: ScoreMode;
  flags: Omit<CellOptions, "mode">;
  view: { superAdmin: boolean; adminView: boolean };
  log?: Logger;
};

export type RiskCell = Omit<ProfileCell, "kind"> & { period: Period; why: WhyFlagged | null };
export type RiskRow = { kind: ProfileKind; title: string; cells: RiskCell[] };

export type SubtestCell = ShownCell & { period: Period; why: WhyFlagged | null };
export type Slider = { percentile: number; text: string; band: PercentileBand };
export type SubtestRow = {
  testCode: TestCode;
  title: string;
  token: string;
  /** The selected period's percentile (spec 001 §4: only when it exists and the test is complete and valid). */
  slider: Slider | null;
  /** What the title opens for the selected period's test (spec 001 §6), and that test's id. */
  action: TitleAction;
  testId: string | null;
  cells: SubtestCell[];
};
export type SubtestGroup = {
  group: AssessmentGroup;
  title: string;
  rows: SubtestRow[];
  /** 'No subtests assigned to student grade.' when the grade takes none of the group's tests. */
  emptyText: string | null;
};

export type StudentResults = {
  periods: Period[];
  selected: Period;
  /** §5 grade-missing error for the selected period, or null. */
  gradeMissing: string | null;
  risk: RiskRow[];
  groups: SubtestGroup[];
  /** The phonics display-rule switch (spec 001 §2): enabled only once a letter test is complete. */
  phonics: { enabled: boolean; mode: ScoreMode };
  nextSteps: { recommended: { testCode: TestCode; title: string }[]; message: string | null };
  /** Where the configured norms and cutoffs behind the page's figures come from, for a note under them (issue 34 item 4). */
  sources: SourceNote[];
};

/** Tests of the grade in any period of the year, in catalogue order: one row each. */
export function subtestsOfGrade(grade: string, lists: readonly GradeTestLists[]): TestCode[] {
  if (!isGrade(grade)) return [];
  const taken = new Set(lists.flatMap((l) => l[grade] ?? []));
  return TEST_CODES.filter((code) => taken.has(code));
}

/** §4 slider: shown only if a percentile exists and the cell shows a complete, valid score. */
export function sliderFor(cell: Pick<ShownCell, "state" | "grayedOut">, test: GridTest | null): Slider | null {
  if (!test || cell.state !== "complete" || cell.grayedOut || !test.completedFlag || test.invalid === true) return null;
  const percentile = clampPercentile(test.abilityPercentile);
  const text = formatPercentile(test.abilityPercentile);
  const band = percentileBand(test.abilityPercentile);
  if (percentile === null || text === null || band === null) return null;
  return { percentile, text, band };
}

export function hasCompletedLetterTest(periods: readonly ProfilePeriodInput[]): boolean {
  return periods.some((p) => p.tests.some((t) => isLetterTest(t.testCode) && t.completedFlag));
}

export function buildStudentResults(input: StudentResultsInput): StudentResults {
  const { grade, selected } = input;
  const log = input.log ?? defaultLogger;
  const periods = input.periods.map((p) => p.periodName);
  if (!periods.includes(selected)) throw new RangeError(`Period ${selected} is not one of the district's periods`);
  const lists = new Map(input.periods.map((p) => [p.periodName, gradeTestLists(p.GradeAssessmentLists)]));
  const byCode = new Map(
    input.periods.map((p) => {
      const codes = new Map<TestCode, GridTest[]>();
      for (const t of p.tests) codes.set(t.testCode, [...(codes.get(t.testCode) ?? []), t]);
      return [p.periodName, codes];
    }),
  );
  const phonicsEnabled = hasCompletedLetterTest(input.periods);
  const mode: ScoreMode = phonicsEnabled ? input.mode : "percentile";
  const options: CellOptions = { ...input.flags, mode };
  const standards = input.flags.standards ?? NO_EFFECTIVE_STANDARDS;
  const sources: (SourceNote | null)[] = [];
  const gaps: (CutoffGap | null)[] = [];

  const gradeOk = isGrade(grade);
  // The Risk Category is a column of the classroom grid; the profile lists the scores it is read from.
  const kinds = PROFILE_KINDS.filter((kind): kind is ScoreKind => kind !== "riskCategory");
  const risk: RiskRow[] = kinds
    .filter((kind) => periods.some((p) => profileApplies(kind, grade, p)))
    .map((kind) => ({
      kind,
      title: PROFILE_TITLES[kind],
      cells: periods.map((period) => {
        const shown = profileCell(kind, grade, period, input.scores[period], log, standards);
        const { kind: _kind, ...cell } = shown;
        sources.push(profileSource(shown, period, standards));
        const score = input.scores[period]?.[kind];
        const why =
          gradeOk && cell.state === "complete" && typeof score === "number"
            ? whyProfileFlagged(kind, grade, period, score, log, standards)
            : null;
        return { ...cell, text: cell.state === "not-applicable" ? NOT_AVAILABLE : cell.text, period, why };
      }),
    }));

  const picked = (period: Period, code: TestCode) => pickTest(byCode.get(period)?.get(code) ?? []);
  const codes = subtestsOfGrade(grade, [...lists.values()]);
  const groups: SubtestGroup[] = GROUP_ORDER.map((group) => {
    const rows = codes
      .filter((code) => subtestGroup(code) === group)
      .map((code): SubtestRow => {
        let slider: Slider | null = null;
        const cells = periods.map((period): SubtestCell => {
          const test = picked(period, code);
          const shown = gridCell(code, grade, period, testApplies(lists.get(period)!, grade, code), test, options);
          const { test: _test, sources: cellSources, ...cell } = shown;
          sources.push(...(cellSources ?? []));
          gaps.push(cutoffGapOf(cell, grade, period));
          if (period === selected) slider = sliderFor(cell, test);
          // Beside every flag mark the cell draws (flagMark): a band's percentile, or a theta under its cutoff.
          const why =
            !gradeOk || !test || !flagMark(cell)
              ? null
              : cell.band
                ? whyScoreFlagged(code, grade, period, test.abilityPercentile, test.normsSource ?? null)
                : whyProficiencyFlagged(code, grade, period, test.finalTheta, standards, test.normsSource ?? null);
          // Spec 001 §2 fallback: the profile writes 'N/A' where the grid draws a dash.
          // A greyed-out test keeps its dash and 'Not reported for this grade'.
          if (cell.state === "not-applicable" && !cell.grayedOut)
            return { ...cell, text: NOT_AVAILABLE, label: NOT_APPLICABLE_TEXT, period, why: null };
          return { ...cell, period, why };
        });
        const selectedTest = picked(selected, code);
        return {
          testCode: code,
          title: ASSESSMENTS[code].title,
          token: GROUP_TOKENS[group],
          slider,
          action: titleAction(code, selectedTest, input.view),
          testId: selectedTest?.participantTestId ?? null,
          cells,
        };
      });
    return { group, title: ASSESSMENT_GROUPS[group], rows, emptyText: rows.length === 0 ? NO_SUBTESTS_TEXT : null };
  });

  const selectedLists = lists.get(selected)!;
  const gradeMissing = gradeOk && selectedLists[grade] ? null : gradeMissingMessage(grade, selected);
  // Next steps judge the cells the page shows, read with percentiles whatever the phonics switch
  // says, so switching the view cannot change the advice.
  const judged = gradeOk
    ? (selectedLists[grade] ?? []).map((code) =>
        gridCell(code, grade, selected, testApplies(selectedLists, grade, code), picked(selected, code), {
          ...input.flags,
          mode: "percentile",
        }),
      )
    : [];
  const steps = nextSteps(judged);
  // Cells with no theta cutoff configured: one line for the page (the judged cells are the same cells again).
  logCutoffGaps(gaps, log);
  return {
    periods,
    selected,
    gradeMissing,
    risk,
    groups,
    phonics: { enabled: phonicsEnabled, mode },
    nextSteps: {
      recommended: steps.recommended.map((testCode) => ({ testCode, title: ASSESSMENTS[testCode].title })),
      message: steps.message,
    },
    sources: distinctSources(sources),
  };
}
