import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ErrorAlert } from "#app/components/ErrorAlert";
import { ErrorPage } from "#app/components/page-kit";
import { SUPPORT_MESSAGE_MAX, SUPPORT_SUBJECT_MAX, SUPPORT_TEXTS } from "#app/domain/support-texts";
import { refusalOf } from "#app/lib/api-refusal.server";
import { apiFor } from "#app/lib/api.server";
import { requireUser } from "#app/lib/auth.server";
import { readSupportForm } from "./customer-support.server";

export const meta: MetaFunction = () => [{ title: "Customer Support | Early Literacy Screening" }];

/**
 * Spec 001: a contact form. Ours posts to the API (kept and mailed to support, issue 12 item 14)
 * and needs no third-party script; SUPPORT_FORM_URL embeds the CRM provider's form instead.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return { formUrl: process.env.SUPPORT_FORM_URL || null, email: user.email };
}

type ActionData =
  | { sent: true }
  | {
      sent: false;
      fieldErrors: Partial<Record<"subject" | "message", string>>;
      formError: string | null;
      values: { subject: string; message: string };
    };

export async function action({ request, context }: ActionFunctionArgs): Promise<ActionData> {
  await requireUser(request, context);
  const form = readSupportForm(await request.formData());
  if (!form.ok) return { sent: false, fieldErrors: form.fieldErrors, formError: null, values: form.values };
  const { values } = form;
  const api = apiFor(request, context);
  const referer = request.headers.get("referer");
  const result = await api.result(
    api.POST("/support/messages", { body: { ...form.data, page: referer ? new URL(referer).pathname : null } }),
  );
  if (!result.ok) {
    const { message } = await refusalOf(request, result, { fallback: SUPPORT_TEXTS.failed });
    return { sent: false, fieldErrors: {}, formError: message, values };
  }
  return { sent: true };
}

export default function CustomerSupport() {
  const { formUrl, email } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const failed = reply && !reply.sent ? reply : null;
  const focus = failed?.fieldErrors.subject ? "subject" : failed?.fieldErrors.message ? "message" : null;
  return (
    <section aria-labelledby="support-title">
      <h1 id="support-title">Customer Support</h1>
      <p>Questions about accounts, rosters or results? Send us a message and our support team will get back to you.</p>
      {formUrl ? (
        <iframe title="Contact form" src={formUrl} style={{ width: "100%", minHeight: "40rem", border: 0 }} />
      ) : reply?.sent ? (
        <p role="status" className="notice notice--success">
          {SUPPORT_TEXTS.sent}
        </p>
      ) : (
        <Form method="post" noValidate className="support-form" style={{ maxWidth: "40rem" }}>
          <p className="muted">We will answer at {email}.</p>
          {failed?.formError ? <ErrorAlert message={failed.formError} /> : null}
          <Field
            name="subject"
            label="Subject"
            defaultValue={failed?.values.subject}
            error={failed?.fieldErrors.subject}
            focus={focus === "subject"}
          />
          <Field
            name="message"
            label="Message"
            multiline
            defaultValue={failed?.values.message}
            error={failed?.fieldErrors.message}
            focus={focus === "message"}
          />
          <button type="submit" className="button" disabled={busy}>
            {busy ? "Sending…" : "Send Message"}
          </button>
        </Form>
      )}
    </section>
  );
}

/**
 * A required labelled field with its error wired by aria-describedby. Written here rather than
 * with FormField, whose module brings the admin forms' zod into this small page's bundle.
 */
function Field(props: {
  name: "subject" | "message";
  label: string;
  multiline?: boolean;
  defaultValue?: string;
  error?: string;
  focus?: boolean;
}) {
  const id = `support-${props.name}`;
  const aria = {
    id,
    name: props.name,
    defaultValue: props.defaultValue ?? "",
    "aria-required": true,
    "aria-invalid": props.error ? true : undefined,
    "aria-describedby": props.error ? `${id}-error` : undefined,
    // The first invalid field after a failed submit takes the focus, with or without JavaScript.
    autoFocus: props.focus || undefined,
  };
  return (
    <div className="field">
      <label htmlFor={id}>
        {props.label} <span aria-hidden="true">*</span>
      </label>
      {props.multiline ? (
        <textarea {...aria} rows={8} maxLength={SUPPORT_MESSAGE_MAX} style={{ width: "100%" }} />
      ) : (
        <input {...aria} type="text" maxLength={SUPPORT_SUBJECT_MAX} autoComplete="off" />
      )}
      {props.error ? (
        <p id={`${id}-error`} className="field__error">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
