import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "#app/components/Breadcrumbs";
import { FollowUpList } from "#app/components/admin/FollowUpList";
import { ErrorPage, stylesheets } from "#app/components/page-kit";
import { breadcrumbs } from "#app/domain/breadcrumbs";
import { isUuid } from "#app/domain/url-state";
import { apiFor } from "#app/lib/api.server";
import { requireUser } from "#app/lib/auth.server";
import { loadFollowUpListTab } from "#app/lib/follow-up-lists.server";
import followUpListsCss from "#app/styles/follow-up-lists.css";
import { loadClassroom } from "./classroom.$classroomId.server";

// A classroom's follow-ups this school year (issue 38 item 3): the list the classroom page's
// notice line leads to, for the teacher and everyone who sees the classroom. The same list, filters
// and CSV as the school and district Follow-up tabs.

const PAGE_TITLE = "Follow-ups";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheets.admin },
  { rel: "stylesheet", href: followUpListsCss },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${PAGE_TITLE}: ${data.classroom.name} – Early Literacy Screening` : `${PAGE_TITLE} – Early Literacy Screening` },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  if (!isUuid(params.classroomId)) throw new Response(null, { status: 404, statusText: "Not Found" });
  const api = apiFor(request, context);
  const { info } = await loadClassroom(api, params.classroomId);
  const list = await loadFollowUpListTab(request, api, { districtId: info.districtId, classroomId: info.id }, new URL(request.url).search);
  return {
    classroom: { id: info.id, name: info.name },
    list,
    crumbs: breadcrumbs({
      role: user.role,
      schoolCount: user.schoolIds.length,
      district: { id: info.districtId, name: info.districtName },
      school: { id: info.schoolId, name: info.schoolName },
      classrooms: [{ id: info.id, name: info.name }],
      tail: PAGE_TITLE,
    }),
  };
}

export default function ClassroomFollowUps() {
  const d = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="page-title">
      <Breadcrumbs crumbs={d.crumbs} />
      <h1 id="page-title">
        {PAGE_TITLE}: {d.classroom.name}
      </h1>
      <p>
        <Link to={`/classroom/${d.classroom.id}`}>Back to the classroom</Link>
      </p>
      <FollowUpList tab={d.list} />
    </section>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
