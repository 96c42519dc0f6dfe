import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { Breadcrumbs } from "#app/components/Breadcrumbs";
import { FAMILY_REPORT_HOST, FamilyReport } from "#app/components/family-report/FamilyReport";
import { ErrorPage, stylesheets } from "#app/components/page-kit";
import { StudentRecordLinks } from "#app/components/student/StudentRecordLinks";
import { ProgressLink } from "#app/components/student/ProgressLink";
import { LazyRanScoringDialog } from "#app/components/ran/lazy";
import { AdminViewToggle } from "#app/components/student/AdminViewToggle";
import { LazyStudentDialog, LazyTestDetailsDialog } from "#app/components/student/dialogs";
import { GradeBanner } from "#app/components/student/GradeBanner";
import { NextStepsPanel } from "#app/components/student/NextStepsPanel";
import { PeriodSwitch } from "#app/components/student/PeriodSwitch";
import { PrintReportForm } from "#app/components/student/PrintReport";
import { ProfileTable } from "#app/components/student/ProfileTable";
import { StudentCard } from "#app/components/student/StudentCard";
import { SubtestResults } from "#app/components/student/SubtestResults";
import { GrowthCharts } from "#app/components/student/GrowthCharts";
import { dispatchIntent, studentIntents } from "#app/lib/admin-actions.server";
import { apiFor } from "#app/lib/api.server";
import type { FamilyReportLang } from "#app/i18n/family-report/index.server";
import type { FamilyReportView } from "#app/i18n/family-report/view";
import { requireUser } from "#app/lib/auth.server";
import { RAN_INTENT, saveRanScore } from "#app/lib/ran-scoring.server";
import { sourceNoteText } from "#app/domain/screening-standards";
import studentCss from "#app/styles/student.css";
import { loadStudentPage, StudentId } from "./student.$studentId.server";

export const links: LinksFunction = () => [
  // admin.css: the Edit dialog's form layout.
  { rel: "stylesheet", href: stylesheets.admin },
  { rel: "stylesheet", href: stylesheets.results },
  { rel: "stylesheet", href: studentCss },
  { rel: "stylesheet", href: stylesheets.familyReport },
  { rel: "stylesheet", href: stylesheets.ran },
  { rel: "stylesheet", href: stylesheets.ranScoring },
  { rel: "stylesheet", href: stylesheets.charts },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.state === "ready" ? `${data.card.name} – Early Literacy Screening` : "Student – Early Literacy Screening" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const id = StudentId.safeParse(params.studentId);
  if (!id.success) throw data({ message: "Student not found" }, { status: 404 });
  return loadStudentPage(request, apiFor(request, context), user, id.data);
}

/**
 * The Edit dialog posts here; the school page's student action saves it (spec 000 §5 rules, same
 * texts). The RAN scoring dialog's form posts here too.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.clone().formData();
  if (form.get("intent") === RAN_INTENT) {
    await requireUser(request, context);
    return saveRanScore(request, apiFor(request, context), form);
  }
  const { "edit-student": edit } = studentIntents();
  return dispatchIntent(request, { "edit-student": edit }, { context });
}

export default function StudentPage() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const ranAction = actionData && "ran" in actionData ? actionData.ran : undefined;
  // The language the hidden report prints in follows the choice beside Print Report.
  const [lang, setLang] = useState<FamilyReportLang | null>(d.state === "ready" && d.report ? d.report.lang : null);
  // Whether the printed report adds its page of growth charts (issue 39 item 1); off keeps it to one page.
  const [withGrowth, setWithGrowth] = useState(d.state === "ready" && d.reportGrowth);
  if (d.state === "error") {
    return (
      <section aria-labelledby="page-title" className="student-page">
        <h1 id="page-title">Student</h1>
        <p role="alert" className="alert alert--error">
          {d.message}
        </p>
      </section>
    );
  }
  const { results, view } = d;
  const report = d.report;
  const printView = d.print && report ? report.views[report.lang] : undefined;
  if (printView) {
    // The report-only view Print Report opens without JavaScript: print it from the browser.
    return (
      <section aria-labelledby="page-title" className={`student-page ${FAMILY_REPORT_HOST}`}>
        <div className="sp-print-view">
          <h1 id="page-title" className="visually-hidden">
            Family report of {d.card.name}
          </h1>
          <Link to={`/student/${d.studentId}`}>Back to the student profile</Link>
          <p className="muted">Use your browser&apos;s Print command to print this report.</p>
        </div>
        <FamilyReport report={printView}>{d.reportGrowth ? <ReportGrowth report={printView} of={d.card.name} /> : null}</FamilyReport>
      </section>
    );
  }
  // The hidden report, in the language chosen beside Print Report: the page has every language's (see reportViews).
  const hiddenReport = report ? report.views[lang ?? report.lang] : undefined;
  return (
    <section aria-labelledby="page-title" className={`student-page ${FAMILY_REPORT_HOST}`}>
      <Breadcrumbs crumbs={d.crumbs} />
      {d.banner ? <GradeBanner banner={d.banner} /> : null}
      {d.details && "error" in d.details ? (
        <p role="alert" className="alert alert--error sp-alert">
          {d.details.error}
        </p>
      ) : null}
      <div className="student-page__columns">
        <div className="student-page__left">
          <StudentCard card={d.card} studentId={d.studentId} canEdit followUpNext={d.followUpNext} />
          <StudentRecordLinks studentId={d.studentId} shown={d.recordLinks} />
          <ProgressLink studentId={d.studentId} summary={d.probeSummary} />
          {results ? <NextStepsPanel steps={results.nextSteps} period={results.selected} resourcesUrl={d.nextStepsUrl} /> : null}
        </div>
        <section className="student-page__right" aria-labelledby="subtest-results-title">
          <div className="sp-results__header">
            <h2 id="subtest-results-title">Subtest Results</h2>
            <div className="sp-results__actions">
              {report ? (
                <PrintReportForm
                  lang={lang ?? report.lang}
                  languages={report.languages}
                  onLang={setLang}
                  growth={
                    d.growth && (d.growth.subtests.length > 0 || d.growth.risk.length > 0)
                      ? { on: withGrowth, onChange: setWithGrowth }
                      : null
                  }
                />
              ) : null}
              {d.superAdmin ? <AdminViewToggle view={view} /> : null}
            </div>
          </div>
          {d.resultsError || !results ? (
            <p role="alert" className="alert alert--error">
              {d.resultsError}
            </p>
          ) : (
            <>
              <PeriodSwitch studentId={d.studentId} periods={results.periods} view={view} />
              {results.gradeMissing ? (
                <p role="alert" className="alert alert--error sp-alert">
                  {results.gradeMissing}
                </p>
              ) : null}
              {results.risk.length > 0 ? <ProfileTable rows={results.risk} periods={results.periods} selected={results.selected} /> : null}
              <SubtestResults
                studentId={d.studentId}
                groups={results.groups}
                periods={results.periods}
                view={{ ...view, period: results.selected }}
                phonics={results.phonics}
              />
              {results.sources.length > 0 ? (
                <p className="sp-sources">Sources of the norms and cutoffs used here: {results.sources.map(sourceNoteText).join("; ")}.</p>
              ) : null}
              {d.growth ? <GrowthCharts growth={d.growth} of={d.card.name} id="growth-title" /> : null}
            </>
          )}
        </section>
      </div>
      {d.details && "test" in d.details ? <LazyTestDetailsDialog details={d.details.test} /> : null}
      {d.ran && "error" in d.ran ? (
        <p role="alert" className="alert alert--error sp-alert">
          {d.ran.error}
        </p>
      ) : d.ran ? (
        <LazyRanScoringDialog data={d.ran.data} actionData={ranAction} />
      ) : null}
      {d.studentOptions ? (
        <LazyStudentDialog
          student={d.student}
          grades={d.studentOptions.grades}
          schools={d.studentOptions.schools}
          classrooms={d.studentOptions.classrooms}
          optionsError={d.studentOptions.error}
          actorIsTeacher={d.actorIsTeacher}
        />
      ) : null}
      {hiddenReport ? (
        <FamilyReport report={hiddenReport} printOnly>
          {withGrowth ? <ReportGrowth report={hiddenReport} of={d.card.name} /> : null}
        </FamilyReport>
      ) : null}
    </section>
  );
}

/** The report's page of growth charts, in the report's language (its words come with the report's view). */
function ReportGrowth({ report, of }: { report: FamilyReportView; of: string }) {
  if (!report.growth) return null;
  return <GrowthCharts growth={report.growth} texts={report.growth.texts} of={of} id="report-growth-title" headingLevel="h3" />;
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
