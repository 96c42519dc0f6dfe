import { breadcrumbs } from "#app/domain/breadcrumbs";
import { localIsoDate } from "#app/domain/calendar-date";
import { buildFamilyReport } from "#app/domain/family-report";
import { currentPeriod, isPeriod, PERIOD_LABELS, type Period } from "#app/domain/periods";
import { gradeTestLists, logCutoffGaps, type CutoffGap } from "#app/domain/results-grid";
import { UNABLE_TO_LOAD_CLASSROOM, UNABLE_TO_LOAD_STUDENTS } from "#app/domain/results-labels";
import { lastFirst, sortByName } from "#app/domain/sort";
import { isUuid } from "#app/domain/uuid";
import {
  DEFAULT_FAMILY_REPORT_LANG,
  FAMILY_REPORT_LANGUAGE_OPTIONS,
  isFamilyReportLang,
  type FamilyReportLang,
} from "#app/i18n/family-report/index.server";
import type { FamilyReportView } from "#app/i18n/family-report/view";
import { familyReportView } from "#app/i18n/family-report/view.server";
import { expectData, type ApiClient, type ApiResult, type CurrentUser } from "#app/lib/api.server";
import { displayRuleFlags, flagsFor } from "#app/server/flags.server";

// What the classroom's bulk print of family reports loads, on the server only: the domain rules
// and the catalogues it needs stay out of the page's browser JavaScript.

type Query = { lang: FamilyReportLang; period: Period | null; student: string | null };

function parseQuery(url: URL): Query {
  const lang = url.searchParams.get("lang");
  const period = url.searchParams.get("period");
  const student = url.searchParams.get("student");
  return {
    lang: isFamilyReportLang(lang) ? lang : DEFAULT_FAMILY_REPORT_LANG,
    period: isPeriod(period) ? period : null,
    student: isUuid(student) ? student : null,
  };
}

/** 401 signs out and 403/404 go to the ErrorBoundary, as on the classroom page; any other failure is the page's alert. */
async function must<T>(request: Request, what: string, pending: Promise<ApiResult<T>>): Promise<T | null> {
  const result = await pending;
  if (result.ok) return result.data;
  if (result.status === 401 || result.status === 403 || result.status === 404) return expectData(request, result);
  console.error("[family reports]", what, result.status, result.error.message);
  return null;
}

/** The classroom's reports in the chosen language, or the page's alert with what could be loaded. */
export async function loadFamilyReports(request: Request, api: ApiClient, user: CurrentUser, id: string, crumbTail: string) {
  // The API decides who may see the classroom (a teacher: only their own); 403/404 reach the ErrorBoundary.
  const classroom = await api.load(api.GET("/participantGroups/{id}", { params: { path: { id } } }));
  const q = parseQuery(new URL(request.url));
  const district = classroom.OrganizationUnit.Organization;
  const base = {
    classroom: { id: classroom.participantGroupId, name: classroom.name },
    crumbs: breadcrumbs({
      role: user.role,
      schoolCount: user.schoolIds.length,
      district: { id: district.organizationId, name: district.name },
      school: { id: classroom.OrganizationUnit.organizationUnitId, name: classroom.OrganizationUnit.name },
      classrooms: [{ id: classroom.participantGroupId, name: classroom.name }],
      tail: crumbTail,
    }),
    lang: q.lang,
    languages: FAMILY_REPORT_LANGUAGE_OPTIONS,
    student: q.student,
  };
  const failed = (error: string, periods: { name: Period; label: string }[] = [], period: Period | null = null) => ({
    ...base,
    error,
    periods,
    period,
    reports: [] as FamilyReportView[],
  });

  const config = await must(
    request,
    "assessment config",
    api.result(api.GET("/assessmentConfig/currentAcademicYear/{id}", { params: { path: { id: district.organizationId } } })),
  );
  if (!config) return failed(UNABLE_TO_LOAD_CLASSROOM);
  const periods = config.periods.map((p) => ({ name: p.periodName, label: PERIOD_LABELS[p.periodName] }));
  const today = localIsoDate(new Date());
  const selected = (q.period && config.periods.find((p) => p.periodName === q.period)) || currentPeriod(config.periods, today);
  if (!selected) return failed("The district has no assessment periods for this school year.", periods);

  // The same call as the classroom grid: the classroom's students with their tests of the period.
  const students = await must(
    request,
    "students",
    api.result(
      api.GET("/participants/participantGroup/{id}", {
        // The purpose puts the reports in the access log; with ?student= only that student is read.
        params: {
          path: { id },
          query: {
            v: "1",
            startDate: selected.startDate,
            endDate: selected.endDate,
            purpose: "family-reports",
            ...(q.student ? { participantId: q.student } : {}),
          },
        },
      }),
    ),
  );
  if (!students) return failed(UNABLE_TO_LOAD_STUDENTS, periods, selected.periodName);

  const flags = flagsFor(request);
  const lists = gradeTestLists(selected.GradeAssessmentLists);
  const chosen = q.student ? students.filter((s) => s.participantId === q.student) : students;
  // In words on the server: the page gets the chosen language's sentences, never the catalogues.
  // Results with no theta cutoff configured are logged once for the page, not once per report.
  const cutoffGaps: CutoffGap[] = [];
  const reports = sortByName(chosen, lastFirst).map((s) =>
    familyReportView(
      buildFamilyReport({
        student: {
          participantId: s.participantId,
          firstName: s.firstName,
          lastName: s.lastName,
          grade: s.grade,
          dateOfBirth: s.dateOfBirth,
          schoolName: classroom.OrganizationUnit.name,
          teacherNames: s.User.map((t) => `${t.firstName} ${t.lastName}`),
        },
        period: selected.periodName,
        academicYear: config.academicYear,
        lists,
        tests: s.ParticipantTests ?? [],
        flags: displayRuleFlags(flags),
        standards: config.standards,
        today,
        cutoffGaps,
      }),
      q.lang,
    ),
  );
  logCutoffGaps(cutoffGaps);
  return { ...base, error: null, periods, period: selected.periodName, reports };
}
