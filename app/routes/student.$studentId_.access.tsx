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

// /student/{id}/access (issue 41 item 2): every read of one student's record, newest first,
// searchable by dates. District admins of the student's district and super admins (the API
// refuses the others). The student is named from their basic record, not their profile: looking
// at who read the profile is not itself a read of it.

const PAGE_TITLE = "Access history";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheets.admin },
  { rel: "stylesheet", href: accessCss },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${PAGE_TITLE}${data ? `: ${data.student.name}` : ""} – Early Literacy Screening` },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  if (!isUuid(params.studentId)) throw new Response(null, { status: 404, statusText: "Not Found" });
  const id = params.studentId;
  const { user, api } = await adminRequest(request, context);
  const search = accessSearchOf(request);
  const [log, student] = await Promise.all([
    api.load(api.GET("/participant/{id}/recordAccess", { params: { path: { id }, query: accessApiQuery(search) } })),
    api.load(api.GET("/participants/{id}", { params: { path: { id } } })),
  ]);
  const school = await api.load(api.GET("/organizationUnit/{id}", { params: { path: { id: student.organizationUnitId } } }));
  const name = `${student.lastName}, ${student.firstName}`;
  const crumbs = breadcrumbs({
    role: user.role,
    schoolCount: user.schoolIds.length,
    district: { id: school.organizationId, name: school.Organization?.name ?? "District" },
    school: { id: school.organizationUnitId, name: school.name },
    student: { id: student.participantId, name },
    tail: PAGE_TITLE,
  });
  return {
    student: { id: student.participantId, name },
    districtId: school.organizationId,
    search: { user: search.user, from: search.from, to: search.to, errors: search.errors },
    searched: Boolean(search.user || search.from || search.to),
    ...shownAccessPage(log),
    crumbs,
  };
}

export default function StudentAccessPage() {
  const d = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="page-title" className="access-log">
      <Breadcrumbs crumbs={d.crumbs} />
      <h1 id="page-title">
        {PAGE_TITLE}: {d.student.name}
      </h1>
      <p>
        Who viewed this student&apos;s page, family report or RAN recordings, when and from where. Class, school and district CSVs that
        included the student are in the <Link to={`/district/${d.districtId}/access-log`}>district&apos;s access log</Link>.
      </p>
      <p>{d.retention}</p>
      <AccessSearchForm search={d.search} />
      <AccessTable
        rows={d.rows}
        page={d.page}
        caption={`Reads of ${d.student.name}'s record, newest first`}
        empty={d.searched ? "No reads match this search." : "No reads of this student's record are logged yet."}
      />
      <p>
        <Link to={`/student/${d.student.id}`}>Back to {d.student.name}</Link>
      </p>
    </section>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
