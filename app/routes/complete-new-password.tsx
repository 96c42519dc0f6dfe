import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { ErrorPage, stylesheets } from "#app/components/page-kit";
import { AccountCard, AccountFormEnd, NewPasswordFields } from "#app/components/AccountCard";
import { ErrorAlert } from "#app/components/ErrorAlert";
import { firstError, isFormReply } from "#app/components/form-reply";
import { homePath, safeRedirect } from "#app/domain/home-path";
import { pendingNewPasswordCookie, readPendingNewPassword } from "#app/lib/account-cookies.server";
import { NewPasswordForm } from "#app/lib/account-forms.server";
import { refusalOf } from "#app/lib/api-refusal.server";
import { publicApiFor } from "#app/lib/api.server";
import { invalidForm, parseSubmission, refusedForm } from "#app/lib/forms.server";
import { ACCOUNT_BODY_LIMIT, readFormData } from "#app/server/body-limit.server";
import { commitSession, cookieOptionsFor, getSession } from "#app/lib/session.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesheets.account }];
export const meta: MetaFunction = () => [{ title: "Create New Password | Early Literacy Screening" }];

// Reached from /login when the API answers 412: the account has a temporary password. The
// pending sign-in travels in a short-lived cookie as the API's one-time challenge, never as
// the temporary password itself.

export async function loader({ request }: LoaderFunctionArgs) {
  const pending = await readPendingNewPassword(request);
  if (!pending) throw redirect("/login");
  return { email: pending.email };
}

// After success the pending cookie is gone; reloading this page's data would bounce to /login
// before the success text shows.
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult as Done | undefined)?.done ? false : defaultShouldRevalidate;

type Done = { done: true; home: string };
const FAILED = "Error creating new password.";
// Passwords never come back in a reply.
const PASSWORDS = ["password", "confirmation"];

export async function action({ request }: ActionFunctionArgs) {
  const api = publicApiFor(request);
  const pending = await readPendingNewPassword(request);
  const submission = parseSubmission(await readFormData(request, ACCOUNT_BODY_LIMIT), NewPasswordForm);
  if (submission.status !== "success") return invalidForm(submission, { status: 200, hideFields: PASSWORDS });
  if (!pending) return refusedForm(submission, FAILED, { status: 200, hideFields: PASSWORDS });
  const newpassword = submission.value.password;
  const result = await api.result(
    api.POST("/dashboard/login", { body: { username: pending.email, challenge: pending.challenge, newpassword } }),
  );
  if (!result.ok) {
    const { message } = await refusalOf(request, result, { publicPage: true, text: FAILED });
    return refusedForm(submission, message, { status: 200, hideFields: PASSWORDS });
  }
  const session = await getSession(request);
  session.set("token", result.data.token);
  const headers = new Headers();
  headers.append("Set-Cookie", await commitSession(session));
  headers.append("Set-Cookie", await pendingNewPasswordCookie.serialize("", { ...cookieOptionsFor(request), maxAge: 0 }));
  return data({ done: true, home: safeRedirect(pending.redirectTo, homePath(result.data.user)) } satisfies Done, { headers });
}

export default function CompleteNewPassword() {
  const { email } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const result = answer && "done" in answer ? answer : undefined;
  const reply = isFormReply(answer) ? answer : undefined;
  const busy = useNavigation().state === "submitting";
  const navigate = useNavigate();
  const home = result?.done ? result.home : null;
  useEffect(() => {
    if (!home) return;
    const timer = setTimeout(() => navigate(home), 1500);
    return () => clearTimeout(timer);
  }, [home, navigate]);

  if (result?.done) {
    return (
      <AccountCard titleId="new-password-title" title="Create New Password">
        <p className="alert alert--success" role="status">
          New password successfully updated.
        </p>
        <Link to={result.home} className="button button--primary">
          Continue
        </Link>
      </AccountCard>
    );
  }
  // One message at a time, the first field to fix first; "" names the form's own message.
  const failed = firstError(reply);
  // After a failed attempt both password fields start empty again.
  const attempt = reply ? Number(reply.initialValue?.attempt ?? 0) + 1 : 0;
  const errorOf = (f: "" | "password" | "confirmation") => (failed?.name === f ? failed.message : undefined);
  return (
    <AccountCard titleId="new-password-title" title="Create New Password">
      <p>
        Your account <strong>{email}</strong> has a temporary password. Choose a new password to continue.
      </p>
      <Form method="post" noValidate className="form">
        <input type="hidden" name="attempt" value={attempt} />
        <ErrorAlert message={errorOf("")} />
        <NewPasswordFields attempt={attempt} errorOf={errorOf} />
        <AccountFormEnd busy={busy}>Save new password</AccountFormEnd>
      </Form>
    </AccountCard>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
