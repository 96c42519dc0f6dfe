import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "#app/components/Breadcrumbs";
import { CountsReport } from "#app/components/follow-up-counts/CountsReport";
import { ErrorPage, stylesheets } from "#app/components/page-kit";
import { breadcrumbs } from "#app/domain/breadcrumbs";
import { isUuid } from "#app/domain/url-state";
import { adminRequest } from "#app/lib/admin.server";
import { countsCsvHref, countsYearOf } from "#app/lib/follow-up-counts.server";
import countsCss from "#app/styles/follow-up-counts.css";

// /district/{id}/follow-up-counts (issue 38 item 5): the district's annual follow-up counts per
// grade and period, a school-year choice (GET form), CSV and a printable table. District admins
// and super admins: the API refuses everyone else, and the page shows its refusal.

const PAGE_TITLE = "Follow-up counts";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheets.admin },
  { rel: "stylesheet", href: countsCss },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${PAGE_TITLE}${data ? `: ${data.counts.districtName}` : ""} – Early Literacy Screening` },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  if (!isUuid(params.districtId)) throw new Response(null, { status: 404, statusText: "Not Found" });
  const id = params.districtId;
  const { user, api } = await adminRequest(request, context);
  const academicYear = countsYearOf(request);
  const counts = await api.load(
    api.GET("/organization/{id}/followUpCounts", { params: { path: { id }, query: academicYear ? { academicYear } : {} } }),
  );
  const crumbs = breadcrumbs({ role: user.role, schoolCount: user.schoolIds.length, district: { id, name: counts.districtName } });
  // The district's trail, its name now a link back, then this page.
  const last = crumbs.at(-1);
  if (last) last.href = `/district/${id}`;
  crumbs.push({ label: PAGE_TITLE, href: null });
  return { counts, crumbs, csvHref: countsCsvHref(id, counts.academicYear, null) };
}

export default function DistrictFollowUpCountsPage() {
  const d = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="page-title" className="follow-up-counts">
      <Breadcrumbs crumbs={d.crumbs} />
      <h1 id="page-title">
        {PAGE_TITLE}: {d.counts.districtName}
      </h1>
      <CountsReport data={d.counts} scopeName={d.counts.districtName} csvHref={d.csvHref} />
      <p className="follow-up-counts__back">
        <Link to={`/district/${d.counts.organizationId}`}>Back to {d.counts.districtName}</Link>
      </p>
    </section>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
