import { redirect, type ActionFunctionArgs, type LinksFunction, type MetaFunction } from "@remix-run/node";
import { Link, useSearchParams } from "@remix-run/react";
import { ErrorPage, stylesheets } from "#app/components/page-kit";
import { safeRedirect } from "#app/domain/home-path";
import { apiFor } from "#app/lib/api.server";
import { destroySession, getSession, getToken } from "#app/lib/session.server";
import { ACCOUNT_BODY_LIMIT, readFormData } from "#app/server/body-limit.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesheets.account }];
export const meta: MetaFunction = () => [{ title: "Session Timeout | Early Literacy Screening" }];

/** The idle time-out posts here when nobody answered: sign out server-side, remember the page. */
export async function action({ request, context }: ActionFunctionArgs) {
  const api = apiFor(request, context);
  const form = await readFormData(request, ACCOUNT_BODY_LIMIT);
  const redirectTo = safeRedirect(form.get("redirectTo"), "/");
  if (await getToken(request)) await api.POST("/dashboard/logout");
  const session = await getSession(request);
  return redirect(`/timeout?redirectTo=${encodeURIComponent(redirectTo)}`, {
    headers: { "Set-Cookie": await destroySession(session) },
  });
}

export default function Timeout() {
  const [params] = useSearchParams();
  const redirectTo = safeRedirect(params.get("redirectTo"), "/");
  return (
    <div className="auth-page">
      <section className="auth-card" aria-labelledby="timeout-title">
        <h1 id="timeout-title">Session Timeout</h1>
        <p>For your security, your session has timed out. You will have to log in again to continue. See you soon!</p>
        <Link to={`/login?redirectTo=${encodeURIComponent(redirectTo)}`} className="button button--primary">
          Log In
        </Link>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
