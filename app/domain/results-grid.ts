import {
  ASSESSMENT_GROUPS,
  ASSESSMENTS,
  GROUP_ORDER,
  TEST_CODES,
  isLetterTest,
  isTestCode,
  ranTestFor,
  subtestGroup,
  type AssessmentGroup,
  type TestCode,
} from "./assessments";
import { cellState, type CellState, type CellTest } from "./cell-state";
import { cutoffFor, isDyslexiaRisk, isPwrCalculated, isPwrRisk, readinessStatus } from "./cutoffs";
import { displayRuleFor, formatScore, type DisplayRuleOptions } from "./display-rules";
import { GRADES, gradeLabel, isGrade, type Grade } from "./grades";
import { defaultLogger, type Logger } from "./logger";
import { PERCENTILE_BAND_LABELS, type PercentileBand } from "./percentile";
import { PERIOD_LABELS, type Period } from "./periods";
import { probabilityPercent } from "./probability";
import { pwrRiskLevel, riskCategory, type RiskCategory } from "./risk-category";
import { CELL_STATE_LABELS, CELL_STATE_TEXT, NOT_APPLICABLE_TEXT } from "./results-labels";
import {
  distinctSources,
  isAboveCutoff,
  NO_CUTOFF_TEXT,
  NO_EFFECTIVE_STANDARDS,
  NO_NORMS_TEXT,
  pkRiskCutoffFor,
  ranRawText,
  sourceNoteText,
  type EffectiveStandards,
  type SourceNote,
} from "./screening-standards";

// The classroom results grid (spec 001 §2 'Results grid', §4 cell states), as data: the page,
// its CSV export and the tests all read the same rows, so what is printed is what is shown.

/** Comma-separated test codes of a district's grade list (spec 001 §3); unknown codes are dropped. */
export function parseTestCodes(list: string | null | undefined): TestCode[] {
  return (list ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(isTestCode);
}

/** The period's grade lists keyed by grade. */
export type GradeTestLists = Partial<Record<Grade, TestCode[]>>;

export function gradeTestLists(lists: readonly { grade: string; testCodes: string }[]): GradeTestLists {
  const out: GradeTestLists = {};
  for (const l of lists) if (isGrade(l.grade)) out[l.grade] = parseTestCodes(l.testCodes);
  return out;
}

/**
 * Spec 001 §5: a student's grade must be in the period's assessment list, otherwise a grade-missing
 * error is shown (the spec gives no words; ours, the same on the student page and the grid).
 */
export function gradeMissingMessage(grade: string, period: Period): string {
  return `Grade ${grade} is missing from the district's assessment list for ${PERIOD_LABELS[period]}.`;
}

/** The students' grades that the period's lists leave out (a grade the screener does not cover included), in grade order. */
export function missingGrades(grades: readonly string[], lists: GradeTestLists): string[] {
  const order = (g: string) => (isGrade(g) ? GRADES.indexOf(g) : GRADES.length);
  return [...new Set(grades)].filter((g) => !isGrade(g) || !lists[g]).sort((a, b) => order(a) - order(b) || a.localeCompare(b));
}

/** Whether a test applies to a student's grade in the period (the district's config decides). */
export function testApplies(lists: GradeTestLists, grade: string, testCode: TestCode): boolean {
  return isGrade(grade) && (lists[grade] ?? []).includes(testCode);
}

/**
 * Whether the classroom grid (and the school CSV) shows a listed test for a grade: a RAN test only
 * when it is the grade's grid RAN (spec 001 §9: grade 3's RER letter RAN is kept for the student
 * view). The student profile reads testApplies.
 */
export function gridTestApplies(lists: GradeTestLists, grade: string, testCode: TestCode): boolean {
  if (!testApplies(lists, grade, testCode) || !isGrade(grade)) return false;
  return ASSESSMENTS[testCode].manual !== "ran" || ranTestFor(grade, "grid") === testCode;
}

export type GridTest = CellTest & {
  participantTestId: string;
  startDtTm: string;
  endDtTm: string | null;
  updatedAt: string;
  finalTheta: number | null;
  correctItems: number | null;
  totalItems: number | null;
  correctByCode: Record<string, number> | null;
  /** A hand-scored RAN's raw figures and the source of the norms its percentile came from (issue 34 item 4). */
  scoredSecs?: number | null;
  scoredErrors?: number | null;
  normsSource?: string | null;
};

/**
 * The one test of a code that a cell shows when a period holds several (a retake, a second
 * device): the latest completed one, or failing that the latest started.
 */
export function pickTest<T extends { completedFlag: boolean; startDtTm: string }>(tests: readonly T[]): T | null {
  let best: T | null = null;
  for (const t of tests) {
    if (
      !best ||
      (t.completedFlag && !best.completedFlag) ||
      (t.completedFlag === best.completedFlag && Date.parse(t.startDtTm) > Date.parse(best.startDtTm))
    ) {
      best = t;
    }
  }
  return best;
}

export type GridColumn = { testCode: TestCode; title: string };
export type GridColumnGroup = { group: AssessmentGroup; title: string; columns: GridColumn[] };

/**
 * Assessment columns: every test that applies to at least one student's grade in the period,
 * one group per assessment group in display order; within a group, catalogue order.
 */
export function gridColumnGroups(grades: readonly string[], lists: GradeTestLists): GridColumnGroup[] {
  const used = new Set<TestCode>();
  for (const grade of new Set(grades))
    if (isGrade(grade)) for (const code of lists[grade] ?? []) if (gridTestApplies(lists, grade, code)) used.add(code);
  return GROUP_ORDER.map((group) => ({
    group,
    title: ASSESSMENT_GROUPS[group],
    columns: TEST_CODES.filter((code) => used.has(code) && subtestGroup(code) === group).map((code) => ({
      testCode: code,
      title: ASSESSMENTS[code].title,
    })),
  })).filter((g) => g.columns.length > 0);
}

/** At this many assessment columns the grid switches to narrow columns (spec 001 §2). */
export const NARROW_COLUMNS_AT = 10;

// ── Predictive profile ──────────────────────────────────────────────────────────────────────

export const PROFILE_KINDS = ["dyslexia", "pwr", "kready", "pkRisk", "riskCategory"] as const;
export type ProfileKind = (typeof PROFILE_KINDS)[number];

/** Spec 001 §3 profile names; the prekindergarten flag has no name there, this one is ours. */
export const PROFILE_TITLES: Record<ProfileKind, string> = {
  dyslexia: "Risk Flag",
  pwr: "Potential For Word Reading",
  kready: "Reading Readiness",
  pkRisk: "Prekindergarten Risk",
  riskCategory: "Risk Category",
};

export type ProfileScores = { pwr: number | null; dyslexia: number | null; kready: number | null; pkRisk: number | null };
/** The kinds that are a score of their own (the risk category is read from two of them). */
export type ScoreKind = keyof ProfileScores;

/**
 * Where a profile score means something: where spec 001 §9 has a cutoff for it (dyslexia K–3;
 * PWR K–3 except EOY for K and 3; readiness PK at EOY). The prekindergarten risk has no cutoff in
 * the spec; it is shown for PK in every period, judged only against a configured cutoff
 * (screening-standards.ts), else as a probability with 'No cutoff configured'.
 */
export function profileApplies(kind: ProfileKind, grade: string, period: Period): boolean {
  if (!isGrade(grade)) return false;
  switch (kind) {
    case "dyslexia":
      return cutoffFor("dyslexia", grade, period) !== undefined;
    case "pwr":
      return cutoffFor("pwr", grade, period) !== undefined && isPwrCalculated(grade, period);
    case "kready":
      return cutoffFor("readiness", grade, period) !== undefined;
    case "pkRisk":
      return grade === "PK";
    case "riskCategory":
      return profileApplies("pwr", grade, period) && profileApplies("dyslexia", grade, period);
  }
}

export function profileColumns(grades: readonly string[], period: Period): ProfileKind[] {
  return PROFILE_KINDS.filter((kind) => grades.some((g) => profileApplies(kind, g, period)));
}

export const PROFILE_TONES = ["risk", "moderate", "ok", "none"] as const;
export type ProfileTone = (typeof PROFILE_TONES)[number];
export type ProfileCell = {
  kind: ProfileKind;
  state: "not-applicable" | "empty" | "complete";
  /** The probability, '23%', or the state's words. */
  text: string;
  /** What the number means: 'At risk', 'Emerging', 'High risk' … ('' when it has no cutoff). */
  qualifier: string;
  tone: ProfileTone;
};

export const PROFILE_EMPTY_TEXT = "No score";

export function profileCell(
  kind: ProfileKind,
  grade: string,
  period: Period,
  scores: ProfileScores | null | undefined,
  log: Logger = defaultLogger,
  standards: Pick<EffectiveStandards, "pkRiskCutoff"> = NO_EFFECTIVE_STANDARDS,
): ProfileCell {
  if (!profileApplies(kind, grade, period) || !isGrade(grade)) {
    return { kind, state: "not-applicable", text: "—", qualifier: NOT_APPLICABLE_TEXT, tone: "none" };
  }
  if (kind === "riskCategory") return riskCategoryCell(grade, period, scores, log);
  const score = scores?.[kind];
  if (typeof score !== "number" || !Number.isFinite(score)) {
    return { kind, state: "empty", text: PROFILE_EMPTY_TEXT, qualifier: "", tone: "none" };
  }
  const text = `${probabilityPercent(score)}%`;
  switch (kind) {
    case "dyslexia": {
      const risk = isDyslexiaRisk(grade, period, score, log);
      return { kind, state: "complete", text, qualifier: risk ? "At risk" : "Not at risk", tone: risk ? "risk" : "ok" };
    }
    case "pwr": {
      // The flag comes from the cutoff; the legend band only describes it (issue 12).
      const { risk, band } = pwrRiskLevel(grade, period, score, log);
      if (band) {
        const tone: ProfileTone = band === "High" ? "risk" : band === "Moderate" ? "moderate" : "ok";
        return { kind, state: "complete", text, qualifier: `${band} risk`, tone };
      }
      return { kind, state: "complete", text, qualifier: risk ? "At risk" : "Not at risk", tone: risk ? "risk" : "ok" };
    }
    case "kready": {
      const status = readinessStatus(grade, period, score, log);
      return { kind, state: "complete", text, qualifier: status ?? "", tone: status === "Emerging" ? "risk" : "ok" };
    }
    case "pkRisk": {
      // Judged only against a configured cutoff; without one the score is shown, neutral, and never counts as risk.
      const cutoff = pkRiskCutoffFor(standards, period);
      if (!cutoff) return { kind, state: "complete", text, qualifier: NO_CUTOFF_TEXT, tone: "none" };
      const risk = isAboveCutoff(score, cutoff.cutoff);
      return { kind, state: "complete", text, qualifier: risk ? "At risk" : "Not at risk", tone: risk ? "risk" : "ok" };
    }
  }
}

const RISK_CATEGORY_TONES: Record<RiskCategory, ProfileTone> = { "high-risk": "risk", "moderate-risk": "moderate", "low-risk": "ok" };

/** Where a profile cell's verdict comes from, when configuration made it (the prekindergarten risk cutoff). */
export function profileSource(
  cell: Pick<ProfileCell, "kind" | "state" | "tone">,
  period: Period,
  standards: Pick<EffectiveStandards, "pkRiskCutoff">,
): SourceNote | null {
  if (cell.kind !== "pkRisk" || cell.state !== "complete" || cell.tone === "none") return null;
  const cutoff = pkRiskCutoffFor(standards, period);
  return cutoff ? { kind: "pkRiskCutoff", source: cutoff.source } : null;
}

/**
 * Risk Category (spec 001 §4): High / Moderate / Low performance from the PWR and dyslexia flags,
 * labels inverted. No score at all says 'No score'; one score without the other is an invalid
 * combination: Moderate, and the error goes to the log (error reporting).
 */
function riskCategoryCell(grade: Grade, period: Period, scores: ProfileScores | null | undefined, log: Logger): ProfileCell {
  const kind = "riskCategory";
  const value = (score: number | null | undefined) => (typeof score === "number" && Number.isFinite(score) ? score : null);
  const pwr = value(scores?.pwr);
  const dyslexia = value(scores?.dyslexia);
  if (pwr === null && dyslexia === null) return { kind, state: "empty", text: PROFILE_EMPTY_TEXT, qualifier: "", tone: "none" };
  const result = riskCategory(
    {
      pwrRisk: pwr === null ? null : isPwrRisk(grade, period, pwr, log),
      dyslexiaRisk: dyslexia === null ? null : isDyslexiaRisk(grade, period, dyslexia, log),
    },
    (error) => log(error.message),
  );
  return { kind, state: "complete", text: result.label, qualifier: "", tone: RISK_CATEGORY_TONES[result.category] };
}

/**
 * The date a letter test was submitted, 'MM/DD/YYYY' (the read-only dialog, spec 001 §2): only a
 * submitted (completed) test has one, from its end time, or its last save when it has none.
 */
export function submittedOn(test: Pick<GridTest, "completedFlag" | "endDtTm" | "updatedAt"> | null | undefined): string | null {
  if (!test?.completedFlag) return null;
  const iso = test.endDtTm ?? test.updatedAt;
  if (!iso) return null;
  return `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
}

// ── Assessment cells ────────────────────────────────────────────────────────────────────────

export type ScoreMode = "percentile" | "score";
export type LetterAction = "edit" | "view" | null;

export { CELL_STATE_LABELS, CELL_STATE_TEXT, NOT_APPLICABLE_TEXT };

export type GridCell = {
  testCode: TestCode;
  state: CellState;
  text: string;
  /** Full words for assistive technology and the CSV: '45th, At or Above Benchmark'. */
  label: string;
  band: PercentileBand | null;
  grayedOut: boolean;
  test: GridTest | null;
  /** Letter tests only: which dialog a click opens (spec 001 §4 'Which dialog opens'). */
  letterAction: LetterAction;
  /** A hand-scored letter test in percentile mode: its count ('12/26'), shown beside 'No %ile' (issue 12). */
  handScore?: string;
  /** Words shown beside the figure: why a score has no percentile or verdict ('No norms configured'). */
  note?: string;
  /** Where the configured figures behind the cell come from (RAN norms, theta cutoffs); never sent to the page. */
  sources?: SourceNote[];
};

/**
 * No result in the period (or an unfinished one) opens the edit dialog; a finished letter test
 * opens the read-only dialog only when raw scores are shown. Not applicable: nothing opens.
 */
export function letterAction(state: CellState, mode: ScoreMode): LetterAction {
  switch (state) {
    case "not-applicable":
      return null;
    case "empty":
    case "incomplete":
      return "edit";
    default:
      return mode === "score" ? "view" : null;
  }
}

export const NO_PERCENTILE_TEXT = "No %ile";
/** A listed test that the grade's display rules grey out (display rule grayed_out). */
export const NOT_REPORTED_TEXT = "Not reported for this grade";

export type CellOptions = Omit<DisplayRuleOptions, "letterScores"> & {
  mode: ScoreMode;
  /** The norms and cutoffs in force for the district (screening-standards.ts); none when left out. */
  standards?: EffectiveStandards;
};

const hasPercentile = (test: Pick<GridTest, "abilityPercentile">) =>
  typeof test.abilityPercentile === "number" && Number.isFinite(test.abilityPercentile);

export function gridCell(
  testCode: TestCode,
  grade: string,
  period: Period,
  applicable: boolean,
  test: GridTest | null,
  options: CellOptions,
): GridCell {
  const rule = applicable && isGrade(grade) ? displayRuleFor(grade, testCode, { ...options, letterScores: options.mode }) : null;
  if (rule === "grayed_out") {
    // A test the grade's rules do not report is greyed out whatever its state: finished or not,
    // it reads 'Not reported for this grade' and opens nothing (issue 34 item 13).
    return {
      testCode,
      state: "not-applicable",
      text: "—",
      label: NOT_REPORTED_TEXT,
      band: null,
      grayedOut: true,
      test,
      letterAction: null,
    };
  }
  const state = cellState({ applicable: rule !== null, test });
  const base = {
    testCode,
    state,
    band: null,
    grayedOut: false,
    test,
    letterAction: isLetterTest(testCode) ? letterAction(state, options.mode) : null,
  };
  if (state !== "complete" || !test || !isGrade(grade) || rule === null) {
    return { ...base, text: CELL_STATE_TEXT[state as Exclude<CellState, "complete">], label: CELL_STATE_LABELS[state] };
  }
  if (ASSESSMENTS[testCode].manual === "ran" && test.invalid !== true && typeof test.scoredSecs === "number" && !hasPercentile(test)) {
    // A hand-scored RAN with no norms configured for its grade and period: its raw figures, and
    // why there is no percentile, colour or verdict (issue 34 item 4).
    const raw = ranRawText(test.scoredSecs, test.scoredErrors);
    return { ...base, text: raw, label: `${raw}, ${NO_NORMS_TEXT}`, note: NO_NORMS_TEXT };
  }
  // No theta cutoff configured: the cell says so; the page that shows it logs the gap once (logCutoffGaps).
  const shown = formatScore(rule, { ...test, testCode, grade, period }, options.standards ?? NO_EFFECTIVE_STANDARDS);
  const sources: SourceNote[] = [];
  if (ASSESSMENTS[testCode].manual === "ran" && test.normsSource && test.invalid !== true)
    sources.push({ kind: "ranNorms", source: test.normsSource });
  if (shown.source) sources.push({ kind: "abilityCutoffs", source: shown.source });
  if (rule === "%" && isLetterTest(testCode) && test.invalid !== true && shown.band === null && test.correctItems !== null) {
    // Hand-entered letter scores have no national percentile: say so rather than show the
    // invalid test's 'N/A'; the Score side of the toggle shows the count.
    // The grid shows the count all the same, and the cell opens the read-only dialog in both
    // modes (issue 12): after a save the teacher sees what they entered.
    const total = test.totalItems ?? "?";
    return {
      ...base,
      text: NO_PERCENTILE_TEXT,
      label: `No percentile (${test.correctItems}/${total} correct)`,
      handScore: `${test.correctItems}/${total}`,
      letterAction: "view",
    };
  }
  const label = shown.band && !shown.icon ? `${shown.text}, ${PERCENTILE_BAND_LABELS[shown.band]}` : shown.text;
  return { ...base, text: shown.text, label, band: shown.band, ...(sources.length > 0 ? { sources } : {}) };
}

// ── Configuration gaps ──────────────────────────────────────────────────────────────────────

/** A proficiency cell with no theta cutoff configured for its test, grade and period ('No cutoff configured'). */
export type CutoffGap = { testCode: TestCode; grade: string; period: Period };

/** The gap a shown cell stands for, or null: a finished, reported proficiency result that says 'No cutoff configured'. */
export function cutoffGapOf(
  cell: Pick<GridCell, "testCode" | "state" | "grayedOut" | "text">,
  grade: string,
  period: Period,
): CutoffGap | null {
  return cell.state === "complete" && !cell.grayedOut && cell.text === NO_CUTOFF_TEXT ? { testCode: cell.testCode, grade, period } : null;
}

/**
 * A page's configuration gaps, said once: one line naming each test, grade and period without a
 * theta cutoff and how many cells say 'No cutoff configured' for it; nothing when there is none.
 * (It was one warning per cell: thousands of identical lines for a district without cutoffs.)
 */
export function logCutoffGaps(gaps: readonly (CutoffGap | null)[], log: Logger = defaultLogger): void {
  const found = gaps.filter((g): g is CutoffGap => g !== null);
  if (found.length === 0) return;
  const named = [...new Set(found.map((g) => `${g.testCode} (grade ${g.grade}, ${g.period})`))];
  const cells = found.length === 1 ? "1 cell says" : `${found.length} cells say`;
  log(`No theta cutoff configured for ${named.join(", ")}: ${cells} '${NO_CUTOFF_TEXT}'`);
}

// ── Whole grid ──────────────────────────────────────────────────────────────────────────────

export type GridStudentInput = {
  participantId: string;
  firstName: string;
  lastName: string;
  grade: string;
  tests: readonly GridTest[];
};

export type GridRow = {
  participantId: string;
  name: string;
  grade: string;
  gradeLabel: string;
  profile: ProfileCell[];
  cells: GridCell[];
  /** The sources of the configured norms and cutoffs behind the row's figures (the CSV's last column). */
  sources: SourceNote[];
};

export type Grid = {
  period: Period;
  mode: ScoreMode;
  profileColumns: ProfileKind[];
  groups: GridColumnGroup[];
  columnCount: number;
  narrow: boolean;
  /** The Percentile/Score toggle works only once someone has finished a letter test (spec 001 §4). */
  scoreToggleEnabled: boolean;
  /** Spec 001 §5 grade-missing errors: one per student grade the period's lists leave out (issue 34 item 11). */
  gradeMissing: string[];
  /** The sources of every configured norm and cutoff behind the grid's figures, for a note under it (issue 34 item 4). */
  sources: SourceNote[];
  rows: GridRow[];
};

/** The grid as a page sends it to the browser: cells without their raw test rows, which only the server needs. */
export type ShownCell = Omit<GridCell, "test" | "sources"> & {
  /** A finished RAN test's id: its cell opens the RAN scoring dialog (issue 11; spec 001 §2). */
  ranTestId?: string;
};
export type ShownGrid = Omit<Grid, "rows"> & { rows: (Omit<GridRow, "cells"> & { cells: ShownCell[] })[] };

export function shownGrid(grid: Grid): ShownGrid {
  return {
    ...grid,
    rows: grid.rows.map((r) => ({
      ...r,
      cells: r.cells.map(({ test, sources: _sources, ...cell }) =>
        ASSESSMENTS[cell.testCode].manual === "ran" && test?.completedFlag && cell.state !== "not-applicable"
          ? { ...cell, ranTestId: test.participantTestId }
          : cell,
      ),
    })),
  };
}

export type GridInput = {
  period: Period;
  lists: GradeTestLists;
  students: readonly GridStudentInput[];
  profiles: Readonly<Record<string, ProfileScores | undefined>>;
  options: CellOptions;
  log?: Logger;
};

/** 'Last, First' (spec 001 school student table). */
export const studentName = (s: { firstName: string; lastName: string }) => `${s.lastName}, ${s.firstName}`;

// One collator for every comparison: localeCompare with a locale builds a new one per call,
// which made sorting a class of 30 a measurable share of the page's server time.
const nameOrder = new Intl.Collator("en", { sensitivity: "base" });
const byName = (a: GridStudentInput, b: GridStudentInput) =>
  nameOrder.compare(a.lastName, b.lastName) ||
  nameOrder.compare(a.firstName, b.firstName) ||
  a.participantId.localeCompare(b.participantId);

export function hasCompletedLetterTest(students: readonly GridStudentInput[]): boolean {
  return students.some((s) => s.tests.some((t) => isLetterTest(t.testCode) && t.completedFlag));
}

export function buildGrid(input: GridInput): Grid {
  const { period, lists, options } = input;
  const log = input.log ?? defaultLogger;
  const students = [...input.students].sort(byName);
  const grades = students.map((s) => s.grade);
  const groups = gridColumnGroups(grades, lists);
  const columns = groups.flatMap((g) => g.columns);
  const kinds = profileColumns(grades, period);
  const scoreToggleEnabled = hasCompletedLetterTest(students);
  const mode: ScoreMode = scoreToggleEnabled ? options.mode : "percentile";
  const gaps: (CutoffGap | null)[] = [];
  const rows = students.map((s) => {
    const byCode = new Map<TestCode, GridTest[]>();
    for (const t of s.tests) byCode.set(t.testCode, [...(byCode.get(t.testCode) ?? []), t]);
    const standards = options.standards ?? NO_EFFECTIVE_STANDARDS;
    const profile = kinds.map((kind) => profileCell(kind, s.grade, period, input.profiles[s.participantId], log, standards));
    const cells = columns.map((c) =>
      gridCell(c.testCode, s.grade, period, gridTestApplies(lists, s.grade, c.testCode), pickTest(byCode.get(c.testCode) ?? []), {
        ...options,
        mode,
      }),
    );
    gaps.push(...cells.map((c) => cutoffGapOf(c, s.grade, period)));
    return {
      participantId: s.participantId,
      name: studentName(s),
      grade: s.grade,
      gradeLabel: gradeLabel(s.grade),
      profile,
      cells,
      sources: distinctSources([...profile.map((p) => profileSource(p, period, standards)), ...cells.flatMap((c) => c.sources ?? [])]),
    };
  });
  logCutoffGaps(gaps, log);
  return {
    period,
    mode,
    profileColumns: kinds,
    groups,
    columnCount: columns.length,
    narrow: columns.length >= NARROW_COLUMNS_AT,
    scoreToggleEnabled,
    sources: distinctSources(rows.flatMap((r) => r.sources)),
    gradeMissing: missingGrades(grades, lists).map((grade) => gradeMissingMessage(grade, period)),
    rows,
  };
}

/**
 * One assessment cell in a CSV (the classroom export and the school CSV both): the text shown,
 * or the state's words where a cell has none; empty for a greyed-out test, whatever its state.
 */
export function csvCellText(cell: Pick<GridCell, "state" | "grayedOut" | "text" | "note">): string {
  // A figure with words beside it keeps them: '41 s, 2 errors (No norms configured)'.
  if (cell.note && cell.state === "complete" && !cell.grayedOut) return `${cell.text} (${cell.note})`;
  if (cell.grayedOut) return "";
  return cell.state === "complete" ? cell.text : CELL_STATE_LABELS[cell.state];
}

/** The CSVs' last column: the sources of the row's figures built from configured norms and cutoffs (issue 34 item 4). */
export const SOURCES_COLUMN = "Norms and Cutoffs Source";

/** The grid as CSV rows (header first), exactly the cells shown, in words where a cell has none. */
export function gridToCsvRows(grid: ShownGrid): string[][] {
  const header = [
    "Name",
    "Grade",
    ...grid.profileColumns.flatMap((k) => [PROFILE_TITLES[k]]),
    ...grid.groups.flatMap((g) => g.columns.map((c) => `${g.title}: ${c.title}`)),
    SOURCES_COLUMN,
  ];
  const rows = grid.rows.map((r) => [
    r.name,
    r.gradeLabel,
    ...r.profile.map((p) =>
      p.state === "complete"
        ? [p.text, p.qualifier].filter(Boolean).join(" ")
        : p.state === "empty"
          ? PROFILE_EMPTY_TEXT
          : NOT_APPLICABLE_TEXT,
    ),
    ...r.cells.map(csvCellText),
    r.sources.map(sourceNoteText).join("; "),
  ]);
  return [header, ...rows];
}

// ── Banner ──────────────────────────────────────────────────────────────────────────────────

/** The optional banner shows only if its grades overlap a grade of a student in the classroom (spec 001 §2). */
export function bannerApplies(bannerGrades: readonly string[], studentGrades: readonly string[]): boolean {
  const grades = new Set(studentGrades);
  return bannerGrades.some((g) => grades.has(g));
}

// ── Periods as time ranges ──────────────────────────────────────────────────────────────────

/**
 * The instants a period's results are looked up in: from its start date to the end of its end
 * date, in UTC (the API stores instants; a district has no time zone of its own yet).
 */
export function periodBounds(p: { startDate: string; endDate: string }): { from: string; to: string } {
  const end = new Date(`${p.endDate}T00:00:00.000Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  return { from: `${p.startDate}T00:00:00.000Z`, to: end.toISOString() };
}

/** The period whose bounds hold an instant (no grace day: each instant belongs to one period). */
export function periodAt<T extends { startDate: string; endDate: string }>(periods: readonly T[], instant: Date): T | null {
  const t = instant.getTime();
  return (
    periods.find((p) => {
      const b = periodBounds(p);
      return Date.parse(b.from) <= t && t < Date.parse(b.to);
    }) ?? null
  );
}

/**
 * When a hand-entered test of a period is dated: now if now is inside the period, else the last
 * moment of the period (a late entry for a past period). Null when the period has not begun.
 */
export function manualEntryInstant(p: { startDate: string; endDate: string }, now: Date): Date | null {
  const b = periodBounds(p);
  if (now.getTime() < Date.parse(b.from)) return null;
  if (now.getTime() < Date.parse(b.to)) return now;
  return new Date(Date.parse(b.to) - 1000);
}
