import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { Breadcrumbs } from "#app/components/Breadcrumbs";
import { ErrorPage, stylesheets } from "#app/components/page-kit";
import { breadcrumbs } from "#app/domain/breadcrumbs";
import { STAFF_INVITE_TEXTS as T } from "#app/domain/staff-invites";
import { isUuid } from "#app/domain/url-state";
import { adminRequest } from "#app/lib/admin.server";
import { refusalOf } from "#app/lib/api-refusal.server";
import { redirectWithToast } from "#app/lib/toast.server";
import invitationsCss from "#app/styles/invitations.css";

// /district/{id}/invitations (issue 35 item 7): the district's rostered teachers who cannot sign
// in yet, by name, and one question that invites all who hold no working invitation: 'Send
// invitations to 12 teachers?'. The rostering success page and the district's roster imports link
// here. A plain form: it works without JavaScript, and the API makes a second click harmless.

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheets.admin },
  { rel: "stylesheet", href: invitationsCss },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${T.title}${data ? `: ${data.district.name}` : ""} | Early Literacy Screening` },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  if (!isUuid(params.districtId)) throw new Response(null, { status: 404, statusText: "Not Found" });
  const { user, api } = await adminRequest(request, context);
  const byId = { params: { path: { id: params.districtId! } } };
  const [district, list] = await Promise.all([
    api.load(api.GET("/organization/{id}", byId)),
    api.load(api.GET("/organization/{id}/staff-without-sign-in", byId)),
  ]);
  const crumbs = breadcrumbs({
    role: user.role,
    schoolCount: user.schoolIds.length,
    district: { id: district.organizationId, name: district.name },
  });
  // The district's trail, its name now a link back, then this page.
  const last = crumbs.at(-1);
  if (last) last.href = `/district/${district.organizationId}`;
  crumbs.push({ label: T.title, href: null });
  return { district: { id: district.organizationId, name: district.name }, list, crumbs };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (!isUuid(params.districtId)) throw new Response(null, { status: 404, statusText: "Not Found" });
  const { api } = await adminRequest(request, context);
  const result = await api.result(api.POST("/organization/{id}/invite-uninvited", { params: { path: { id: params.districtId! } } }));
  const here = new URL(request.url).pathname.replace(/\.data$/, "");
  if (!result.ok) return redirectWithToast(request, here, { kind: "error", text: (await refusalOf(request, result)).message });
  const { invited, failed } = result.data;
  const sent = T.sent(invited.length);
  if (failed.length === 0) return redirectWithToast(request, here, { kind: "success", text: sent });
  const names = failed.map((f) => `${f.firstName} ${f.lastName}`).join(", ");
  return redirectWithToast(request, here, { kind: "error", text: `${sent} ${T.failed(failed.length, names)}` });
}

export default function Invitations() {
  const { district, list, crumbs } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const more = list.total - list.staff.length;
  const back = `/district/${district.id}?tab=schools`;
  return (
    <section aria-labelledby="page-title" className="invitations">
      <Breadcrumbs crumbs={crumbs} />
      <h1 id="page-title">{T.title}</h1>
      <p>{T.summary(list.counts)}</p>
      {list.toInvite > 0 ? (
        <section className="invitations__confirm alert alert--warning" aria-labelledby="invitations-question">
          <h2 id="invitations-question">{T.question(list.toInvite)}</h2>
          <p>{T.explain(list.invitationDays)}</p>
          <Form method="post" className="invitations__actions">
            <button
              type="submit"
              className="button button--primary"
              aria-disabled={busy || undefined}
              onClick={(event) => busy && event.preventDefault()}
            >
              {busy ? "Sending…" : T.button}
            </button>
            <Link to={back} className="button">
              Cancel
            </Link>
          </Form>
        </section>
      ) : list.total > 0 ? (
        <p>{T.nobodyToInvite}</p>
      ) : null}
      {list.staff.length > 0 ? (
        <div className="table-wrap">
          <table className="table invitations__table">
            <caption>{T.title}, by last name</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">E-mail</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {list.staff.map((s) => (
                <tr key={s.userId}>
                  <th scope="row">
                    {s.lastName}, {s.firstName}
                  </th>
                  <td>{s.email}</td>
                  <td>{T.state[s.state]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {more > 0 ? <p>{T.more(more)} The district&apos;s Users tab lists everyone.</p> : null}
      <p>
        <Link to={back}>Back to {district.name}</Link>
      </p>
    </section>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
