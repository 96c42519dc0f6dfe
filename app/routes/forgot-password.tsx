import type { ActionFunctionArgs, LinksFunction, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { ErrorPage } from "#app/components/ErrorPage";
import { RATE_LIMITED } from "#app/domain/rate-limit";
import { ForgotSchema } from "#app/lib/account-forms.server";
import { publicApiFor } from "#app/lib/api.server";
import accountCss from "#app/styles/account.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountCss }];
export const meta: MetaFunction = () => [{ title: "Forgot Password | Early Literacy Screening" }];

const INVALID_EMAIL = "Please enter a valid email address.";
type ActionData = { sent: true; email: string } | { sent: false; email: string; error: string };

export async function action({ request }: ActionFunctionArgs) {
  const api = publicApiFor(request);
  const form = Object.fromEntries(await request.formData());
  const email = String(form.email ?? "");
  const parsed = ForgotSchema.safeParse(form);
  if (!parsed.success) return { sent: false, email, error: parsed.error.issues[0].message } satisfies ActionData;
  const result = await api.result(api.POST("/dashboard/forgot-password", { body: { email: parsed.data.email } }));
  // The same confirmation whatever the answer: it never says whether the email has an account.
  if (result.ok) return { sent: true, email: parsed.data.email } satisfies ActionData;
  return { sent: false, email, error: result.status === 429 ? RATE_LIMITED : INVALID_EMAIL } satisfies ActionData;
}

export default function ForgotPassword() {
  const data = useActionData<typeof action>() as ActionData | undefined;
  const busy = useNavigation().state === "submitting";
  const error = data && !data.sent ? data.error : null;
  return (
    <div className="auth-page">
      <section className="auth-card" aria-labelledby="forgot-title">
        <h1 id="forgot-title">Forgot Password</h1>
        {data?.sent ? (
          <>
            <p className="alert alert--success" role="status">
              If an account exists for {data.email}, we sent it an email with a verification code and a link to reset your password.
            </p>
            <Link className="button button--primary" to={`/reset-password?email=${encodeURIComponent(data.email)}`}>
              Enter verification code
            </Link>
            <Link to="/login">Back to login</Link>
          </>
        ) : (
          <Form method="post" noValidate className="form">
            <p>Enter the email address of your account and we will send you a verification code.</p>
            <div className="field">
              <label htmlFor="email">Email</label>
              <input
                id="email"
                name="email"
                type="email"
                autoComplete="email"
                defaultValue={data?.email ?? ""}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "email-error" : undefined}
              />
              {error ? (
                <p className="field__error" id="email-error" role="alert">
                  {error}
                </p>
              ) : null}
            </div>
            <button type="submit" className="button button--primary" disabled={busy}>
              Send code
            </button>
            <Link to="/login">Back to login</Link>
          </Form>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
