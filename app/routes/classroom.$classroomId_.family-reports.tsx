import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useSubmit } from "@remix-run/react";
import { useEffect, useState } from "react";
import { ErrorPage, stylesheets } from "#app/components/page-kit";
import { Breadcrumbs } from "#app/components/Breadcrumbs";
import { FamilyReport } from "#app/components/family-report/FamilyReport";
import { apiFor } from "#app/lib/api.server";
import { requireUser } from "#app/lib/auth.server";
import { loadFamilyReports } from "./classroom.$classroomId_.family-reports.server";

// The classroom's family reports in one printable document (issue 10, beyond the spec): one
// report per student, each on its own sheet, in the language chosen, for the current period or
// ?period=; ?student= narrows it to one student. The classroom page's Results toolbar links here.

const PAGE_TITLE = "Print family reports";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesheets.familyReport }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${PAGE_TITLE}: ${data.classroom.name} – Early Literacy Screening` : `${PAGE_TITLE} – Early Literacy Screening` },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return loadFamilyReports(request, apiFor(request, context), user, params.classroomId!, PAGE_TITLE);
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
        <p>
          After a flag, the family also gets a notice letter:{" "}
          <Link to={`/classroom/${data.classroom.id}/notices?lang=${data.lang}`}>Print family notices</Link>
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
              {data.languages.map((o) => (
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
            <FamilyReport key={report.participantId} report={report} />
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
