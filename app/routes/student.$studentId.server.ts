import { data } from "@remix-run/node";
import { z } from "zod";
import type { ClassroomOption } from "#app/components/admin/StudentDialog";
import type { StudentView } from "#app/components/student/urls";
import { breadcrumbs } from "#app/domain/breadcrumbs";
import { localIsoDate } from "#app/domain/calendar-date";
import { may } from "#app/domain/permissions";
import { currentPeriod, PERIODS, type Period } from "#app/domain/periods";
import { buildFamilyReport, type FamilyReportModel } from "#app/domain/family-report";
import { growthSeries, riskSeries, type GrowthInput } from "#app/domain/growth";
import { bannerApplies, gradeTestLists, type ProfileScores } from "#app/domain/results-grid";
import { sortByName } from "#app/domain/sort";
import {
  buildStudentResults,
  NO_PERIODS_TEXT,
  studentCard,
  UNABLE_TO_LOAD_STUDENT,
  UNABLE_TO_LOAD_STUDENT_RESULTS,
  type StudentResults,
} from "#app/domain/student-profile";
import { testDetails, UNABLE_TO_LOAD_TEST_DETAILS, type TestDetails } from "#app/domain/test-details";
import {
  DEFAULT_FAMILY_REPORT_LANG,
  FAMILY_REPORT_LANGS,
  FAMILY_REPORT_LANGUAGE_OPTIONS,
  isFamilyReportLang,
  type FamilyReportLang,
} from "#app/i18n/family-report/index.server";
import type { FamilyReportView } from "#app/i18n/family-report/view";
import { familyReportGrowthView, familyReportView } from "#app/i18n/family-report/view.server";
import { studentGrades } from "#app/lib/admin-actions.server";
import type { ApiClient, ApiSchema, CurrentUser } from "#app/lib/api.server";
import { loadBanner } from "#app/lib/banner.server";
import { loadRanDialog } from "#app/lib/ran-scoring.server";
import { menuData } from "#app/lib/menu.server";
import { signOutAndRedirect } from "#app/lib/session.server";
import { displayRuleFlags, flagsFor } from "#app/server/flags.server";
import { loadFollowUpNext } from "#app/lib/follow-up-lists.server";

// What the student page loads (spec 001 §2 'Student profile', §4 load states, §7 student-page
// operations): one API call for the student and every period's results, one more for an open
// Test details dialog, two for the Edit dialog's choices, and for the RAN scoring dialog its
// test, its recordings' token and their waveforms.

const StudentQuery = z.object({
  period: z.enum(PERIODS).optional().catch(undefined),
  score: z.enum(["percentile", "raw"]).catch("percentile"),
  admin: z.enum(["0", "1"]).optional().catch(undefined),
  dialog: z.enum(["test-details", "ran", "edit-student"]).optional().catch(undefined),
  test: z.string().uuid().optional().catch(undefined),
  print: z.literal("1").optional().catch(undefined),
  growth: z.literal("1").optional().catch(undefined),
  lang: z
    .string()
    .optional()
    .transform((lang) => (isFamilyReportLang(lang) ? lang : DEFAULT_FAMILY_REPORT_LANG))
    .catch(DEFAULT_FAMILY_REPORT_LANG),
});
export type StudentQuery = z.infer<typeof StudentQuery>;

export function parseStudentQuery(url: URL): StudentQuery {
  return StudentQuery.parse(Object.fromEntries(url.searchParams));
}

export const StudentId = z.string().uuid();

export type StudentPageData = Awaited<ReturnType<typeof loadStudentPage>>;

export async function loadStudentPage(request: Request, api: ApiClient, user: CurrentUser, studentId: string, today = new Date()) {
  const q = parseStudentQuery(new URL(request.url));
  const superAdmin = user.role === "SUPER_ADMIN";
  // The report-only view is the family report's read in the access log (issue 41 item 2).
  const query = q.print === "1" ? { purpose: "family-report" as const } : {};
  // The next follow-up step owed (issue 38 item 3), read beside the profile; not in the printed report.
  const followUpNext = q.print === "1" ? null : loadFollowUpNext(api, studentId, localIsoDate(today));
  // The progress page's link says how many probes there are (issue 39 item 5); read beside the profile.
  const probes = q.print === "1" ? null : api.result(api.GET("/participant/{id}/probeSummary", { params: { path: { id: studentId } } }));
  const answer = await api.result(api.GET("/participants/profile/{id}", { params: { path: { id: studentId }, query } }));
  if (!answer.ok) {
    // Spec 001 §4: 401 signs out, 403 is the access-denied view (the ErrorBoundary, as is 404),
    // anything else is an alert on the page.
    if (answer.status === 401) return signOutAndRedirect(request);
    if (answer.status === 403 || answer.status === 404) throw data(answer.error, { status: answer.status });
    console.error("[student]", answer.status, answer.error.message);
    return { state: "error" as const, message: UNABLE_TO_LOAD_STUDENT, studentId };
  }
  const profile = answer.data;

  const student = profile.Participant;
  const school = student.OrganizationUnit;
  const district = school.Organization;
  const selected: Period | null =
    (q.period && profile.periods.some((p) => p.periodName === q.period) ? q.period : null) ??
    currentPeriod(profile.periods, localIsoDate(today))?.periodName ??
    null;
  const view: StudentView & { period: Period | undefined } = {
    period: selected ?? undefined,
    score: q.score,
    admin: superAdmin && q.admin === "1",
  };
  const flags = flagsFor(request);
  const displayFlags = displayRuleFlags(flags);

  let results: StudentResults | null = null;
  let resultsError: string | null = null;
  let growth: { subtests: ReturnType<typeof growthSeries>; risk: ReturnType<typeof riskSeries> } | null = null;
  if (!selected) {
    resultsError = NO_PERIODS_TEXT;
  } else {
    try {
      results = buildStudentResults({
        grade: student.grade,
        periods: profile.periods.map((p) => ({ ...p, tests: p.ParticipantTests })),
        scores: Object.fromEntries(profile.riskScores.map((r) => [r.periodName, r.predictiveProfile])) as Partial<
          Record<Period, ProfileScores>
        >,
        selected,
        mode: q.score === "raw" ? "score" : "percentile",
        flags: { ...displayFlags, standards: profile.standards },
        view: { superAdmin, adminView: Boolean(view.admin) },
      });
      // The growth charts read the same periods and scores, cell by cell (issue 39 item 1).
      const growthInput: GrowthInput = {
        grade: student.grade,
        periods: profile.periods.map((p) => ({ ...p, tests: p.ParticipantTests })),
        scores: Object.fromEntries(profile.riskScores.map((r) => [r.periodName, r.predictiveProfile])) as GrowthInput["scores"],
        flags: { ...displayFlags, standards: profile.standards },
        log: () => {},
      };
      growth = { subtests: growthSeries(growthInput), risk: riskSeries(growthInput) };
    } catch (error) {
      // A rule that throws on odd data must not take the student card down with it.
      console.error("[student] results", error);
      resultsError = UNABLE_TO_LOAD_STUDENT_RESULTS;
    }
  }

  const reportModel = familyReport(profile, displayFlags, today);
  const banner = loadBanner();
  const [details, studentOptions, ran] = await Promise.all([
    q.dialog === "test-details" && q.test && !q.print ? loadTestDetails(request, api, studentId, q.test) : null,
    q.dialog === "edit-student" && !q.print ? loadStudentOptions(api, district.organizationId) : null,
    q.dialog === "ran" && !q.print ? loadRanDialog(request, api, new URL(request.url), { param: "test", studentId }) : null,
  ]);

  return {
    state: "ready" as const,
    studentId,
    view,
    superAdmin,
    actorIsTeacher: user.role === "TEACHER",
    // Decided here so the page's bundle does not carry the permissions table for two links.
    recordLinks: { records: may(user.role, "studentRecords"), access: may(user.role, "readRecordAccess") },
    card: studentCard(student),
    probeSummary: probes ? await probes.then((r) => (r.ok ? r.data : null)) : null,
    followUpNext: await followUpNext,
    student,
    crumbs: breadcrumbs({
      role: user.role,
      schoolCount: user.schoolIds.length,
      district: { id: district.organizationId, name: district.name },
      school: { id: school.organizationUnitId, name: school.name },
      classrooms: student.ParticipantGroup.map((g) => ({ id: g.participantGroupId, name: g.name })),
      student: { id: student.participantId, name: `${student.lastName}, ${student.firstName}` },
    }),
    banner: banner && bannerApplies(banner.grades, [student.grade]) ? banner : null,
    results,
    resultsError,
    growth,
    // The report's second page, the growth charts, when asked for beside Print Report.
    reportGrowth: q.growth === "1",
    details,
    ran,
    studentOptions: studentOptions && { ...studentOptions, grades: studentGrades(request) },
    // The menu's Next Steps Resources link, so the panel's 'link below' is the same page.
    nextStepsUrl: menuData(request).nextStepsUrl,
    report: reportModel && reportViews(reportModel, q.lang, q.print === "1", growth),
    print: q.print === "1",
  };
}

/**
 * The family report of the current period (spec 001 §2 'Family report (print)'), or null when
 * the district has no period now; a report that cannot be built leaves Print Report out rather
 * than the page.
 */
function familyReport(
  profile: ApiSchema<"StudentProfile">,
  flags: { rerKindergarten: boolean; gr3InternalTestingDisplayRules: boolean },
  today: Date,
): FamilyReportModel | null {
  const period = currentPeriod(profile.periods, localIsoDate(today));
  if (!period) return null;
  const student = profile.Participant;
  try {
    return buildFamilyReport({
      student: {
        participantId: student.participantId,
        firstName: student.firstName,
        lastName: student.lastName,
        grade: student.grade,
        dateOfBirth: student.dateOfBirth,
        schoolName: student.OrganizationUnit.name,
        teacherNames: studentCard(student).teachers,
      },
      period: period.periodName,
      academicYear: profile.academicYear,
      lists: gradeTestLists(period.GradeAssessmentLists),
      tests: period.ParticipantTests,
      flags,
      standards: profile.standards,
      today: localIsoDate(today),
      // Gathered, not logged: the page's results (buildStudentResults) already said the period's cutoff gaps once.
      cutoffGaps: [],
    });
  } catch (error) {
    console.error("[student] family report", error);
    return null;
  }
}

/**
 * The report in words, in the chosen language and, on the profile, in every other one too: the
 * language choice beside Print Report swaps the hidden report at once and prints it, with no
 * round trip. The report-only view (`?print=1`) needs only its own language. Each carries its page
 * of growth charts in its own words, for when the report adds it.
 */
function reportViews(
  model: FamilyReportModel,
  lang: FamilyReportLang,
  printView: boolean,
  growth: Parameters<typeof familyReportGrowthView>[0] | null,
) {
  const langs = printView ? [lang] : FAMILY_REPORT_LANGS;
  const viewIn = (l: FamilyReportLang): FamilyReportView => ({
    ...familyReportView(model, l),
    growth: growth ? familyReportGrowthView(growth, l) : null,
  });
  return {
    lang,
    languages: FAMILY_REPORT_LANGUAGE_OPTIONS,
    views: Object.fromEntries(langs.map((l) => [l, viewIn(l)])) as Partial<Record<FamilyReportLang, FamilyReportView>>,
  };
}

/**
 * The read-only Test details dialog's data, or the spec's alert text when the load fails
 * (spec 001 §8: alert, dialog not shown). A test of another student is a failed load here too.
 */
async function loadTestDetails(
  request: Request,
  api: ApiClient,
  studentId: string,
  testId: string,
): Promise<{ error: string } | { test: TestDetails }> {
  const [result, access] = await Promise.all([
    api.result(api.GET("/participantTest/testResults/{id}", { params: { path: { id: testId } } })),
    // An <audio> element sends no Authorization header: the recordings' URLs carry a short-lived
    // token signed for this one test (app/lib/audio-token.server.ts), never the session.
    api.result(api.GET("/participantTest/audioAccess/{id}", { params: { path: { id: testId } } })),
  ]);
  if (!result.ok) {
    if (result.status === 401) return signOutAndRedirect(request);
    return { error: UNABLE_TO_LOAD_TEST_DETAILS };
  }
  if (result.data.participantId !== studentId) return { error: UNABLE_TO_LOAD_TEST_DETAILS };
  const stored = new Set(access.ok ? access.data.storedFileNames : []);
  const grant = access.ok ? { token: access.data.token, stored: (fileName: string) => stored.has(fileName) } : null;
  return { test: testDetails(result.data, grant) };
}

/** The Edit dialog's school and classroom choices (classrooms enabled for screening), as on the school page. */
async function loadStudentOptions(api: ApiClient, districtId: string) {
  const [schools, rooms] = await Promise.all([
    api.result(api.GET("/organization/orgUnits/{id}", { params: { path: { id: districtId } } })),
    api.result(api.GET("/participantGroups/organization/{id}", { params: { path: { id: districtId } } })),
  ]);
  const classrooms: ClassroomOption[] = rooms.ok
    ? sortByName(
        rooms.data.filter((c) => c.enabledInEBPlatform),
        (c) => c.name,
      ).map((c) => ({ value: c.participantGroupId, label: c.name, schoolId: c.organizationUnitId }))
    : [];
  return {
    schools: schools.ok ? schools.data.map((s) => ({ value: s.organizationUnitId, label: s.name })) : [],
    classrooms,
    error: schools.ok && rooms.ok ? null : "Error fetching available schools and classrooms.",
  };
}
