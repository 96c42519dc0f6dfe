import type { ActionFunctionArgs, LinksFunction, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { ErrorPage } from "#app/components/ErrorPage";
import { RegisterSchema } from "#app/lib/account-forms.server";
import { publicApiFor } from "#app/lib/api.server";
import accountCss from "#app/styles/account.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountCss }];
export const meta: MetaFunction = () => [{ title: "Register | Early Literacy Screening" }];

/** Spec 000 section 8: registration failures by server message. */
const BY_SERVER_MESSAGE: Record<string, string> = {
  "unknown user":
    "The email address you've provided is not eligible for registration at this time. Please contact your administrator for more information about when user registration will be available for your organization.",
  "unavailable user": "The email address you've provided is already in use. Please return to login to sign in or reset your password.",
  "unknown userstatus": "We are unable to register your user at this time. Please contact support.",
};
const OTHER = "An unknown error occurred during user registration. Please contact support.";

type ActionData = { done: true } | { done: false; email: string; fieldError: string | null; formError: string | null };

export async function action({ request }: ActionFunctionArgs) {
  const api = publicApiFor(request);
  const form = Object.fromEntries(await request.formData());
  const email = String(form.email ?? "");
  const parsed = RegisterSchema.safeParse(form);
  if (!parsed.success) return { done: false, email, fieldError: parsed.error.issues[0].message, formError: null } satisfies ActionData;
  const result = await api.result(api.POST("/registerUser", { body: { email: parsed.data.email } }));
  if (result.ok) return { done: true } satisfies ActionData;
  return { done: false, email, fieldError: null, formError: BY_SERVER_MESSAGE[result.error.message] ?? OTHER } satisfies ActionData;
}

export default function Register() {
  const data = useActionData<typeof action>() as ActionData | undefined;
  const busy = useNavigation().state === "submitting";
  const failed = data && !data.done ? data : null;
  return (
    <div className="auth-page">
      <section className="auth-card" aria-labelledby="register-title">
        <h1 id="register-title">Register</h1>
        {data?.done ? (
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
            {failed?.formError ? (
              <p className="alert alert--error" role="alert">
                {failed.formError}
              </p>
            ) : null}
            <div className="field">
              <label htmlFor="email">Email</label>
              <input
                id="email"
                name="email"
                type="email"
                autoComplete="email"
                defaultValue={failed?.email ?? ""}
                aria-invalid={failed?.fieldError ? true : undefined}
                aria-describedby={failed?.fieldError ? "email-error" : undefined}
              />
              {failed?.fieldError ? (
                <p className="field__error" id="email-error">
                  {failed.fieldError}
                </p>
              ) : null}
            </div>
            <button type="submit" className="button button--primary" disabled={busy}>
              Register
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
