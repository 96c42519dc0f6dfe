import type { ActionFunctionArgs, LinksFunction, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { ErrorPage, stylesheets } from "#app/components/page-kit";
import { AccountCard, AccountFormEnd } from "#app/components/AccountCard";
import { ErrorAlert } from "#app/components/ErrorAlert";
import { FormField } from "#app/components/FormField";
import { formFields, isFormReply } from "#app/components/form-reply";
import { RegisterForm } from "#app/lib/account-forms.server";
import { refusalOf } from "#app/lib/api-refusal.server";
import { publicApiFor } from "#app/lib/api.server";
import { invalidForm, parseSubmission, refusedForm } from "#app/lib/forms.server";
import { ACCOUNT_BODY_LIMIT, readFormData } from "#app/server/body-limit.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesheets.account }];
export const meta: MetaFunction = () => [{ title: "Register | Early Literacy Screening" }];

/** Spec 000 section 8: registration failures by server message. */
const BY_SERVER_MESSAGE: Record<string, string> = {
  "unknown user":
    "The email address you've provided is not eligible for registration at this time. Please contact your administrator for more information about when user registration will be available for your organization.",
  "unavailable user": "The email address you've provided is already in use. Please return to login to sign in or reset your password.",
  "unknown userstatus": "We are unable to register your user at this time. Please contact support.",
};
const OTHER = "An unknown error occurred during user registration. Please contact support.";

export async function action({ request }: ActionFunctionArgs) {
  const api = publicApiFor(request);
  const submission = parseSubmission(await readFormData(request, ACCOUNT_BODY_LIMIT), RegisterForm);
  if (submission.status !== "success") return invalidForm(submission, { status: 200 });
  const result = await api.result(api.POST("/registerUser", { body: { email: submission.value.email } }));
  if (result.ok) return { done: true as const };
  const { message } = await refusalOf(request, result, {
    publicPage: true,
    text: ({ server }) => BY_SERVER_MESSAGE[server ?? ""] ?? OTHER,
  });
  return refusedForm(submission, message, { status: 200 });
}

export default function Register() {
  const data = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const form = formFields(isFormReply(data) ? data : undefined);
  return (
    <AccountCard titleId="register-title" title="Register">
      {data && "done" in data ? (
        <>
          <p className="alert alert--success" role="status">
            User registration accepted - please check your email for next steps.
          </p>
          <Link to="/login" className="button button--primary">
            GO TO LOGIN
          </Link>
        </>
      ) : (
        <Form method="post" noValidate className="form">
          <p>Enter the email address your school or district uses for you.</p>
          <ErrorAlert message={form.formError} />
          <FormField id="email" label="Email" type="email" autoComplete="email" {...form.text("email")} />
          <AccountFormEnd busy={busy}>Register</AccountFormEnd>
        </Form>
      )}
    </AccountCard>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
