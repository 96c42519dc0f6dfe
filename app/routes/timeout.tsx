import { redirect, type ActionFunctionArgs, type LinksFunction, type MetaFunction } from "@remix-run/node";
import { Link, useSearchParams } from "@remix-run/react";
import { ErrorPage, stylesheets } from "#app/components/page-kit";
import { safeRedirect } from "#app/domain/home-path";
import { apiFor } from "#app/lib/api.server";
import { destroySession, getSession, getToken } from "#app/lib/session.server";
import { ACCOUNT_BODY_LIMIT, readFormData } from "#app/server/body-limit.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesheets.account }];
export const meta: MetaFunction = () => [{ title: "Session Timeout | Early Literacy Screening" }];

/**
 * The longest remembered path the time-out page keeps (issue 33): a page's own address is far
 * shorter (the longest URLs of the app, a results grid with its filters, are a few hundred
 * characters), and 2,048 is the URL length every browser and proxy accepts. Counted as sent, once
 * percent-encoded; a longer one is dropped (the visitor signs in to their home page), so the
 * Location header stays small. It was echoed whole: a 20 KB Location.
 */
export const MAX_REMEMBERED_PATH = 2_048;

/** A safe path of this site (safeRedirect) no longer than MAX_REMEMBERED_PATH, else "/". */
function rememberedPath(value: unknown): string {
  const path = safeRedirect(value, "/");
  return path.length <= MAX_REMEMBERED_PATH ? path : "/";
}

/** The idle time-out posts here when nobody answered: sign out server-side, remember the page. */
export async function action({ request, context }: ActionFunctionArgs) {
  const api = apiFor(request, context);
  const form = await readFormData(request, ACCOUNT_BODY_LIMIT);
  const redirectTo = rememberedPath(form.get("redirectTo"));
  if (await getToken(request)) await api.POST("/dashboard/logout");
  const session = await getSession(request);
  return redirect(`/timeout?redirectTo=${encodeURIComponent(redirectTo)}`, {
    headers: { "Set-Cookie": await destroySession(session) },
  });
}

export default function Timeout() {
  const [params] = useSearchParams();
  const redirectTo = rememberedPath(params.get("redirectTo"));
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
