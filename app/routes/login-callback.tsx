import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { safeRedirect } from "#app/domain/home-path";
import { loginNoticeCookie } from "#app/lib/account-cookies.server";
import { publicApiFor } from "#app/lib/api.server";
import { commitSession, cookieOptionsFor, getSession } from "#app/lib/session.server";
import { SSO_FLOW_COOKIE, SSO_REDIRECT_PARAM } from "#app/server/sso-flow.server";

// Single sign-on return page (spec 000 section 2): exchanges `code` for a session and goes to the
// remembered path (spec 001 §2: ?redirectTo= of /login, carried through the provider's round trip,
// issue 35 item 13) or /, or stores the failure message and goes back to /login, remembering it.

const clearFlow = `${SSO_FLOW_COOKIE}=; Path=/login-callback; Max-Age=0; HttpOnly; SameSite=Lax`;

function flowValue(cookieHeader: string | null): string | null {
  for (const part of (cookieHeader ?? "").split(/;\s*/)) {
    const [name, ...value] = part.split("=");
    if (name === SSO_FLOW_COOKIE) return value.join("=") || null;
  }
  return null;
}

/** The remembered path, checked as every sign-in checks it (never another site), or "". */
const rememberedPath = (url: URL) => safeRedirect(url.searchParams.get(SSO_REDIRECT_PARAM), "");

async function failed(request: Request) {
  const headers = new Headers();
  headers.append("Set-Cookie", await loginNoticeCookie.serialize("sso-failed", cookieOptionsFor(request)));
  headers.append("Set-Cookie", clearFlow);
  const remembered = rememberedPath(new URL(request.url));
  return redirect(remembered ? `/login?redirectTo=${encodeURIComponent(remembered)}` : "/login", { headers });
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const code = url.searchParams.get("code");
  // The random value the API set in this browser when its sign-on started; the code is bound to it.
  const binding = flowValue(request.headers.get("Cookie"));
  if (url.searchParams.get("error") || !code || !binding) return failed(request);
  const api = publicApiFor(request);
  const result = await api.result(api.POST("/dashboard/login/sso", { body: { code, binding } }));
  if (!result.ok || result.data.error || !result.data.token) return failed(request);
  const session = await getSession(request);
  session.set("token", result.data.token);
  const headers = new Headers();
  headers.append("Set-Cookie", await commitSession(session));
  headers.append("Set-Cookie", clearFlow);
  return redirect(rememberedPath(url) || "/", { headers });
}
