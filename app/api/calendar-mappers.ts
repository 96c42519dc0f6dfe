import { createHash } from "node:crypto";
import type { PeriodListRow } from "#app/domain/assessment-config";
import { GRADES } from "#app/domain/grades";
import { PERIODS } from "#app/domain/periods";
import type { CalendarYear } from "#app/domain/screening-calendar";

// A district's stored periods and grade lists (periodListRows) as the screening calendar's API
// answers them: years in order, periods BOY, MOY, EOY, test codes as a list. (Grade lists are an
// object keyed by grade: JavaScript orders the keys 1, 2, 3 before PK and K, so readers order them.)

export type StoredCalendarYear = CalendarYear & { version: string };

/**
 * The version of a year's calendar: a fingerprint of what is stored (dates and lists). A save
 * sends back the version it read; when the stored calendar differs from what the user saw, it
 * answers 409 with the newer one. A fingerprint rather than a counter column: the calendar is
 * several rows (three periods and their lists) that a save replaces together, and any change to
 * any of them, through this API or by SQL, changes it.
 */
export function calendarVersion(year: CalendarYear): string {
  const canonical = year.periods.map((p) => [p.periodName, p.startDate, p.endDate, GRADES.map((g) => p.gradeLists[g] ?? [])]);
  return createHash("sha256")
    .update(JSON.stringify([year.academicYear, canonical]))
    .digest("hex")
    .slice(0, 16);
}

/** The version of a year with no stored calendar: a save that read nothing is refused once another one saved it. */
export const EMPTY_CALENDAR_VERSION = "new";

export function toCalendarYears(rows: readonly PeriodListRow[]): StoredCalendarYear[] {
  type Gathered = Omit<CalendarYear["periods"][number], "gradeLists"> & { lists: Map<string, string[]> };
  const years = new Map<string, Map<string, Gathered>>();
  for (const r of rows) {
    let periods = years.get(r.academic_year);
    if (!periods) years.set(r.academic_year, (periods = new Map()));
    let period = periods.get(r.assessment_period_id);
    if (!period) {
      period = { periodName: r.period_name, startDate: r.start_date, endDate: r.end_date, lists: new Map() };
      periods.set(r.assessment_period_id, period);
    }
    if (r.grade !== null && r.test_codes !== null) {
      const codes = r.test_codes
        .split(",")
        .map((c) => c.trim())
        .filter(Boolean);
      period.lists.set(r.grade, codes);
    }
  }
  return [...years.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([academicYear, periods]) => {
      const year: CalendarYear = {
        academicYear,
        periods: [...periods.values()]
          .sort((a, b) => PERIODS.indexOf(a.periodName) - PERIODS.indexOf(b.periodName))
          // Object.fromEntries defines each grade as an own key: a stored grade is never written through a setter such as __proto__.
          .map(({ lists, ...p }) => ({ ...p, gradeLists: Object.fromEntries(lists) })),
      };
      return { ...year, version: calendarVersion(year) };
    });
}
