import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useSubmit } from "@remix-run/react";
import { useEffect, useState } from "react";
import { ErrorPage } from "#app/components/ErrorPage";
import { Breadcrumbs } from "#app/components/Breadcrumbs";
import { FamilyReport } from "#app/components/family-report/FamilyReport";
import { breadcrumbs } from "#app/domain/breadcrumbs";
import { localIsoDate } from "#app/domain/calendar-date";
import { buildFamilyReport, type FamilyReportModel } from "#app/domain/family-report";
import { currentPeriod, isPeriod, PERIOD_LABELS, type Period } from "#app/domain/periods";
import { gradeTestLists } from "#app/domain/results-grid";
import { UNABLE_TO_LOAD_CLASSROOM, UNABLE_TO_LOAD_STUDENTS } from "#app/domain/results-labels";
import { lastFirst, sortByName } from "#app/domain/sort";
import {
  DEFAULT_FAMILY_REPORT_LANG,
  FAMILY_REPORT_LANGUAGE_OPTIONS,
  isFamilyReportLang,
  type FamilyReportLang,
} from "#app/i18n/family-report";
import { apiFor, expectData, type ApiResult } from "#app/lib/api.server";
import { requireUser } from "#app/lib/auth.server";
import { flagsFor, isOn } from "#app/server/flags.server";
import familyReportCss from "#app/styles/family-report.css";

// The classroom's family reports in one printable document (issue 10, beyond the spec): one
// report per student, each on its own sheet, in the language chosen, for the current period or
// ?period=; ?student= narrows it to one student. The classroom page's Results toolbar links here.

const PAGE_TITLE = "Print family reports";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Query = { lang: FamilyReportLang; period: Period | null; student: string | null };

// Parsed by hand rather than with zod: a schema built at module level would ship zod to the browser.
function parseQuery(url: URL): Query {
  const lang = url.searchParams.get("lang");
  const period = url.searchParams.get("period");
  const student = url.searchParams.get("student");
  return {
    lang: isFamilyReportLang(lang) ? lang : DEFAULT_FAMILY_REPORT_LANG,
    period: isPeriod(period) ? period : null,
    student: student && UUID.test(student) ? student : null,
  };
}

export const links: LinksFunction = () => [{ rel: "stylesheet", href: familyReportCss }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${PAGE_TITLE}: ${data.classroom.name} – Early Literacy Screening` : `${PAGE_TITLE} – Early Literacy Screening` },
];

/** 401 signs out and 403/404 go to the ErrorBoundary, as on the classroom page; any other failure is the page's alert. */
async function must<T>(request: Request, what: string, pending: Promise<ApiResult<T>>): Promise<T | null> {
  const result = await pending;
  if (result.ok) return result.data;
  if (result.status === 401 || result.status === 403 || result.status === 404) return expectData(request, result);
  console.error("[family reports]", what, result.status, result.error.message);
  return null;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const api = apiFor(request, context);
  const id = params.classroomId!;
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
      tail: PAGE_TITLE,
    }),
    lang: q.lang,
    student: q.student,
  };
  const failed = (error: string, periods: { name: Period; label: string }[] = [], period: Period | null = null) => ({
    ...base,
    error,
    periods,
    period,
    reports: [] as FamilyReportModel[],
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
        params: { path: { id }, query: { v: "1", startDate: selected.startDate, endDate: selected.endDate } },
      }),
    ),
  );
  if (!students) return failed(UNABLE_TO_LOAD_STUDENTS, periods, selected.periodName);

  const flags = flagsFor(request);
  const lists = gradeTestLists(selected.GradeAssessmentLists);
  const chosen = q.student ? students.filter((s) => s.participantId === q.student) : students;
  const reports = sortByName(chosen, lastFirst).map((s) =>
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
      flags: {
        rerKindergarten: isOn(flags, "rer-kindergarten"),
        gr3InternalTestingDisplayRules: isOn(flags, "gr-3-internal-testing-display-rules"),
      },
      today,
    }),
  );
  return { ...base, error: null, periods, period: selected.periodName, reports };
}

export default function FamilyReportsPage() {
  const data = useLoaderData<typeof loader>();
  const submit = useSubmit();
  const count = data.reports.length;
  return (
    <section aria-labelledby="page-title" className="family-reports-page">
      <div className="no-print">
        <Breadcrumbs crumbs={data.crumbs} />
        <h1 id="page-title">{PAGE_TITLE}</h1>
        <p>
          {data.classroom.name}: one report per student, each on its own page.{" "}
          <Link to={`/classroom/${data.classroom.id}${data.period ? `?period=${data.period}` : ""}`}>Back to the classroom</Link>
        </p>
        <Form
          method="get"
          className="family-reports__controls"
          onChange={(event) => submit(event.currentTarget, { replace: true, preventScrollReset: true })}
        >
          {data.student ? <input type="hidden" name="student" value={data.student} /> : null}
          <div className="field">
            <label htmlFor="family-reports-lang">Language</label>
            <select id="family-reports-lang" name="lang" defaultValue={data.lang} key={data.lang}>
              {FAMILY_REPORT_LANGUAGE_OPTIONS.map((o) => (
                <option key={o.value} value={o.value} lang={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
          {data.periods.length > 0 && data.period ? (
            <div className="field">
              <label htmlFor="family-reports-period">Period</label>
              <select id="family-reports-period" name="period" defaultValue={data.period} key={data.period}>
                {data.periods.map((p) => (
                  <option key={p.name} value={p.name}>
                    {p.label}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <button type="submit" className="button">
            Show reports
          </button>
          {count > 0 ? <PrintButton count={count} /> : null}
        </Form>
        {count > 0 ? (
          <p className="muted">
            {count === 1 ? "1 report" : `${count} reports`} below. You can also print with your browser&apos;s Print command (Ctrl+P, or ⌘P
            on a Mac).
          </p>
        ) : null}
      </div>
      {data.error ? (
        <p role="alert" className="alert alert--error">
          {data.error}
        </p>
      ) : count === 0 ? (
        <p className="empty">There are no students to print in this classroom.</p>
      ) : (
        <div className="family-reports__sheets">
          {data.reports.map((report) => (
            <FamilyReport key={report.student.participantId} data={report} lang={data.lang} />
          ))}
        </div>
      )}
    </section>
  );
}

/** Printing needs the browser's print dialog, so the button appears once scripts run; without them the hint above says how. */
function PrintButton({ count }: { count: number }) {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) return null;
  return (
    <button type="button" className="button button--primary" onClick={() => window.print()}>
      Print {count === 1 ? "1 report" : `${count} reports`}
    </button>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
