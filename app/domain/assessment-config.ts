import type { IsoDate } from "./calendar-date";
import { GRADES } from "./grades";
import { academicYearOf, PERIODS, type Period } from "./periods";

// A district's period configuration (spec 001 §3) as the results pages and reports read it,
// built from the rows of its assessment periods and their grade lists.

export type GradeAssessmentList = { grade: string; testCodes: string };
export type PeriodConfig = { periodName: Period; startDate: string; endDate: string; GradeAssessmentLists: GradeAssessmentList[] };
export type AssessmentConfig = { organizationId: string; academicYear: string | null; periods: PeriodConfig[] };

/** One period row joined with one of its grade lists (grade and test_codes null when it has none). */
export type PeriodListRow = {
  assessment_period_id: string;
  academic_year: string;
  period_name: Period;
  start_date: string;
  end_date: string;
  grade: string | null;
  test_codes: string | null;
};

/**
 * The periods of the academic year holding today; when that year has no periods yet, the latest
 * earlier year that has (else the earliest), so a district between years still sees results.
 * Periods in BOY, MOY, EOY order; grade lists in grade order.
 */
export function assessmentConfigOf(rows: readonly PeriodListRow[], organizationId: string, today: IsoDate): AssessmentConfig {
  const years = [...new Set(rows.map((r) => r.academic_year))].sort();
  const thisYear = academicYearOf(today);
  const year = years.includes(thisYear) ? thisYear : (years.filter((y) => y <= thisYear).pop() ?? years[0] ?? null);
  const periods = new Map<string, PeriodConfig>();
  for (const r of rows.filter((row) => row.academic_year === year)) {
    let p = periods.get(r.assessment_period_id);
    if (!p) {
      p = { periodName: r.period_name, startDate: r.start_date, endDate: r.end_date, GradeAssessmentLists: [] };
      periods.set(r.assessment_period_id, p);
    }
    if (r.grade !== null && r.test_codes !== null) p.GradeAssessmentLists.push({ grade: r.grade, testCodes: r.test_codes });
  }
  const order = (g: string) => (GRADES as readonly string[]).indexOf(g);
  for (const p of periods.values()) p.GradeAssessmentLists.sort((a, b) => order(a.grade) - order(b.grade));
  return {
    organizationId,
    academicYear: year,
    periods: [...periods.values()].sort((a, b) => PERIODS.indexOf(a.periodName) - PERIODS.indexOf(b.periodName)),
  };
}
