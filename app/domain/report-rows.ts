import { ASSESSMENTS, TEST_CODES, type TestCode } from "./assessments";
import { birthDateText, toUsBirthDate } from "./birth-date";
import { fileSlug } from "./csv";
import type { DisplayRuleOptions } from "./display-rules";
import { gradeLabel } from "./grades";
import { clampPercentile } from "./percentile";
import { PERIODS, type Period } from "./periods";
import {
  csvCellText,
  cutoffGapOf,
  gradeTestLists,
  gridCell,
  gridColumnGroups,
  gridTestApplies,
  logCutoffGaps,
  periodBounds,
  pickTest,
  SOURCES_COLUMN,
  type CutoffGap,
  type GridCell,
} from "./results-grid";
import { distinctSources, sourceNoteText, type EffectiveStandards } from "./screening-standards";

// The completion report (spec 000 §3) and the three CSV downloads (spec 000 §7, spec 001 §7/§9)
// built from query rows: no I/O, so every count and cell is tested here by table.
//
// "Started": the student has at least one test started within the included periods.
// "Finished": for every included period, every test of the district's list for the student's
// grade is complete in that period (and the lists hold at least one test). A test belongs to the
// period whose dates (end inclusive) hold its start.

export type CsvRow = (string | number | null)[];

// ── Rows the queries hand over ──────────────────────────────────────────────────────────────

export type RosterStudentRow = {
  participant_id: string;
  participant_code: string;
  organization_unit_id: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  /** 'YYYY-MM-DD', or null for a student a roster brought without one (shown as BIRTH_DATE_MISSING) */
  date_of_birth: string | null;
  grade: string;
  tags: string[];
  external_id: string | null;
  school_name: string;
};
export type ClassroomRow = { participant_group_id: string; name: string; organization_unit_id: string };
export type MembershipRow = { participant_id: string; participant_group_id: string };
export type ClassroomTeacherRow = { participant_group_id: string; first_name: string; last_name: string };
/** Per student and period with a test started in it: how many of the grade's listed tests are complete. */
export type ProgressRow = { participant_id: string; period_name: Period; done: number };
export type ExportTestRow = {
  participant_id: string;
  period_name: Period;
  test_code: string;
  start_dt_tm: Date | string;
  end_dt_tm: Date | string | null;
  completed_flag: boolean;
  invalid: boolean | null;
  ability_percentile: number | null;
  final_theta: number | null;
  correct_items: number | null;
  total_items: number | null;
  /** A hand-scored RAN's raw figures and the source of its norms (migration 0014). */
  scored_secs: number | null;
  scored_errors: number | null;
  norms_source: string | null;
};
export type SchoolTestRow = {
  participant_id: string;
  test_code: string;
  completed_flag: boolean;
  invalid: boolean | null;
  ability_percentile: number | null;
  final_theta: number | null;
  correct_items: number | null;
  total_items: number | null;
  start_dt_tm: Date | string;
  scored_secs?: number | null;
  scored_errors?: number | null;
  norms_source?: string | null;
};

// ── Roster and periods ──────────────────────────────────────────────────────────────────────

export type Roster = {
  students: RosterStudentRow[];
  classrooms: ClassroomRow[];
  classroomName: Map<string, string>;
  /** A student's live classrooms, by classroom name. */
  groupsOf: Map<string, string[]>;
  /** 'First Last' of each classroom's teachers, in the order the query gave (last, first name). */
  teachersOf: Map<string, string[]>;
};

export function rosterOf(rows: {
  students: RosterStudentRow[];
  classrooms: ClassroomRow[];
  members: readonly MembershipRow[];
  teachers: readonly ClassroomTeacherRow[];
}): Roster {
  const classroomName = new Map(rows.classrooms.map((g) => [g.participant_group_id, g.name]));
  const groupsOf = new Map<string, string[]>();
  for (const m of rows.members) {
    if (classroomName.has(m.participant_group_id))
      groupsOf.set(m.participant_id, [...(groupsOf.get(m.participant_id) ?? []), m.participant_group_id]);
  }
  for (const ids of groupsOf.values()) ids.sort((a, b) => (classroomName.get(a) ?? "").localeCompare(classroomName.get(b) ?? ""));
  const teachersOf = new Map<string, string[]>();
  for (const t of rows.teachers)
    teachersOf.set(t.participant_group_id, [...(teachersOf.get(t.participant_group_id) ?? []), `${t.first_name} ${t.last_name}`]);
  return { students: rows.students, classrooms: rows.classrooms, classroomName, groupsOf, teachersOf };
}

export type PeriodListConfig = {
  periodName: Period;
  startDate: string;
  endDate: string;
  GradeAssessmentLists: readonly { grade: string; testCodes: string }[];
};

export type ReportPeriod = {
  period: Period;
  from: string;
  to: string;
  required: Map<string, TestCode[]>;
  /** The period's lists as the grid reads them (gradeTestLists). */
  lists: ReturnType<typeof gradeTestLists>;
};

/** The periods of the district's config among `names`, each with its bounds and per-grade test lists. */
export function reportPeriods(config: readonly PeriodListConfig[], names: readonly Period[]): ReportPeriod[] {
  return config
    .filter((p) => names.includes(p.periodName))
    .map((p) => {
      const lists = gradeTestLists(p.GradeAssessmentLists);
      const required = new Map<string, TestCode[]>();
      for (const [grade, codes] of Object.entries(lists)) required.set(grade, [...new Set(codes ?? [])]);
      return { period: p.periodName, ...periodBounds(p), required, lists };
    });
}

export type Progress = Map<string, Map<Period, number>>;

export function progressOf(rows: readonly ProgressRow[]): Progress {
  const out: Progress = new Map();
  for (const r of rows) {
    let m = out.get(r.participant_id);
    if (!m) out.set(r.participant_id, (m = new Map()));
    m.set(r.period_name, Number(r.done));
  }
  return out;
}

export type CompletionStatus = { started: boolean; finished: boolean };

/** Started and finished over a set of periods, from the per-period progress. */
export function completionStatus(
  grade: string,
  periods: readonly ReportPeriod[],
  progress: Map<Period, number> | undefined,
): CompletionStatus {
  const required = periods.reduce((n, p) => n + (p.required.get(grade)?.length ?? 0), 0);
  const done = periods.reduce((n, p) => n + (progress?.get(p.period) ?? 0), 0);
  const started = periods.some((p) => progress?.has(p.period));
  return { started, finished: required > 0 && done === required };
}

export const statusText = (s: CompletionStatus) => (s.finished ? "Finished" : s.started ? "Started" : "Not Started");

// ── Completion report ───────────────────────────────────────────────────────────────────────
// Counted by the database (completionCountRows, app/domain/completion-summary.ts); a student's
// own status for the CSVs is completionStatus above.

export type Counts = { total: number; started: number; finished: number };
export type UnitCounts = Counts & { participantGroups: Record<string, Counts> };

// ── CSV files ───────────────────────────────────────────────────────────────────────────────

const names = (ids: readonly string[], of: Map<string, string>) => ids.map((id) => of.get(id) ?? "").join("; ");
const teacherNames = (ids: readonly string[], of: Map<string, string[]>) => [...new Set(ids.flatMap((id) => of.get(id) ?? []))].join("; ");
/** A student's classrooms and their teachers, each '; '-joined: the CSVs' Classroom and Teacher cells. */
const classroomsAndTeachers = (roster: Roster, participantId: string): [string, string] => {
  const groups = roster.groupsOf.get(participantId) ?? [];
  return [names(groups, roster.classroomName), teacherNames(groups, roster.teachersOf)];
};
/** A birth date cell: MM/dd/yyyy, or 'Birth date missing' for a student a roster brought without one (issue 35). */
const birthDateCell = (iso: string | null) => birthDateText(toUsBirthDate(iso));
const isoInstant = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const codeOrder = (code: string) => {
  const i = (TEST_CODES as readonly string[]).indexOf(code);
  return i === -1 ? TEST_CODES.length : i;
};

/** '{district}_district_report_{academic year}.csv', the calendar year when the district has no periods. */
export const districtCsvFileName = (district: string, academicYear: string | null, today: string) =>
  `${fileSlug(district)}_district_report_${academicYear ?? today.slice(0, 4)}.csv`;
export const dataExportFileName = (district: string, academicYear: string | null, today: string) =>
  `${fileSlug(district)}_data_export_${academicYear ?? today.slice(0, 4)}.csv`;
/**
 * '{name}_student_details_{period}.csv' (spec 001 §9: the classroom name lowercased with
 * underscores, then student_details and the period); the school's name for the whole school.
 */
export const schoolCsvFileName = (name: string, period: Period) => `${fileSlug(name)}_student_details_${period}.csv`;

/** '{district}_completion_report_{period}_{academic year}.csv' (issue 15: the completion report's detail). */
export const completionCsvFileName = (district: string, period: Period, academicYear: string | null, today: string) =>
  `${fileSlug(district)}_completion_report_${period}_${academicYear ?? today.slice(0, 4)}.csv`;

export const COMPLETION_CSV_HEADER: CsvRow = [
  "School",
  "Classroom",
  "Teacher",
  "Last Name",
  "First Name",
  "Participant Code",
  "Student ID",
  "Grade",
  "Report Period",
  "Status",
];

/**
 * The completion report's detail (issue 15): one row per student with the status the summary
 * counts (started and finished over the report period's included periods), so counting the rows
 * per school gives the summary's numbers. Students without a status row count as not started.
 */
export function completionCsvRows(input: { roster: Roster; period: Period; status: ReadonlyMap<string, CompletionStatus> }): CsvRow[] {
  const { roster, period, status } = input;
  return roster.students.map((st) => {
    return [
      st.school_name,
      ...classroomsAndTeachers(roster, st.participant_id),
      st.last_name,
      st.first_name,
      st.participant_code,
      st.external_id,
      gradeLabel(st.grade),
      period,
      statusText(status.get(st.participant_id) ?? { started: false, finished: false }),
    ];
  });
}

/** The roster of one classroom of it (the school CSV for a classroom): its live members only. */
export function classroomRoster(roster: Roster, participantGroupId: string): Roster {
  return { ...roster, students: roster.students.filter((s) => roster.groupsOf.get(s.participant_id)?.includes(participantGroupId)) };
}

/** District CSV: every student with school, classrooms, teachers, grade, tags and status per period. */
export function districtCsvRows(input: {
  districtName: string;
  roster: Roster;
  periods: readonly ReportPeriod[];
  progress: Progress;
}): CsvRow[] {
  const { districtName, roster, periods, progress } = input;
  const rows: CsvRow[] = [
    [
      "District",
      "School",
      "Classroom",
      "Teacher",
      "Last Name",
      "First Name",
      "Middle Name",
      "Participant Code",
      "Student ID",
      "Grade",
      "Date of Birth",
      "Tags",
      ...periods.map((p) => `${p.period} Status`),
    ],
  ];
  for (const st of roster.students) {
    const progressOfStudent = progress.get(st.participant_id);
    rows.push([
      districtName,
      st.school_name,
      ...classroomsAndTeachers(roster, st.participant_id),
      st.last_name,
      st.first_name,
      st.middle_name,
      st.participant_code,
      st.external_id,
      gradeLabel(st.grade),
      birthDateCell(st.date_of_birth),
      st.tags.join(","),
      ...periods.map((p) => statusText(completionStatus(st.grade, [p], progressOfStudent))),
    ]);
  }
  return rows;
}

/**
 * District data export: one row per student test of the academic year, by period then test
 * order; a student without tests still has one row with the test columns empty.
 */
export function dataExportRows(input: {
  districtName: string;
  academicYear: string | null;
  roster: Roster;
  tests: readonly ExportTestRow[];
}): CsvRow[] {
  const { districtName, academicYear, roster, tests } = input;
  const testsOf = new Map<string, ExportTestRow[]>();
  for (const t of tests) testsOf.set(t.participant_id, [...(testsOf.get(t.participant_id) ?? []), t]);
  const rows: CsvRow[] = [
    [
      "District",
      "School",
      "Classroom",
      "Participant ID",
      "Participant Code",
      "Student ID",
      "Last Name",
      "First Name",
      "Grade",
      "Tags",
      "Academic Year",
      "Period",
      "Test Code",
      "Test",
      "Started At",
      "Ended At",
      "Completed",
      "Invalid",
      "Percentile",
      "Final Theta",
      "Correct Items",
      "Total Items",
      "RAN Seconds",
      "RAN Errors",
      "Norms Source",
    ],
  ];
  for (const st of roster.students) {
    const base = [
      districtName,
      st.school_name,
      classroomsAndTeachers(roster, st.participant_id)[0],
      st.participant_id,
      st.participant_code,
      st.external_id,
      st.last_name,
      st.first_name,
      st.grade,
      st.tags.join(","),
      academicYear,
    ];
    const own = (testsOf.get(st.participant_id) ?? []).sort(
      (a, b) => PERIODS.indexOf(a.period_name) - PERIODS.indexOf(b.period_name) || codeOrder(a.test_code) - codeOrder(b.test_code),
    );
    if (own.length === 0) rows.push([...base, ...Array<null>(14).fill(null)]);
    for (const t of own) {
      rows.push([
        ...base,
        t.period_name,
        t.test_code,
        ASSESSMENTS[t.test_code as TestCode]?.title ?? t.test_code,
        isoInstant(t.start_dt_tm),
        isoInstant(t.end_dt_tm),
        t.completed_flag ? "Yes" : "No",
        t.invalid === null ? null : t.invalid ? "Yes" : "No",
        clampPercentile(t.ability_percentile),
        t.final_theta,
        t.correct_items,
        t.total_items,
        t.scored_secs,
        t.scored_errors,
        t.norms_source,
      ]);
    }
  }
  return rows;
}

/**
 * The percentile a grid cell shows or is coloured by, as a number (1–99), for a CSV's '…
 * Percentile' column; null where the cell shows none (not started, needs scoring, invalid,
 * not applicable, a hand-entered count, a proficiency, a RAN without norms).
 */
export function cellPercentile(cell: {
  state: string;
  band: string | null;
  grayedOut: boolean;
  test: { abilityPercentile: number | null } | null;
}): number | null {
  if (cell.state !== "complete" || cell.band === null || cell.grayedOut || !cell.test) return null;
  return clampPercentile(cell.test.abilityPercentile);
}

/**
 * School CSV for one period: students with classroom, status and a column per test the grid would
 * show for a grade present (gridColumnGroups). Each cell is the classroom grid's own cell in
 * percentile mode (gridCell, csvCellText: the same words as the grid and its export), so the file
 * and the page cannot disagree. Of several tests of a code, the one the grid shows. Each test
 * has two columns (issue 34 item 16): '{Group}: {Test}', named and filled as in the classroom
 * CSV ('61st', 'Needs scoring'), and '… Percentile' beside it, the number only (cellPercentile).
 * The Grade column reads as on the grid ('1st', 'PK').
 */
export function schoolCsvRows(input: {
  schoolName: string;
  periodName: Period;
  /** `reportPeriods(config, [periodName])`: empty when the district has no such period configured. */
  periods: readonly ReportPeriod[];
  roster: Roster;
  progress: Progress;
  tests: readonly SchoolTestRow[];
  /** The display-rule flags (rer-kindergarten, gr-3-internal-testing-display-rules). */
  flags: Omit<DisplayRuleOptions, "letterScores">;
  /** The norms and cutoffs in force for the district (screening-standards.ts); none when left out. */
  standards?: EffectiveStandards;
}): CsvRow[] {
  const { schoolName, periodName, periods, roster, progress, tests, flags, standards } = input;
  const period = periods[0];
  const lists = period?.lists ?? {};
  const columns = gridColumnGroups(
    roster.students.map((s) => s.grade),
    lists,
  ).flatMap((g) => g.columns.map((c) => ({ code: c.testCode, title: `${g.title}: ${c.title}` })));
  const testsOf = new Map<string, SchoolTestRow[]>();
  for (const t of tests)
    testsOf.set(`${t.participant_id}:${t.test_code}`, [...(testsOf.get(`${t.participant_id}:${t.test_code}`) ?? []), t]);
  const rows: CsvRow[] = [
    [
      "School",
      "Classroom",
      "Teacher",
      "Last Name",
      "First Name",
      "Participant Code",
      "Student ID",
      "Grade",
      "Date of Birth",
      "Tags",
      `${periodName} Status`,
      ...columns.flatMap(({ title }) => [title, `${title} Percentile`]),
      SOURCES_COLUMN,
    ],
  ];
  const gaps: (CutoffGap | null)[] = [];
  for (const st of roster.students) {
    const cells: GridCell[] = [];
    rows.push([
      schoolName,
      ...classroomsAndTeachers(roster, st.participant_id),
      st.last_name,
      st.first_name,
      st.participant_code,
      st.external_id,
      gradeLabel(st.grade),
      birthDateCell(st.date_of_birth),
      st.tags.join(","),
      statusText(completionStatus(st.grade, periods, progress.get(st.participant_id))),
      ...columns.flatMap(({ code }) => {
        const test = pickTest(
          (testsOf.get(`${st.participant_id}:${code}`) ?? []).map((x) => {
            const startDtTm = new Date(x.start_dt_tm).toISOString();
            return {
              participantTestId: `${x.participant_id}:${code}`,
              testCode: code,
              startDtTm,
              endDtTm: null,
              updatedAt: startDtTm,
              completedFlag: x.completed_flag,
              invalid: x.invalid,
              abilityPercentile: x.ability_percentile,
              finalTheta: x.final_theta,
              correctItems: x.correct_items,
              totalItems: x.total_items,
              correctByCode: null,
              scoredSecs: x.scored_secs ?? null,
              scoredErrors: x.scored_errors ?? null,
              normsSource: x.norms_source ?? null,
            };
          }),
        );
        const applies = gridTestApplies(lists, st.grade, code);
        const cell = gridCell(code, st.grade, periodName, applies, test, { ...flags, mode: "percentile", standards });
        cells.push(cell);
        gaps.push(cutoffGapOf(cell, st.grade, periodName));
        return [csvCellText(cell), cellPercentile(cell)];
      }),
      // Evaluated after the cells above: where the row's configured figures come from.
      distinctSources(cells.flatMap((c) => c.sources ?? []))
        .map(sourceNoteText)
        .join("; "),
    ]);
  }
  // Cells with no theta cutoff configured: one line for the file.
  logCutoffGaps(gaps);
  return rows;
}
