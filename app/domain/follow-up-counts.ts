import type { IsoDate } from "./calendar-date";
import { daysBetween } from "./follow-up-days";
import { GRADES, gradeLabel } from "./grades";
import { PERIODS, type Period } from "./periods";

// The annual counts a district reports (issue 38 item 5; docs/features/follow-up.md 'Annual
// counts'): per grade and period of one school year, how many students were screened, flagged,
// and whether their family was notified within the deadline that applied. Every flagged
// follow-up falls in exactly one of the notice columns, so they add up to Flagged.

/** A live student of the scope, with the grade the roster gives now. */
export type CountStudent = { participantId: string; grade: string };
/** A student had risk scores recorded for that period of the year. */
export type CountScreening = { participantId: string; period: Period };
/**
 * A follow-up of the year as stored: its notice deadline (fixed when it opened), the date of its
 * first notice-sent step, and whether it is closed now.
 */
export type CountFollowUp = {
  participantId: string;
  period: Period;
  noticeDue: IsoDate | null;
  firstNoticeOn: IsoDate | null;
  closedOn: IsoDate | null;
};

export const NOTICE_BUCKETS = ["onTime", "late", "pastDeadline", "notYetDue", "noDeadline", "closedBeforeNotice"] as const;
export type NoticeBucket = (typeof NOTICE_BUCKETS)[number];

export const COUNT_COLUMNS = ["screened", "flagged", ...NOTICE_BUCKETS, "optedOut"] as const;
export type CountColumn = (typeof COUNT_COLUMNS)[number];

export const COUNT_LABELS: Record<CountColumn, string> = {
  screened: "Screened",
  flagged: "Flagged",
  onTime: "Notified within the deadline",
  late: "Notified late",
  pastDeadline: "Not notified, past the deadline",
  notYetDue: "Not notified, not yet due",
  noDeadline: "No deadline set",
  closedBeforeNotice: "Closed before a notice",
  optedOut: "Opted out",
};

/** One sentence per count, shown under the table and written in the feature doc. */
export const COUNT_DEFINITIONS: Record<CountColumn, string> = {
  screened:
    "Screened: students with risk scores recorded for that period of the school year (the results flags are read from); a student counts in the grade the roster gives now.",
  flagged:
    "Flagged: follow-ups opened for that period, one per student, whether open or closed today; a follow-up closed and reopened counts once, and one whose results have since changed still counts.",
  onTime:
    "Notified within the deadline: flagged, with a deadline, and the first notice-sent step is dated on or before the deadline stored when the follow-up opened.",
  late: "Notified late: flagged, with a deadline, and the first notice-sent step is dated after it.",
  pastDeadline: "Not notified, past the deadline: still open, no notice-sent step, and the deadline is before today.",
  notYetDue: "Not notified, not yet due: still open, no notice-sent step, and the deadline is today or later.",
  noDeadline: "No deadline set: flagged while the policy had no figure for days to notify the family, whether or not a notice went out.",
  closedBeforeNotice:
    "Closed before a notice: the results stopped flagging the student before any notice-sent step, and the follow-up is closed today.",
  optedOut:
    "Opted out: students whose family's latest written record for that school year opts them out of screening; counted once a year, on each All periods row.",
};

/** How the table reads as a whole, under the definitions. */
export const COUNT_NOTES = [
  "The six notice columns add up to Flagged: every follow-up is in exactly one of them.",
  "An All periods row adds up its periods: a student screened in BOY and in MOY counts twice there.",
  "Past the deadline and not yet due are judged on the day the report is made, shown above the table.",
] as const;

/** Where a follow-up's notice stands on `today`: exactly one bucket. */
export function noticeBucket(f: Omit<CountFollowUp, "participantId" | "period">, today: IsoDate): NoticeBucket {
  if (f.noticeDue === null) return "noDeadline";
  if (f.firstNoticeOn !== null) return daysBetween(f.firstNoticeOn, f.noticeDue) >= 0 ? "onTime" : "late";
  if (f.closedOn !== null) return "closedBeforeNotice";
  return daysBetween(today, f.noticeDue) < 0 ? "pastDeadline" : "notYetDue";
}

export type Counts = Record<Exclude<CountColumn, "optedOut">, number> & { optedOut: number | null };

/** One row of the table: a grade (null: all grades) and a period (null: all periods, their sum). */
export type CountRow = { grade: string | null; period: Period | null; counts: Counts };

const zero = (): Counts => ({
  screened: 0,
  flagged: 0,
  onTime: 0,
  late: 0,
  pastDeadline: 0,
  notYetDue: 0,
  noDeadline: 0,
  closedBeforeNotice: 0,
  optedOut: null,
});

/** Screened grades first in their order, then any other roster grade by name. */
export function orderedGrades(grades: Iterable<string>): string[] {
  const known = GRADES as readonly string[];
  return [...new Set(grades)].sort((a, b) => {
    const ia = known.indexOf(a);
    const ib = known.indexOf(b);
    if (ia >= 0 || ib >= 0) return (ia < 0 ? known.length : ia) - (ib < 0 ? known.length : ib);
    return a < b ? -1 : a > b ? 1 : 0;
  });
}

/**
 * The table: per grade of the scope's students, a row per period and an All periods row (the sum
 * of its periods; opted out only there), then the same for all grades. Screenings, follow-ups and
 * opt-outs of students outside `students` are not counted.
 */
export function followUpCounts(input: {
  students: readonly CountStudent[];
  screenings: readonly CountScreening[];
  followUps: readonly CountFollowUp[];
  optedOut: ReadonlySet<string>;
  today: IsoDate;
}): CountRow[] {
  const gradeOf = new Map(input.students.map((s) => [s.participantId, s.grade]));
  const grades = orderedGrades(input.students.map((s) => s.grade));
  const cell = new Map<string, Counts>();
  const at = (grade: string | null, period: Period | null) => {
    const k = `${grade ?? "*"}|${period ?? "*"}`;
    let c = cell.get(k);
    if (!c) cell.set(k, (c = zero()));
    return c;
  };
  const add = (grade: string, period: Period, column: Exclude<CountColumn, "optedOut">) => {
    for (const g of [grade, null]) for (const p of [period, null]) at(g, p)[column] += 1;
  };

  // One screening and one follow-up per student and period, whatever the rows repeat.
  const seen = new Set<string>();
  for (const s of input.screenings) {
    const grade = gradeOf.get(s.participantId);
    const k = `${s.participantId}|${s.period}`;
    if (grade === undefined || seen.has(k)) continue;
    seen.add(k);
    add(grade, s.period, "screened");
  }
  const opened = new Set<string>();
  for (const f of input.followUps) {
    const grade = gradeOf.get(f.participantId);
    const k = `${f.participantId}|${f.period}`;
    if (grade === undefined || opened.has(k)) continue;
    opened.add(k);
    add(grade, f.period, "flagged");
    add(grade, f.period, noticeBucket(f, input.today));
  }

  for (const g of [...grades, null]) {
    const c = at(g, null);
    c.optedOut = 0;
    for (const s of input.students) if ((g === null || s.grade === g) && input.optedOut.has(s.participantId)) c.optedOut += 1;
  }

  return [...grades, null].flatMap((grade) => [...PERIODS, null].map((period) => ({ grade, period, counts: { ...at(grade, period) } })));
}

export const ALL_GRADES_LABEL = "All grades";
export const ALL_PERIODS_LABEL = "All periods";

export const countGradeLabel = (grade: string | null) => (grade === null ? ALL_GRADES_LABEL : gradeLabel(grade));
export const countPeriodLabel = (period: Period | null) => period ?? ALL_PERIODS_LABEL;

/** The CSV's rows: a header, then one line per table row; an empty cell where a count is not made. */
export function followUpCountsCsv(meta: { scope: string; academicYear: string }, rows: readonly CountRow[]) {
  return [
    ["Scope", "School year", "Grade", "Period", ...COUNT_COLUMNS.map((c) => COUNT_LABELS[c])],
    ...rows.map((r) => [
      meta.scope,
      meta.academicYear,
      countGradeLabel(r.grade),
      countPeriodLabel(r.period),
      ...COUNT_COLUMNS.map((c) => r.counts[c]),
    ]),
  ];
}
