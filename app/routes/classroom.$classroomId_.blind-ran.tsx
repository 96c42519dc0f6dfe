import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { Breadcrumbs } from "#app/components/Breadcrumbs";
import { ErrorPage, stylesheets } from "#app/components/page-kit";
import { LazyRanScoringDialog } from "#app/components/ran/lazy";
import { withSearch } from "#app/components/ran/ran-urls";
import { Tabs } from "#app/components/Tabs";
import { ASSESSMENTS, type TestCode } from "#app/domain/assessments";
import { breadcrumbs } from "#app/domain/breadcrumbs";
import { PERIOD_LABELS, PERIODS } from "#app/domain/periods";
import { UNABLE_TO_LOAD_TEST_DETAILS } from "#app/domain/test-details";
import { isUuid } from "#app/domain/url-state";
import { apiFor } from "#app/lib/api.server";
import { requireUser } from "#app/lib/auth.server";
import { loadRanDialog, RAN_INTENT, ranDialogTest, saveRanScore } from "#app/lib/ran-scoring.server";
import { readFormData } from "#app/server/body-limit.server";

// Blind second scoring of a classroom's RAN tests (issue 34 item 7; beyond the spec): the tests of
// a period that someone else scored and the caller has not, and those they scored blind. Nothing
// here shows a time, an error count, a percentile or a risk flag: 'Score blind' opens the RAN
// scoring dialog on the blind form, the API keeps the official score back until the blind one is
// saved, and only then does the dialog show it beside the blind one. The classroom page links here.

const PAGE_TITLE = "Score RAN blind";

const Query = z.object({ period: z.enum(PERIODS).optional().catch(undefined) });

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheets.results },
  { rel: "stylesheet", href: stylesheets.ran },
  { rel: "stylesheet", href: stylesheets.ranScoring },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${PAGE_TITLE}: ${data.classroom.name} – Early Literacy Screening` : `${PAGE_TITLE} – Early Literacy Screening` },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  if (!isUuid(params.classroomId)) throw new Response(null, { status: 404, statusText: "Not Found" });
  const api = apiFor(request, context);
  const url = new URL(request.url);
  const q = Query.parse(Object.fromEntries(url.searchParams));
  // The API decides who may see the classroom (a teacher: only their own); 403/404 reach the ErrorBoundary.
  const list = await api.load(
    api.GET("/participantGroups/{id}/blindRanScoring", { params: { path: { id: params.classroomId }, query: { period: q.period } } }),
  );
  const { classroom } = list;
  const district = classroom.OrganizationUnit.Organization;
  const rows = list.students.flatMap((s) =>
    s.tests.map((t) => ({
      testId: t.participantTestId,
      student: `${s.lastName}, ${s.firstName}`,
      test: ASSESSMENTS[t.testCode as TestCode]?.title ?? t.testCode,
      taken: new Date(t.startDtTm).toLocaleDateString("en-US", { dateStyle: "medium", timeZone: "UTC" }),
      saved: t.blindScore === "saved",
      agree: t.agree,
    })),
  );
  // The dialog opens only on a test listed here: never on one whose figures the caller could still score blind elsewhere.
  const testId = ranDialogTest(url);
  const ran =
    testId === null
      ? null
      : rows.some((r) => r.testId === testId)
        ? await loadRanDialog(request, api, url, { blind: true })
        : { error: UNABLE_TO_LOAD_TEST_DETAILS };
  return {
    classroom: { id: classroom.participantGroupId, name: classroom.name },
    crumbs: breadcrumbs({
      role: user.role,
      schoolCount: user.schoolIds.length,
      district: { id: district.organizationId, name: district.name },
      school: { id: classroom.OrganizationUnit.organizationUnitId, name: classroom.OrganizationUnit.name },
      classrooms: [{ id: classroom.participantGroupId, name: classroom.name }],
      tail: PAGE_TITLE,
    }),
    periods: list.periods.map((p) => ({ id: p, label: PERIOD_LABELS[p] })),
    period: list.period,
    periodLabel: list.period ? PERIOD_LABELS[list.period] : null,
    rows,
    ran,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(request, context);
  const form = await readFormData(request);
  if (form.get("intent") === RAN_INTENT) return saveRanScore(request, apiFor(request, context), form);
  throw new Response(null, { status: 400, statusText: "Bad Request" });
}

export default function BlindRanPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const ranAction = actionData && "ran" in actionData ? actionData.ran : undefined;
  const { classroom, period, periodLabel, rows, ran } = data;
  const path = `/classroom/${classroom.id}/blind-ran`;
  const search = period ? `?period=${period}` : "";
  // The dialog on the blind form, or (once saved) in read mode with the comparison.
  const dialogHref = (testId: string, blind: boolean) =>
    withSearch(path, search, { dialog: "ran", ranTest: testId, ...(blind ? { blind: "1" } : {}) });
  return (
    <section aria-labelledby="page-title" className="blind-ran-page">
      <Breadcrumbs crumbs={data.crumbs} />
      <h1 id="page-title">{PAGE_TITLE}</h1>
      <p>
        {classroom.name}: the RAN tests someone else scored. Score each one without seeing the official score: its time and errors stay
        hidden until you save yours, then the two are compared.{" "}
        <Link to={`/classroom/${classroom.id}${search}`}>Back to the classroom</Link>
      </p>
      {data.periods.length > 0 && period ? (
        <Tabs tabs={data.periods} current={period} label="Periods" param="period" drop={["dialog", "ranTest", "edit", "blind"]} />
      ) : null}
      {!period ? (
        <p className="empty">The district has no assessment periods for this school year.</p>
      ) : rows.length === 0 ? (
        <p className="empty">No RAN tests to score blind in {periodLabel}.</p>
      ) : (
        <table className="table">
          <caption className="visually-hidden">RAN tests to score blind, {periodLabel}</caption>
          <thead>
            <tr>
              <th scope="col">Student</th>
              <th scope="col">Test</th>
              <th scope="col">Taken</th>
              <th scope="col">Blind score</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.testId}>
                <th scope="row">{r.student}</th>
                <td>{r.test}</td>
                <td>{r.taken}</td>
                <td>
                  {r.saved ? (
                    <>
                      <p>Blind score saved</p>
                      {r.agree === null ? null : <p>{r.agree ? "The two scorers agree." : "The two scorers disagree."}</p>}
                      <Link to={dialogHref(r.testId, false)} aria-label={`See the comparison: ${r.test}, ${r.student}`}>
                        See the comparison
                      </Link>
                    </>
                  ) : (
                    <Link
                      className="button button--primary"
                      to={dialogHref(r.testId, true)}
                      aria-label={`Score blind: ${r.test}, ${r.student}`}
                    >
                      Score blind
                    </Link>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {ran && "error" in ran ? (
        <p role="alert" className="alert alert--error">
          {ran.error}
        </p>
      ) : ran ? (
        <LazyRanScoringDialog data={ran.data} actionData={ranAction} alsoRemove={["ranTest"]} blindPath />
      ) : null}
    </section>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
