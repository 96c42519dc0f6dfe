import { data, type ActionFunctionArgs, type LinksFunction, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { ErrorPage, stylesheets } from "#app/components/page-kit";
import { RATE_LIMITED } from "#app/domain/rate-limit";
import { AccountCard, AccountFormEnd } from "#app/components/AccountCard";
import { ErrorAlert } from "#app/components/ErrorAlert";
import { FormField } from "#app/components/FormField";
import { formFields, isFormReply } from "#app/components/form-reply";
import { ForgotPasswordForm } from "#app/lib/account-forms.server";
import { publicApiFor } from "#app/lib/api.server";
import { invalidForm, parseSubmission, refusedForm } from "#app/lib/forms.server";
import { ACCOUNT_BODY_LIMIT, readFormData } from "#app/server/body-limit.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesheets.account }];
export const meta: MetaFunction = () => [{ title: "Forgot Password | Early Literacy Screening" }];

const INVALID_EMAIL = "Please enter a valid email address.";

export async function action({ request }: ActionFunctionArgs) {
  const api = publicApiFor(request);
  const submission = parseSubmission(await readFormData(request, ACCOUNT_BODY_LIMIT), ForgotPasswordForm);
  if (submission.status !== "success") return invalidForm(submission, { status: 200 });
  const { email } = submission.value;
  const result = await api.result(api.POST("/dashboard/forgot-password", { body: { email } }));
  // The same confirmation whatever the answer: it never says whether the email has an account.
  if (result.ok) return { sent: true as const, email };
  // Spec 000 §5: any failure shows 'Please enter a valid email address.' beside the field; when
  // the failure is the rate limit, the page's alert says so too (issue 13 item 17).
  if (result.status === 429) {
    return data(submission.reply({ formErrors: [RATE_LIMITED], fieldErrors: { email: [INVALID_EMAIL] } }), { status: 200 });
  }
  return refusedForm(submission, INVALID_EMAIL, { field: "email", status: 200 });
}

export default function ForgotPassword() {
  const data = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const form = formFields(isFormReply(data) ? data : undefined);
  return (
    <AccountCard titleId="forgot-title" title="Forgot Password">
      {data && "sent" in data ? (
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
          <ErrorAlert message={form.formError} />
          <FormField id="email" label="Email" type="email" autoComplete="email" errorAlert {...form.text("email")} />
          <AccountFormEnd busy={busy}>Send code</AccountFormEnd>
        </Form>
      )}
    </AccountCard>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
