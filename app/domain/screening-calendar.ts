import { ASSESSMENTS, defaultGradeAssessments, TEST_CODES, type DefaultAssessmentOptions, type TestCode } from "./assessments";
import { dayNumber, INVALID_CALENDAR_DATE, isCalendarDate, type IsoDate } from "./calendar-date";
import { GRADES, isGrade, type Grade } from "./grades";
import { PERIODS, type Period } from "./periods";

// A district's screening calendar (issue 16): per school year, the BOY, MOY and EOY windows and,
// per period, the tests of each grade (spec 001 §3 'District period config'). The rules a save
// must pass, the rollover to a new year, and the messages. The specs give no words for any of
// this: every message here is ours. A school year runs July 1 to June 30
// (docs/decisions/0015-screening-calendar.md), as academicYearOf (periods.ts) already counts it.

/** One period of a year: its window (both ends inclusive) and the tests of each grade screened in it. */
export type CalendarPeriod = { periodName: Period; startDate: IsoDate; endDate: IsoDate; gradeLists: GradeLists };
/** Test codes per grade, in the order of ASSESSMENTS; a grade left out is not screened in that period. */
export type GradeLists = Partial<Record<Grade, TestCode[]>>;
export type CalendarYear = { academicYear: string; periods: CalendarPeriod[] };

/** What a save sends, before any rule is checked: anything may be missing or wrong. */
export type CalendarInput = {
  academicYear: string;
  periods: Record<string, { startDate?: string; endDate?: string; gradeLists?: Record<string, readonly string[]> } | undefined>;
};

/** A broken rule, named by the path of the field in CalendarInput ('periods.MOY.startDate'). */
export type CalendarIssue = { path: string[]; message: string };

const SCHOOL_YEAR = /^(\d{4})-(\d{4})$/;

/** The first calendar year of a school year ('2026-2027' → 2026), or null when it is not two years in a row. */
export function schoolYearStart(academicYear: string): number | null {
  const match = SCHOOL_YEAR.exec(academicYear);
  if (!match) return null;
  const start = Number(match[1]);
  return Number(match[2]) === start + 1 && start >= 2000 && start < 2200 ? start : null;
}

export const schoolYearOf = (start: number) => `${start}-${start + 1}`;

/** July 1 to June 30, both inclusive. */
export function schoolYearBounds(academicYear: string): { start: IsoDate; end: IsoDate } | null {
  const start = schoolYearStart(academicYear);
  return start === null ? null : { start: `${start}-07-01`, end: `${start + 1}-06-30` };
}

/** The school year after this one ('2026-2027' → '2027-2028'). */
export function nextSchoolYear(academicYear: string): string {
  const start = schoolYearStart(academicYear);
  if (start === null) throw new RangeError(`Not a school year: ${academicYear}`);
  return schoolYearOf(start + 1);
}

/**
 * The tests each grade can be given: every test of its default lists (both kindergarten sets, the
 * flag rer-kindergarten switches between them), in the order of ASSESSMENTS. A district chooses
 * among these; a test outside them has no norms or display rules for that grade.
 */
export const TESTS_BY_GRADE: Readonly<Record<Grade, readonly TestCode[]>> = Object.fromEntries(
  GRADES.map((grade) => {
    const known = new Set(
      PERIODS.flatMap((period) => [
        ...defaultGradeAssessments(grade, period, { rerKindergarten: false }),
        ...defaultGradeAssessments(grade, period, { rerKindergarten: true }),
      ]),
    );
    return [grade, TEST_CODES.filter((code) => known.has(code))];
  }),
) as unknown as Record<Grade, readonly TestCode[]>;

/**
 * The standard calendar's tests (issue 35 item 7): per period, each grade's default list (the
 * lists the demo district and every made-up district use, app/domain/assessments.ts), the same in
 * BOY, MOY and EOY, in the order a saved calendar keeps. The specs list no tests per grade and
 * period beyond which RAN each grade takes, and give no window dates, so the standard calendar
 * has none: a district's administrator enters its own.
 */
export function standardGradeLists(options: DefaultAssessmentOptions): Record<Period, GradeLists> {
  return Object.fromEntries(
    PERIODS.map((period) => [
      period,
      Object.fromEntries(
        GRADES.map((grade) => {
          const codes = defaultGradeAssessments(grade, period, options);
          // In the order a saved calendar keeps (calendarOf), so saving the standard stores it unchanged.
          return [grade, TESTS_BY_GRADE[grade].filter((code) => codes.includes(code))];
        }),
      ),
    ]),
  ) as Record<Period, GradeLists>;
}

// ── Messages (ours) ───────────────────────────────────────────────────────────────────────────

export const CALENDAR_MESSAGES = {
  schoolYear: "Write the school year as two years in a row, for example 2026-2027.",
  startMissing: "Enter the start date.",
  endMissing: "Enter the end date.",
  notADate: INVALID_CALENDAR_DATE,
  endBeforeStart: "The end date cannot be before the start date.",
  outsideYear: (academicYear: string, bounds: { start: IsoDate; end: IsoDate }) =>
    `Dates must be within the ${academicYear} school year (${bounds.start} to ${bounds.end}).`,
  overlap: (period: Period, previous: Period, previousEnd: IsoDate) =>
    `${period} must start after ${previous} ends (${previousEnd}): periods run BOY, MOY, EOY without overlapping.`,
  unknownPeriod: "Only BOY, MOY and EOY can be given.",
  unknownGrade: "Only grades PK, K, 1, 2 and 3 are screened.",
  unknownTest: (grade: Grade) => `Grade ${grade} has no such test: choose from the tests of grade ${grade}.`,
  wrongGrade: (code: TestCode, grade: Grade) => `${ASSESSMENTS[code].title} is not a test of grade ${grade}.`,
  duplicate: (code: TestCode, grade: Grade) => `${ASSESSMENTS[code].title} is listed twice for grade ${grade}.`,
  yearExists: (academicYear: string) => `The ${academicYear} calendar exists already: open it to change it.`,
  nothingToRollOver: "There is no calendar to start from: save this school year's calendar first.",
  notNextYear: (next: string) => `Only the school year after the latest one can be started now: ${next}.`,
} as const;

// ── Rules ─────────────────────────────────────────────────────────────────────────────────────

/**
 * Every broken rule of a year's calendar, each on the field it belongs to: a known school year;
 * for each of BOY, MOY and EOY a start and end that are calendar dates, start ≤ end, within the
 * school year; each period starting after the one before ends (so in order and never
 * overlapping); grade lists only for PK–3, with known tests of that grade, none twice.
 */
export function calendarIssues(input: CalendarInput): CalendarIssue[] {
  const issues: CalendarIssue[] = [];
  const add = (path: string[], message: string) => issues.push({ path, message });
  const bounds = schoolYearBounds(input.academicYear);
  if (!bounds) add(["academicYear"], CALENDAR_MESSAGES.schoolYear);

  for (const key of Object.keys(input.periods)) {
    if (!(PERIODS as readonly string[]).includes(key)) add(["periods", key], CALENDAR_MESSAGES.unknownPeriod);
  }

  let previous: { period: Period; end: IsoDate } | null = null;
  for (const period of PERIODS) {
    const given = Object.hasOwn(input.periods, period) ? input.periods[period] : undefined;
    const at = (field: string) => ["periods", period, field];
    const date = (field: "startDate" | "endDate", missing: string): IsoDate | null => {
      const value = given?.[field]?.trim() ?? "";
      if (value === "") return (add(at(field), missing), null);
      if (!isCalendarDate(value)) return (add(at(field), CALENDAR_MESSAGES.notADate), null);
      return value;
    };
    const start = date("startDate", CALENDAR_MESSAGES.startMissing);
    const end = date("endDate", CALENDAR_MESSAGES.endMissing);
    const outside = (d: IsoDate) => bounds !== null && (d < bounds.start || d > bounds.end);
    if (start && bounds && outside(start)) add(at("startDate"), CALENDAR_MESSAGES.outsideYear(input.academicYear, bounds));
    if (end && bounds && outside(end)) add(at("endDate"), CALENDAR_MESSAGES.outsideYear(input.academicYear, bounds));
    if (start && end && dayNumber(end) < dayNumber(start)) add(at("endDate"), CALENDAR_MESSAGES.endBeforeStart);
    if (start && previous && dayNumber(start) <= dayNumber(previous.end)) {
      add(at("startDate"), CALENDAR_MESSAGES.overlap(period, previous.period, previous.end));
    }
    // A period whose end is unreadable leaves the next one nothing to be checked against.
    previous = end ? { period, end } : null;

    for (const [grade, codes] of Object.entries(given?.gradeLists ?? {})) {
      const path = ["periods", period, "gradeLists", grade];
      if (!isGrade(grade)) {
        add(path, CALENDAR_MESSAGES.unknownGrade);
        continue;
      }
      const problem = gradeListProblem(grade, codes);
      if (problem) add(path, problem);
    }
  }
  return issues;
}

/** The first thing wrong with one grade's list, or null. */
export function gradeListProblem(grade: Grade, codes: readonly string[]): string | null {
  const seen = new Set<string>();
  for (const code of codes) {
    if (!(TEST_CODES as readonly string[]).includes(code)) return CALENDAR_MESSAGES.unknownTest(grade);
    const test = code as TestCode;
    if (!TESTS_BY_GRADE[grade].includes(test)) return CALENDAR_MESSAGES.wrongGrade(test, grade);
    if (seen.has(code)) return CALENDAR_MESSAGES.duplicate(test, grade);
    seen.add(code);
  }
  return null;
}

/** A checked input as the calendar it describes: periods in order, lists in test order, empty lists left out. */
export function calendarOf(input: CalendarInput): CalendarYear {
  if (calendarIssues(input).length > 0) throw new RangeError("calendarOf needs an input without issues");
  return {
    academicYear: input.academicYear,
    periods: PERIODS.map((period) => {
      const given = input.periods[period]!;
      const gradeLists: GradeLists = {};
      for (const grade of GRADES) {
        const codes = given.gradeLists?.[grade] ?? [];
        if (codes.length > 0) gradeLists[grade] = TESTS_BY_GRADE[grade].filter((code) => codes.includes(code));
      }
      return { periodName: period, startDate: given.startDate!.trim(), endDate: given.endDate!.trim(), gradeLists };
    }),
  };
}

// ── Rollover ──────────────────────────────────────────────────────────────────────────────────

/**
 * The same month and day one year later. February 29 has no twin: a window ending on it ends on
 * February 28, one starting on it starts on March 1, so a window never grows into its neighbour
 * (one ending Feb 28 and the next starting Feb 29 stay one day apart).
 */
export function sameDayNextYear(date: IsoDate, end: "start" | "end"): IsoDate {
  dayNumber(date); // validates
  const year = Number(date.slice(0, 4)) + 1;
  const next = `${year}-${date.slice(5)}`;
  if (isCalendarDate(next)) return next;
  return end === "end" ? `${year}-02-28` : `${year}-03-01`;
}

/**
 * The next school year's calendar, from the latest year a district has: each window on the same
 * month and day a year later (February 29: see sameDayNextYear), the same tests. Refused when `target` is not the
 * year after the latest one or exists already.
 */
export function rolloverCalendar(
  years: readonly CalendarYear[],
  target: string,
): { ok: true; calendar: CalendarYear } | { ok: false; message: string; status: 409 } {
  if (years.some((y) => y.academicYear === target)) return { ok: false, status: 409, message: CALENDAR_MESSAGES.yearExists(target) };
  const latest = [...years].sort((a, b) => a.academicYear.localeCompare(b.academicYear)).pop();
  if (!latest) return { ok: false, status: 409, message: CALENDAR_MESSAGES.nothingToRollOver };
  const next = nextSchoolYear(latest.academicYear);
  if (target !== next) return { ok: false, status: 409, message: CALENDAR_MESSAGES.notNextYear(next) };
  return {
    ok: true,
    calendar: {
      academicYear: next,
      periods: latest.periods.map((p) => ({
        periodName: p.periodName,
        startDate: sameDayNextYear(p.startDate, "start"),
        endDate: sameDayNextYear(p.endDate, "end"),
        gradeLists: Object.fromEntries(Object.entries(p.gradeLists).map(([g, codes]) => [g, [...codes]])),
      })),
    },
  };
}
