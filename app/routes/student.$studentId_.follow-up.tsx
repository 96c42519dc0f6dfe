import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "#app/components/Breadcrumbs";
import { ErrorPage, stylesheets } from "#app/components/page-kit";
import { FollowUpTimeline } from "#app/components/student/FollowUpTimeline";
import { breadcrumbs } from "#app/domain/breadcrumbs";
import { localIsoDate } from "#app/domain/calendar-date";
import { NOTICE_LANG_NAMES, NOTICE_LANGS } from "#app/domain/family-notice";
import { FOLLOW_UP_INTENTS } from "#app/domain/follow-up-forms";
import { isUuid } from "#app/domain/url-state";
import { adminRequest } from "#app/lib/admin.server";
import { readFormData } from "#app/server/body-limit.server";
import { recordOptOut, recordStep } from "#app/lib/follow-up.server";
import followUpCss from "#app/styles/follow-up.css";

// /student/{id}/follow-up (issue 38 items 2, 3): the student's follow-ups after a flag, their
// timeline and next due step, with a form per step; the family's opt-out where the district's
// policy allows it. Every role, for the students it sees (the API refuses the others).

const PAGE_TITLE = "Follow-up";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheets.admin },
  { rel: "stylesheet", href: followUpCss },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${PAGE_TITLE}${data ? `: ${data.student.name}` : ""} – Early Literacy Screening` },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  if (!isUuid(params.studentId)) throw new Response(null, { status: 404, statusText: "Not Found" });
  const id = params.studentId;
  const { user, api } = await adminRequest(request, context);
  const [followUps, student] = await Promise.all([
    api.load(api.GET("/participant/{id}/followUps", { params: { path: { id } } })),
    api.load(api.GET("/participants/{id}", { params: { path: { id } } })),
  ]);
  const school = await api.load(api.GET("/organizationUnit/{id}", { params: { path: { id: student.organizationUnitId } } }));
  const name = `${student.lastName}, ${student.firstName}`;
  return {
    student: { id: student.participantId, name },
    followUps,
    today: localIsoDate(new Date()),
    crumbs: breadcrumbs({
      role: user.role,
      schoolCount: user.schoolIds.length,
      district: { id: school.organizationId, name: school.Organization?.name ?? "District" },
      school: { id: school.organizationUnitId, name: school.name },
      student: { id: student.participantId, name },
      tail: PAGE_TITLE,
    }),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (!isUuid(params.studentId)) throw new Response(null, { status: 404, statusText: "Not Found" });
  const { api } = await adminRequest(request, context);
  const form = await readFormData(request);
  const intent = form.get("intent");
  if (intent === FOLLOW_UP_INTENTS.step) return recordStep({ request, api, form });
  if (intent === FOLLOW_UP_INTENTS.optOut) return recordOptOut({ request, api, form }, params.studentId);
  throw data({ message: "Unknown action" }, { status: 400 });
}

export default function StudentFollowUpPage() {
  const d = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <section aria-labelledby="page-title" className="follow-up">
      <Breadcrumbs crumbs={d.crumbs} />
      <h1 id="page-title">
        {PAGE_TITLE}: {d.student.name}
      </h1>
      {d.followUps.followUps.some((f) => f.closedOn === null && f.outcome === null) ? (
        // The family notice letter (issue 38 item 4), printed on its own page in the language chosen.
        <Form method="get" action={`/student/${d.student.id}/notice`} className="follow-up__print-notice">
          <label htmlFor="notice-lang">Letter language</label>
          <select id="notice-lang" name="lang" defaultValue="en">
            {NOTICE_LANGS.map((lang) => (
              <option key={lang} value={lang} lang={lang}>
                {NOTICE_LANG_NAMES[lang]}
              </option>
            ))}
          </select>
          <button type="submit" className="button">
            Print the family notice
          </button>
        </Form>
      ) : null}
      <FollowUpTimeline data={d.followUps} today={d.today} reply={reply && "stepForm" in reply ? reply.stepForm : undefined} />
      <p>
        <Link to={`/student/${d.student.id}`}>Back to {d.student.name}</Link>
      </p>
    </section>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
