import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AccessSearchForm, AccessTable } from "#app/components/access/AccessLog";
import { Breadcrumbs } from "#app/components/Breadcrumbs";
import { ErrorPage, stylesheets } from "#app/components/page-kit";
import { breadcrumbs } from "#app/domain/breadcrumbs";
import { isUuid } from "#app/domain/url-state";
import { adminRequest } from "#app/lib/admin.server";
import { accessApiQuery, accessSearchOf, shownAccessPage } from "#app/lib/record-access.server";
import accessCss from "#app/styles/access-log.css";

// /district/{id}/access-log (issue 41 item 2): who looked at which student's record, or which
// file of students, when and from where; searched by user and dates (a GET form: the search is
// in the URL, without JavaScript too), newest first, paged. District admins and super admins:
// the API refuses everyone else, and the page shows its refusal.

const PAGE_TITLE = "Access log";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheets.admin },
  { rel: "stylesheet", href: accessCss },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${PAGE_TITLE}${data ? `: ${data.district.name}` : ""} – Early Literacy Screening` },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  if (!isUuid(params.districtId)) throw new Response(null, { status: 404, statusText: "Not Found" });
  const id = params.districtId;
  const { user, api } = await adminRequest(request, context);
  const search = accessSearchOf(request);
  const [district, log] = await Promise.all([
    api.load(api.GET("/organization/{id}", { params: { path: { id } } })),
    api.load(api.GET("/organization/{id}/recordAccess", { params: { path: { id }, query: accessApiQuery(search) } })),
  ]);
  const crumbs = breadcrumbs({
    role: user.role,
    schoolCount: user.schoolIds.length,
    district: { id: district.organizationId, name: district.name },
  });
  // The district's trail, its name now a link back, then this page.
  const last = crumbs.at(-1);
  if (last) last.href = `/district/${district.organizationId}`;
  crumbs.push({ label: PAGE_TITLE, href: null });
  return {
    district: { id: district.organizationId, name: district.name },
    search: { user: search.user, from: search.from, to: search.to, errors: search.errors },
    searched: Boolean(search.user || search.from || search.to),
    ...shownAccessPage(log),
    crumbs,
  };
}

export default function AccessLogPage() {
  const d = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="page-title" className="access-log">
      <Breadcrumbs crumbs={d.crumbs} />
      <h1 id="page-title">{PAGE_TITLE}</h1>
      <p>
        Every view of a student&apos;s page, family report or RAN recording, and every CSV or export with student rows, in {d.district.name}
        . Nobody can change it.
      </p>
      <p>{d.retention}</p>
      <AccessSearchForm search={d.search} />
      <AccessTable
        rows={d.rows}
        page={d.page}
        caption={`Reads of student records in ${d.district.name}, newest first`}
        empty={d.searched ? "No reads match this search." : "No reads of student records are logged yet."}
      />
      <p>
        <Link to={`/district/${d.district.id}`}>Back to {d.district.name}</Link>
      </p>
    </section>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
