import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "#app/components/Breadcrumbs";
import { CountsReport } from "#app/components/follow-up-counts/CountsReport";
import { ErrorPage, stylesheets } from "#app/components/page-kit";
import { BREADCRUMB_READING_IN_FORCE, breadcrumbs } from "#app/domain/breadcrumbs";
import { isUuid } from "#app/domain/url-state";
import { adminRequest } from "#app/lib/admin.server";
import { countsCsvHref, countsYearOf } from "#app/lib/follow-up-counts.server";
import countsCss from "#app/styles/follow-up-counts.css";

// /school/{id}/follow-up-counts (issue 38 item 5): one school's annual follow-up counts per grade
// and period, a school-year choice (GET form), CSV and a printable table. The school's admins and
// the district's admins: the API refuses teachers and other schools, and the page shows it.

const PAGE_TITLE = "Follow-up counts";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheets.admin },
  { rel: "stylesheet", href: countsCss },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${PAGE_TITLE}${data ? `: ${data.school.name}` : ""} – Early Literacy Screening` },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  if (!isUuid(params.schoolId)) throw new Response(null, { status: 404, statusText: "Not Found" });
  const schoolId = params.schoolId;
  const { user, api } = await adminRequest(request, context);
  const academicYear = countsYearOf(request);
  const school = await api.load(api.GET("/organizationUnit/{id}", { params: { path: { id: schoolId } } }));
  const counts = await api.load(
    api.GET("/organization/{id}/followUpCounts", {
      params: { path: { id: school.organizationId }, query: { schoolId, ...(academicYear ? { academicYear } : {}) } },
    }),
  );
  // The school page's own trail, the school's name now a link back, then this page.
  const crumbs = breadcrumbs({
    role: user.role,
    schoolCount: user.schoolIds.length,
    district: { id: school.organizationId, name: counts.districtName },
    school: { id: schoolId, name: school.name },
    reading: BREADCRUMB_READING_IN_FORCE,
  });
  const last = crumbs.at(-1);
  if (last) last.href = `/school/${schoolId}`;
  crumbs.push({ label: PAGE_TITLE, href: null });
  return {
    school: { id: schoolId, name: school.name },
    counts,
    crumbs,
    csvHref: countsCsvHref(school.organizationId, counts.academicYear, schoolId),
  };
}

export default function SchoolFollowUpCountsPage() {
  const d = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="page-title" className="follow-up-counts">
      <Breadcrumbs crumbs={d.crumbs} />
      <h1 id="page-title">
        {PAGE_TITLE}: {d.school.name}
      </h1>
      <CountsReport data={d.counts} scopeName={d.school.name} csvHref={d.csvHref} />
      <p className="follow-up-counts__back">
        <Link to={`/school/${d.school.id}`}>Back to {d.school.name}</Link>
      </p>
    </section>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
