import {
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  type SerializeFrom,
} from "@remix-run/node";
import { Link, Outlet, useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import clsx from "clsx";
import { memo, useMemo } from "react";
import { Breadcrumbs } from "#app/components/Breadcrumbs";
import type { PageHandle } from "#app/components/page-handle";
import { ErrorPage, stylesheets } from "#app/components/page-kit";
import { Tabs } from "#app/components/Tabs";
import { breadcrumbs } from "#app/domain/breadcrumbs";
import { packGrid, unpackGrid } from "#app/domain/packed-grid";
import { isUuid } from "#app/domain/url-state";
import { LazyRanScoringDialog } from "#app/components/ran/lazy";
import { ranDialogHref } from "#app/components/ran/ran-urls";
import { Legend } from "#app/components/results/Legend";
import { readFormData } from "#app/server/body-limit.server";
import { ResultsControls } from "#app/components/results/ResultsControls";
import { ResultsGrid } from "#app/components/results/ResultsGrid";
import { BandSummary } from "#app/components/results/ClassroomSummary";
import { PERIOD_LABELS } from "#app/domain/periods";
import { NO_CLASSROOM_STUDENTS, NOTHING_TO_DISPLAY, UNABLE_TO_LOAD_STUDENTS } from "#app/domain/results-labels";
import { apiFor, expectData } from "#app/lib/api.server";
import { requireUser } from "#app/lib/auth.server";
import { loadRanDialog, RAN_INTENT, saveRanScore } from "#app/lib/ran-scoring.server";
import { resultsHref, viewOnly, withoutLetterDialog } from "#app/components/results/urls";
import { takeGridStale } from "#app/components/results/grid-refresh";
import {
  blindRanHref,
  classroomBanner,
  gridHasScoredRan,
  loadClassroom,
  loadLettersToWorkOn,
  loadResults,
  lettersShown,
  parseResultsQuery,
  type ClassroomInfo,
} from "./classroom.$classroomId.server";
import { birthDateText } from "#app/domain/birth-date";
import supportGroupsCss from "#app/styles/support-groups.css";
import { loadNoticeMarks } from "#app/lib/follow-up-lists.server";
import followUpListsCss from "#app/styles/follow-up-lists.css";

const TABS = [
  { id: "results", label: "Results" },
  { id: "students", label: "Students" },
] as const;

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheets.results },
  // The RAN scoring dialog's look (issue 11): small, and a 'Needs scoring' cell opens it from here.
  { rel: "stylesheet", href: stylesheets.ran },
  { rel: "stylesheet", href: stylesheets.ranScoring },
  // The summary's bars above the grid (issue 39 item 2).
  { rel: "stylesheet", href: stylesheets.charts },
  // Letters to work on under the letter cells, and the class's most missed (issue 40 item 3).
  { rel: "stylesheet", href: supportGroupsCss },
  // The notice marks beside students' names (issue 38 item 3).
  { rel: "stylesheet", href: followUpListsCss },
];

/** Whether the page shows the results grid, which then takes the window's height left (results.css). */
function showsGrid(data: SerializeFrom<typeof loader>): boolean {
  return data.q.tab !== "students" && !!data.results && !data.results.error && (data.results.grid?.rows.length ?? 0) > 0;
}

export const handle: PageHandle = {
  bodyClass: (data) => (data ? clsx("page--classroom", showsGrid(data as SerializeFrom<typeof loader>) && "page--results-grid") : null),
};

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.classroom.name} – Early Literacy Screening` : "Classroom – Early Literacy Screening" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  // Not an id at all: the shared 404 page.
  if (!isUuid(params.classroomId)) throw new Response(null, { status: 404, statusText: "Not Found" });
  const url = new URL(request.url);
  // The letter dialog's older URL (`?dialog=letters&…`) opens its route (issue 12).
  if (url.searchParams.get("dialog") === "letters") {
    url.searchParams.delete("dialog");
    throw redirect(`/classroom/${params.classroomId}/letters${url.search}`);
  }
  const api = apiFor(request, context);
  const q = parseResultsQuery(url);
  const page = (info: ClassroomInfo) => ({
    user: { role: user.role, schoolCount: user.schoolIds.length },
    classroom: {
      id: info.id,
      name: info.name,
      schoolId: info.schoolId,
      schoolName: info.schoolName,
      districtId: info.districtId,
      districtName: info.districtName,
    },
    q,
    crumbs: breadcrumbs({
      role: user.role,
      schoolCount: user.schoolIds.length,
      district: { id: info.districtId, name: info.districtName },
      school: { id: info.schoolId, name: info.schoolName },
      classrooms: [{ id: info.id, name: info.name }],
    }),
    banner: classroomBanner(info.studentGrades),
  });
  if (q.tab === "students") {
    const [{ classroom, info }, blindRan] = await Promise.all([
      loadClassroom(api, params.classroomId!),
      // The way to blind second scoring from a view without the grid's figures (issue 34 item 7).
      blindRanHref(api, params.classroomId!, q.period),
    ]);
    const result = await api.result(
      api.GET("/participants/participantGroup/{id}", { params: { path: { id: classroom.participantGroupId }, query: { v: "1" } } }),
    );
    if (!result.ok && [401, 403, 404].includes(result.status)) await expectData(request, result);
    return {
      ...page(info),
      students: result.ok
        ? result.data.map((s) => ({
            id: s.participantId,
            name: `${s.lastName}, ${s.firstName}`,
            code: s.participantCode,
            dateOfBirth: birthDateText(s.dateOfBirth),
            teachers: s.User.map((u) => `${u.firstName} ${u.lastName}`).join(", "),
          }))
        : null,
      results: null,
      ran: null,
      blindRan,
      letters: null,
      notices: null,
    };
  }
  const [{ info, results: shown }, ran, notices] = await Promise.all([
    loadResults(request, api, params.classroomId!, q),
    // A 'Needs scoring' RAN cell opens the RAN scoring dialog here (issue 11): `?dialog=ran&ranTest=<id>`.
    loadRanDialog(request, api, url),
    // Students whose family notice is late or due this week (issue 38 item 3); without a policy the API answers at once.
    loadNoticeMarks(api, params.classroomId!),
  ]);
  // 'Score RAN blind' (issue 34 item 7): asked only when the grid shows a scored RAN test.
  // Letters to work on (issue 40 item 3): one small query, after the grid's call so the district's
  // calendar it needs is this process's copy by then (beside it, both would read it).
  const [blindRan, letters] = await Promise.all([
    gridHasScoredRan(shown.grid) && shown.period ? blindRanHref(api, info.id, shown.period) : null,
    shown.grid ? loadLettersToWorkOn(api, info.id) : null,
  ]);
  // Cells as short strings: a third of the document's bytes otherwise (app/domain/packed-grid.ts).
  const results = { ...shown, grid: shown.grid && packGrid(shown.grid) };
  return { ...page(info), students: null, results, ran, blindRan, letters: lettersShown(letters, shown.period), notices };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(request, context);
  const form = await readFormData(request);
  if (form.get("intent") === RAN_INTENT) return saveRanScore(request, apiFor(request, context), form);
  // Letter scores post to the dialog's own route (classroom.$classroomId.letters.tsx).
  throw new Response(null, { status: 400, statusText: "Bad Request" });
}

/**
 * Opening, switching or closing the letter score dialog changes only the dialog's params: the
 * grid stays as it is (its loader is not run again). A save (any post) refreshes it.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  // A letter score saved through the browser's queue of saves (issue 40): no form post, so it says so.
  if (takeGridStale()) return true;
  if (formMethod && formMethod.toUpperCase() !== "GET") return defaultShouldRevalidate;
  return withoutLetterDialog(currentUrl) === withoutLetterDialog(nextUrl) ? false : defaultShouldRevalidate;
};

export default function ClassroomPage() {
  const data = useLoaderData<typeof loader>();
  const { classroom, q } = data;
  return (
    <section aria-labelledby="page-title" className={clsx("classroom-page", showsGrid(data) && "classroom-page--grid")}>
      <Breadcrumbs crumbs={data.crumbs} />
      <h1 id="page-title">{classroom.name}</h1>
      {data.banner ? (
        <aside className={`cr-banner cr-banner--${data.banner.severity}`} aria-labelledby="banner-title">
          {data.banner.icon ? (
            <span className="cr-banner__icon" aria-hidden="true">
              {data.banner.icon}
            </span>
          ) : null}
          <div>
            <h2 id="banner-title" className="cr-banner__title">
              {data.banner.header}
            </h2>
            <p>{data.banner.message}</p>
            {data.banner.link ? <a href={data.banner.link.href}>{data.banner.link.text}</a> : null}
          </div>
        </aside>
      ) : null}
      <Tabs tabs={TABS} current={q.tab} label="Classroom views" drop={["student", "test", "mode", "from", "ranTest", "edit", "blind"]} />
      {q.tab === "students" ? <StudentsTab /> : <ResultsTab />}
    </section>
  );
}

function StudentsTab() {
  const { students, classroom, blindRan } = useLoaderData<typeof loader>();
  return (
    <div className="tab-panel">
      <div className="toolbar">
        <Link
          className="button button--primary"
          to={`/school/${classroom.schoolId}?tab=students&dialog=create-student&classroomId=${classroom.id}`}
        >
          Create Student
        </Link>
        {blindRan ? (
          <Link className="button" to={blindRan}>
            Score RAN blind
          </Link>
        ) : null}
      </div>
      {students === null ? (
        <p role="alert" className="alert alert--error">
          {UNABLE_TO_LOAD_STUDENTS}
        </p>
      ) : students.length === 0 ? (
        <p className="empty">{NO_CLASSROOM_STUDENTS}</p>
      ) : (
        <table className="table">
          <caption className="visually-hidden">Students of {classroom.name}</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Participant Code</th>
              <th scope="col">Date of Birth</th>
              <th scope="col">Teacher</th>
            </tr>
          </thead>
          <tbody>
            {students.map((s) => (
              <tr key={s.id}>
                <th scope="row">
                  <Link to={`/student/${s.id}`}>{s.name}</Link>
                </th>
                <td>{s.code}</td>
                <td>{s.dateOfBirth}</td>
                <td>{s.teachers}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

type Page = SerializeFrom<typeof loader>;

function ResultsTab() {
  const data = useLoaderData<typeof loader>();
  const { results, ran } = data;
  const actionData = useActionData<typeof action>();
  const ranAction = actionData && "ran" in actionData ? actionData.ran : undefined;
  if (!results) return null;
  return (
    <div className={clsx("tab-panel", showsGrid(data) && "tab-panel--grid")}>
      <ResultsView data={data} />
      {/* The letter score dialog (its own route). */}
      <Outlet />
      {ran && "error" in ran ? (
        <p role="alert" className="alert alert--error">
          {ran.error}
        </p>
      ) : ran ? (
        <LazyRanScoringDialog data={ran.data} actionData={ranAction} alsoRemove={["ranTest", "edit", "blind"]} />
      ) : null}
    </div>
  );
}

/**
 * The tab's toolbar, summary and grid: drawn again only when the page's data changes. Moving the
 * letter dialog from one student to the next re-renders the routes around it, and a slow laptop
 * must not rebuild the grid's rows and the summary's charts for that (issue 40 item 4).
 */
const ResultsView = memo(function ResultsView({ data }: { data: Page }) {
  const { results, classroom, q, blindRan, letters, notices } = data;
  const packed = results?.grid ?? null;
  const grid = useMemo(() => packed && unpackGrid(packed), [packed]);
  if (!results) return null;
  const scoreParam = grid?.mode === "score" ? "raw" : "percentile";
  const view = { ...viewOnly(q), period: results.period ?? undefined, score: scoreParam } as const;
  const exportHref = `/classroom/${classroom.id}/results.csv?${new URLSearchParams({ period: results.period ?? "", score: scoreParam })}`;
  // The dialog's links keep the page's own URL state (not the period it resolved to), so opening
  // and closing a dialog changes only the dialog's params and the grid is not loaded again.
  const dialogHref = (participantId: string, test: "letter-names" | "letter-sounds", mode: "edit" | "view") =>
    resultsHref(classroom.id, { ...viewOnly(q), dialog: "letters", student: participantId, test, mode });
  return (
    <>
      {results.periods.length > 0 && results.period ? (
        <div className="results-toolbar">
          <ResultsControls
            periods={results.periods}
            period={results.period}
            score={scoreParam}
            order={q.order}
            scoreToggleEnabled={grid?.scoreToggleEnabled ?? false}
            band={q.band}
          />
          {grid && grid.rows.length > 0 ? (
            <a className="button" href={exportHref} download>
              Export CSV
            </a>
          ) : null}
          {grid && grid.rows.length > 0 ? (
            <Link className="button" to={`/classroom/${classroom.id}/family-reports?period=${results.period}`}>
              Print family reports
            </Link>
          ) : null}
          {blindRan ? (
            <Link className="button" to={blindRan}>
              Score RAN blind
            </Link>
          ) : null}
        </div>
      ) : null}
      {results.error ? (
        <p role="alert" className="alert alert--error">
          {results.error}
        </p>
      ) : null}
      {!results.error && results.period && results.summary.length > 0 ? (
        <BandSummary
          of={`students of ${classroom.name}`}
          period={results.period}
          bars={results.summary}
          open={results.filter !== null}
          hrefFor={(bar, segment) =>
            resultsHref(classroom.id, { ...viewOnly(q), period: bar.period, band: `${bar.column}:${segment.category}` })
          }
        />
      ) : null}
      {results.filter ? (
        <p className="summary__filter" id="grid-filter">
          <span>
            Showing {results.filter.shown} of {results.filter.of} students: {results.filter.text}
          </span>
          <Link to={resultsHref(classroom.id, { ...viewOnly(q), band: undefined })}>Clear filter</Link>
        </p>
      ) : null}
      {results.error ? null : !grid || grid.rows.length === 0 ? (
        <p className="empty">{results.filter ? "No students of this classroom are in this band now." : NOTHING_TO_DISPLAY}</p>
      ) : (
        <>
          {/* Spec 001 §5: a grade the period's assessment lists leave out, in the student page's words (issue 34 item 11). */}
          {grid.gradeMissing.map((message) => (
            <p key={message} role="alert" className="alert alert--error">
              {message}
            </p>
          ))}
          {notices ? (
            <p className="notice-marks-line">
              <Link to={notices.listHref}>{notices.line}</Link> ·{" "}
              <Link to={`/classroom/${classroom.id}/notices`}>Print family notices</Link>
            </p>
          ) : null}
          <ResultsGrid
            grid={grid}
            noticeMark={(id) => {
              const mark = notices?.byStudent[id];
              return mark ? { ...mark, href: `/student/${id}/follow-up` } : null;
            }}
            caption={`Results for ${PERIOD_LABELS[grid.period]}`}
            letterHref={(participantId, cell) =>
              cell.letterAction && (cell.testCode === "letter-names" || cell.testCode === "letter-sounds")
                ? dialogHref(participantId, cell.testCode, cell.letterAction)
                : null
            }
            ranHref={(cell) => (cell.ranTestId ? ranDialogHref(resultsHref(classroom.id, view), cell.ranTestId) : null)}
            lettersToWorkOn={(participantId, cell) => letters?.cells[`${participantId}:${cell.testCode}`] ?? null}
          />
          {/* After the grid's box, below the window's edge (support-groups.css): the legend and the class's most missed letters. */}
          <div className="results-after">
            <Legend sources={grid.sources} />
            {letters ? <MostMissed classroomId={classroom.id} mostMissed={letters.mostMissed} /> : null}
          </div>
        </>
      )}
    </>
  );
});

/** The class's most missed letters (issue 40 item 3) and the way to its support groups (issue 39 item 7). */
function MostMissed({ classroomId, mostMissed }: { classroomId: string; mostMissed: { letterNames: string; letterSounds: string } }) {
  return (
    <section className="most-missed" aria-labelledby="most-missed-title">
      <h2 id="most-missed-title">Letters most missed</h2>
      {!mostMissed.letterNames && !mostMissed.letterSounds ? (
        <p>No letters missed in this school year&apos;s latest letter entries.</p>
      ) : null}
      {mostMissed.letterNames ? (
        <p>
          <span className="most-missed__test">Letter names:</span> {mostMissed.letterNames}
        </p>
      ) : null}
      {mostMissed.letterSounds ? (
        <p>
          <span className="most-missed__test">Letter sounds:</span> {mostMissed.letterSounds}
        </p>
      ) : null}
      <p>
        <Link to={`/classroom/${classroomId}/groups`}>Support groups</Link>
      </p>
    </section>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
