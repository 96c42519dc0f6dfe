import { describe, expect, it } from "vitest";
import { assessmentConfigOf, type PeriodListRow } from "./assessment-config";

const row = (over: Partial<PeriodListRow>): PeriodListRow => ({
  assessment_period_id: "p1",
  academic_year: "2026-2027",
  period_name: "BOY",
  start_date: "2026-08-20",
  end_date: "2026-11-15",
  grade: "K",
  test_codes: "letter-names,vocab",
  ...over,
});

const ROWS: PeriodListRow[] = [
  row({ assessment_period_id: "e", period_name: "EOY", start_date: "2027-03-01", end_date: "2027-06-10", grade: null, test_codes: null }),
  row({ assessment_period_id: "b", grade: "1", test_codes: "vocab" }),
  row({ assessment_period_id: "b", grade: "PK", test_codes: "vocab" }),
  row({ assessment_period_id: "b", grade: "K" }),
  row({ assessment_period_id: "old", academic_year: "2025-2026", start_date: "2025-08-20", end_date: "2025-11-15" }),
];

describe("assessmentConfigOf", () => {
  it("orders periods BOY, MOY, EOY and grade lists by grade; a period without lists has none", () => {
    expect(assessmentConfigOf(ROWS, "org", "2026-10-01")).toEqual({
      organizationId: "org",
      academicYear: "2026-2027",
      periods: [
        {
          periodName: "BOY",
          startDate: "2026-08-20",
          endDate: "2026-11-15",
          GradeAssessmentLists: [
            { grade: "PK", testCodes: "vocab" },
            { grade: "K", testCodes: "letter-names,vocab" },
            { grade: "1", testCodes: "vocab" },
          ],
        },
        { periodName: "EOY", startDate: "2027-03-01", endDate: "2027-06-10", GradeAssessmentLists: [] },
      ],
    });
  });

  it.each([
    ["the year holding today", "2026-07-01", "2026-2027"],
    ["the year holding today (last day)", "2026-06-30", "2025-2026"],
    ["the latest earlier year when today's has no periods", "2028-01-15", "2026-2027"],
    ["the earliest year when every year is later", "2020-01-15", "2025-2026"],
  ])("picks %s", (_, today, year) => expect(assessmentConfigOf(ROWS, "org", today).academicYear).toBe(year));

  it("has no year and no periods for a district without periods", () => {
    expect(assessmentConfigOf([], "org", "2026-10-01")).toEqual({ organizationId: "org", academicYear: null, periods: [] });
  });
});
