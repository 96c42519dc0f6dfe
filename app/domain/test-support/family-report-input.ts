import type { buildFamilyReport } from "#app/domain/family-report";

type ReportInput = Parameters<typeof buildFamilyReport>[0];

/** A first grader's family report at MOY (Ana Ruiz, no school or teachers), for tests; `over` replaces fields. */
export const gradeOneReportInput = (over: Partial<ReportInput> & Pick<ReportInput, "lists" | "tests">): ReportInput => ({
  student: {
    participantId: "p",
    firstName: "Ana",
    lastName: "Ruiz",
    grade: "1",
    dateOfBirth: null,
    schoolName: null,
    teacherNames: [],
  },
  period: "MOY",
  flags: { rerKindergarten: false, gr3InternalTestingDisplayRules: false },
  today: "2027-01-20",
  ...over,
});
