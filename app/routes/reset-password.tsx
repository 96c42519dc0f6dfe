import type { ActionFunctionArgs, LinksFunction, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { ErrorPage, stylesheets } from "#app/components/page-kit";
import { PasswordChecklist } from "#app/components/PasswordChecklist";
import { RATE_LIMITED } from "#app/domain/rate-limit";
import { firstError, formFields, isFormReply, type FormReply } from "#app/components/form-reply";
import { ResetPasswordForm } from "#app/lib/account-forms.server";
import { publicApiFor } from "#app/lib/api.server";
import { invalidForm, parseSubmission, refusedForm } from "#app/lib/forms.server";
import { ACCOUNT_BODY_LIMIT, readFormData } from "#app/server/body-limit.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesheets.account }];
export const meta: MetaFunction = () => [{ title: "Reset Password | Early Literacy Screening" }];

const RESET_FAILED = "Unable to reset password. Please try again.";

type Field = "email" | "code" | "password" | "confirmation";
// Passwords never come back in a reply.
const PASSWORDS = ["password", "confirmation"];

export async function action({ request }: ActionFunctionArgs) {
  const api = publicApiFor(request);
  const submission = parseSubmission(await readFormData(request, ACCOUNT_BODY_LIMIT), ResetPasswordForm);
  if (submission.status !== "success") return invalidForm(submission, { status: 200, hideFields: PASSWORDS });
  const { email, code, password } = submission.value;
  const result = await api.result(api.POST("/dashboard/forgot-password/new", { body: { email, code, password } }));
  if (result.ok) return { done: true as const };
  return refusedForm(submission, result.status === 429 ? RATE_LIMITED : RESET_FAILED, { status: 200, hideFields: PASSWORDS });
}

export default function ResetPassword() {
  const data = useActionData() as { done: true } | FormReply | undefined;
  const [params] = useSearchParams();
  const busy = useNavigation().state === "submitting";
  const invite = params.get("invite") === "1";
  const title = invite ? "Set Your Password" : "Reset Password";
  if (data && "done" in data) {
    return (
      <div className="auth-page">
        <section className="auth-card" aria-labelledby="reset-title">
          <h1 id="reset-title">{title}</h1>
          <p className="alert alert--success" role="status">
            Password changed!
          </p>
          <Link to="/login" className="button button--primary">
            GO TO LOGIN
          </Link>
        </section>
      </div>
    );
  }
  const reply = isFormReply(data) ? data : undefined;
  const form = formFields(reply, { email: params.get("email"), code: params.get("code") });
  // One message at a time, the first field to fix first; "" names the form's own message.
  const failed = firstError(reply);
  const fieldError = (field: Field) => (failed?.name === field ? failed.message : null);
  const described = (field: Field, extra?: string) =>
    [fieldError(field) ? `${field}-error` : null, extra].filter(Boolean).join(" ") || undefined;
  // After a failed attempt both password fields start empty again (spec 000 section 5).
  const attempt = reply ? Number(form.text("attempt").defaultValue || 0) + 1 : 0;
  return (
    <div className="auth-page">
      <section className="auth-card" aria-labelledby="reset-title">
        <h1 id="reset-title">{title}</h1>
        <Form method="post" noValidate className="form">
          <input type="hidden" name="attempt" value={attempt} />
          {failed?.name === "" ? (
            <p className="alert alert--error" role="alert">
              {failed.message}
            </p>
          ) : null}
          {(
            [
              ["email", "Email", "email", "email", form.text("email").defaultValue],
              ["code", "Verification code", "text", "one-time-code", form.text("code").defaultValue],
            ] as const
          ).map(([name, label, type, autoComplete, value]) => (
            <div className="field" key={name}>
              <label htmlFor={name}>{label}</label>
              <input
                id={name}
                name={name}
                type={type}
                autoComplete={autoComplete}
                defaultValue={value}
                aria-invalid={fieldError(name) ? true : undefined}
                aria-describedby={described(name)}
              />
              {fieldError(name) ? (
                <p className="field__error" id={`${name}-error`}>
                  {fieldError(name)}
                </p>
              ) : null}
            </div>
          ))}
          <div className="field">
            <label htmlFor="password">New password</label>
            <input
              key={`p${attempt}`}
              id="password"
              name="password"
              type="password"
              autoComplete="new-password"
              aria-invalid={fieldError("password") ? true : undefined}
              aria-describedby={described("password", "password-rules")}
            />
            {fieldError("password") ? (
              <p className="field__error" id="password-error">
                {fieldError("password")}
              </p>
            ) : null}
          </div>
          <PasswordChecklist id="password-rules" field="password" />
          <div className="field">
            <label htmlFor="confirmation">Confirm new password</label>
            <input
              key={`c${attempt}`}
              id="confirmation"
              name="confirmation"
              type="password"
              autoComplete="new-password"
              aria-invalid={fieldError("confirmation") ? true : undefined}
              aria-describedby={described("confirmation")}
            />
            {fieldError("confirmation") ? (
              <p className="field__error" id="confirmation-error">
                {fieldError("confirmation")}
              </p>
            ) : null}
          </div>
          <button type="submit" className="button button--primary" disabled={busy}>
            {invite ? "Set password" : "Reset password"}
          </button>
          <Link to="/login">Back to login</Link>
        </Form>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
