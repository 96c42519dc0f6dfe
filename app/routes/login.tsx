import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { AccountCard } from "#app/components/AccountCard";
import { ErrorAlert } from "#app/components/ErrorAlert";
import { FormField, PasswordField } from "#app/components/FormField";
import { stylesheets } from "#app/components/page-kit";
import { PrivacyPolicyLink } from "#app/components/PrivacyPolicyLink";
import { homePath, safeRedirect } from "#app/domain/home-path";
import { LOGIN_NOTICES, loginNoticeCookie, pendingNewPasswordCookie, type LoginNotice } from "#app/lib/account-cookies.server";
import { publicApiFor, type ApiSchema } from "#app/lib/api.server";
import { appVersion } from "#app/lib/app-info.server";
import { authenticator, getUser, LoginFailure, rememberSignInDevice, type LoginFieldErrors } from "#app/lib/auth.server";
import { ACCOUNT_BODY_LIMIT, readFormData } from "#app/server/body-limit.server";
import { assertSameOrigin } from "#app/server/csrf.server";
import { flagsFor, isOn } from "#app/server/flags.server";
import { SSO_REDIRECT_PARAM, ssoOrigin } from "#app/server/sso-flow.server";
import { commitSession, cookieOptionsFor, getSession, sessionCookieProblem } from "#app/lib/session.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesheets.account }];

export const meta: MetaFunction = () => [{ title: "Log In | Early Literacy Screening" }];

const SSO_LABELS: Record<ApiSchema<"SsoProviderList">[number]["provider"], string> = {
  google: "Google",
  clever: "Clever",
  classlink: "ClassLink",
  microsoft: "Microsoft",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getUser(request, context);
  if (user) {
    const to = new URL(request.url).searchParams.get("redirectTo");
    throw redirect(safeRedirect(to, homePath(user)));
  }
  const notice = (await loginNoticeCookie.parse(request.headers.get("Cookie"))) as LoginNotice | null;
  return data(
    await loginPage(request, notice),
    notice ? { headers: { "Set-Cookie": await loginNoticeCookie.serialize("", { ...cookieOptionsFor(request), maxAge: 0 }) } } : undefined,
  );
}

/** Said instead of the sign-on buttons where a sign-on could not come back (issue 35 item 13). */
export const SSO_NEEDS_PUBLIC_URL =
  "Single sign-on is not available at this address. Please log in with your email and password, or open the site at its usual address. " +
  "(For your administrator: set PUBLIC_URL to this site's address.)";

async function loginPage(request: Request, notice: LoginNotice | null) {
  const flags = flagsFor(request);
  const api = publicApiFor(request);
  const providers = await api.load(api.GET("/auth/providers"));
  // Where the sign-on runs (issue 35 item 13): PUBLIC_URL's origin, whatever address this page was
  // opened at, so the provider returns to the host where the browser holds the state cookie; without
  // PUBLIC_URL, this address when it is safe to believe (localhost or an IP address), else nowhere.
  const origin = ssoOrigin(request);
  // The remembered path (spec 001 §2) goes through the round trip in the callback's query.
  const remembered = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "");
  const callback = origin ? new URL("/login-callback", origin) : null;
  if (callback && remembered) callback.searchParams.set(SSO_REDIRECT_PARAM, remembered);
  const configured = providers.filter((p) => p.clientId);
  return {
    registration: isOn(flags, "new-user-password-registration"),
    banner: isOn(flags, "login-banner") ? flags.loginBanner : null,
    officeHoursUrl: isOn(flags, "office-hours-link") ? (process.env.OFFICE_HOURS_URL ?? null) : null,
    // A button only for a provider this install configured (issue 13 item 15): an unconfigured
    // one could only end in the sign-on failure text.
    sso: callback
      ? configured.map(({ provider: id, clientId }) => {
          const start = `/api/auth/login/${id}/${encodeURIComponent(clientId!)}?callback=${encodeURIComponent(callback.toString())}`;
          // Absolute when the sign-on runs at another address than this page's (PUBLIC_URL's).
          return {
            id,
            label: SSO_LABELS[id],
            href: callback.origin === new URL(request.url).origin ? start : `${callback.origin}${start}`,
          };
        })
      : [],
    ssoUnavailable: !callback && configured.length > 0 ? SSO_NEEDS_PUBLIC_URL : null,
    version: appVersion(),
    year: new Date().getFullYear(),
    notice: notice && notice in LOGIN_NOTICES ? LOGIN_NOTICES[notice] : null,
    insecure: sessionCookieProblem(request),
  };
}

type ActionData = { email: string; fieldErrors: LoginFieldErrors; formError: string | null; attempt: number };

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await readFormData(request.clone(), ACCOUNT_BODY_LIMIT);
  const email = String(form.get("email") ?? "");
  // Checked before signing in: a target that would be refused (or break the Location header) falls back to home.
  const redirectTo = form.get("redirectTo") ? safeRedirect(form.get("redirectTo"), "") : "";
  const attempt = Number(form.get("attempt") ?? 0) + 1;
  const insecure = sessionCookieProblem(request);
  if (insecure) return { email, fieldErrors: {}, formError: insecure, attempt } satisfies ActionData;
  try {
    const { token, user, device } = await authenticator.authenticate("form", request);
    const session = await getSession(request);
    session.set("token", token);
    const headers = new Headers();
    headers.append("Set-Cookie", await commitSession(session));
    // This browser is now known to the account: someone guessing at it elsewhere does not slow it down.
    const known = device ? rememberSignInDevice(request, device) : null;
    if (known) headers.append("Set-Cookie", known);
    return redirect(redirectTo || homePath(user), { headers });
  } catch (error) {
    if (!(error instanceof LoginFailure)) throw error;
    if (error.kind === "new-password-required" && error.challenge) {
      // The temporary password stays here: the next page carries only the API's one-time challenge.
      const pending = {
        email: email.trim(),
        challenge: error.challenge,
        redirectTo: redirectTo || null,
      };
      return redirect("/complete-new-password", {
        headers: { "Set-Cookie": await pendingNewPasswordCookie.serialize(pending, cookieOptionsFor(request)) },
      });
    }
    const data: ActionData = {
      email,
      fieldErrors: error.fieldErrors,
      formError: error.kind === "fields" ? null : error.message,
      attempt,
    };
    return data;
  }
}

export default function Login() {
  const page = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const errors = data?.fieldErrors ?? {};
  const formError = data?.formError ?? (data ? null : (page.insecure ?? page.notice));
  const banner = page.banner ? (
    <aside className="alert alert--info login-banner" aria-label="Announcement">
      <span>{page.banner}</span>
      {page.officeHoursUrl ? (
        <a href={page.officeHoursUrl} className="button" target="_blank" rel="noreferrer">
          Join
        </a>
      ) : null}
    </aside>
  ) : null;
  const footer = (
    <footer className="auth-footer">
      <PrivacyPolicyLink />
      <span>Version {page.version}</span>
      <span>© {page.year} Early Literacy Screening. All rights reserved.</span>
    </footer>
  );
  return (
    <AccountCard titleId="login-title" title="Log In" before={banner} after={footer}>
      <Form method="post" noValidate className="form">
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
        <input type="hidden" name="attempt" value={data?.attempt ?? 0} />
        <ErrorAlert message={formError} />
        <FormField
          id="email"
          name="email"
          label="Email"
          type="email"
          autoComplete="username"
          defaultValue={data?.email}
          error={errors.email}
        />
        {/* A new key after each attempt clears the password, as the spec asks. */}
        <PasswordField
          key={data?.attempt ?? 0}
          id="password"
          name="password"
          label="Password"
          autoComplete="current-password"
          error={errors.password}
        />
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? "Logging in…" : "Log In"}
        </button>
      </Form>
      <div className="auth-links">
        <Link to="/forgot-password">Forgot password?</Link>
        {page.registration ? <Link to="/register">Register</Link> : null}
      </div>
      {page.ssoUnavailable ? (
        <p className="alert alert--info" role="note">
          {page.ssoUnavailable}
        </p>
      ) : null}
      {page.sso.length > 0 ? (
        <div className="sso" role="group" aria-labelledby="sso-title">
          <p className="sso__divider" id="sso-title">
            Or sign in with
          </p>
          {page.sso.map((p) => (
            <a key={p.id} href={p.href} className="button">
              Sign in with {p.label}
            </a>
          ))}
        </div>
      ) : null}
    </AccountCard>
  );
}
