import type { ActionFunctionArgs, LinksFunction, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { ErrorPage, stylesheets } from "#app/components/page-kit";
import { AccountCard, AccountFormEnd, NewPasswordFields } from "#app/components/AccountCard";
import { ErrorAlert } from "#app/components/ErrorAlert";
import { FormField } from "#app/components/FormField";
import { RATE_LIMITED } from "#app/domain/rate-limit";
import { firstError, formFields, isFormReply } from "#app/components/form-reply";
import { ResetPasswordForm } from "#app/lib/account-forms.server";
import { refusalOf } from "#app/lib/api-refusal.server";
import { publicApiFor } from "#app/lib/api.server";
import { invalidForm, parseSubmission, refusedForm } from "#app/lib/forms.server";
import { ACCOUNT_BODY_LIMIT, readFormData } from "#app/server/body-limit.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesheets.account }];
export const meta: MetaFunction = () => [{ title: "Reset Password | Early Literacy Screening" }];

const RESET_FAILED = "Unable to reset password. Please try again.";

type Field = "" | "email" | "code" | "password" | "confirmation";
// Passwords never come back in a reply.
const PASSWORDS = ["password", "confirmation"];

export async function action({ request }: ActionFunctionArgs) {
  const api = publicApiFor(request);
  const submission = parseSubmission(await readFormData(request, ACCOUNT_BODY_LIMIT), ResetPasswordForm);
  if (submission.status !== "success") return invalidForm(submission, { status: 200, hideFields: PASSWORDS });
  const { email, code, password } = submission.value;
  const result = await api.result(api.POST("/dashboard/forgot-password/new", { body: { email, code, password } }));
  if (result.ok) return { done: true as const };
  const { message } = await refusalOf(request, result, {
    publicPage: true,
    text: ({ status }) => (status === 429 ? RATE_LIMITED : RESET_FAILED),
  });
  return refusedForm(submission, message, { status: 200, hideFields: PASSWORDS });
}

export default function ResetPassword() {
  const data = useActionData<typeof action>();
  const [params] = useSearchParams();
  const busy = useNavigation().state === "submitting";
  const invite = params.get("invite") === "1";
  const title = invite ? "Set Your Password" : "Reset Password";
  if (data && "done" in data) {
    return (
      <AccountCard titleId="reset-title" title={title}>
        <p className="alert alert--success" role="status">
          Password changed!
        </p>
        <Link to="/login" className="button button--primary">
          GO TO LOGIN
        </Link>
      </AccountCard>
    );
  }
  const reply = isFormReply(data) ? data : undefined;
  const form = formFields(reply, { email: params.get("email"), code: params.get("code") });
  // One message at a time, the first field to fix first; "" names the form's own message.
  const failed = firstError(reply);
  const errorOf = (field: Field) => (failed?.name === field ? failed.message : undefined);
  // After a failed attempt both password fields start empty again (spec 000 section 5).
  const attempt = reply ? Number(form.text("attempt").defaultValue || 0) + 1 : 0;
  return (
    <AccountCard titleId="reset-title" title={title}>
      <Form method="post" noValidate className="form">
        <input type="hidden" name="attempt" value={attempt} />
        <ErrorAlert message={errorOf("")} />
        <FormField id="email" label="Email" type="email" autoComplete="email" {...form.text("email")} error={errorOf("email")} />
        <FormField id="code" label="Verification code" autoComplete="one-time-code" {...form.text("code")} error={errorOf("code")} />
        <NewPasswordFields attempt={attempt} errorOf={errorOf} />
        <AccountFormEnd busy={busy}>{invite ? "Set password" : "Reset password"}</AccountFormEnd>
      </Form>
    </AccountCard>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
