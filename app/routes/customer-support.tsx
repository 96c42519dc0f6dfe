import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ErrorAlert } from "#app/components/ErrorAlert";
import { ErrorPage } from "#app/components/ErrorPage";
import { FormField } from "#app/components/FormField";
import { SUPPORT_MESSAGE_MAX, SUPPORT_TEXTS } from "#app/domain/support-texts";
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
  if (!result.ok) return { sent: false, fieldErrors: {}, formError: result.error.message || SUPPORT_TEXTS.failed, values };
  return { sent: true };
}

export default function CustomerSupport() {
  const { formUrl, email } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const failed = reply && !reply.sent ? reply : null;
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
          <FormField name="subject" label="Subject" required defaultValue={failed?.values.subject} error={failed?.fieldErrors.subject} />
          <MessageField defaultValue={failed?.values.message} error={failed?.fieldErrors.message} />
          <button type="submit" className="button" disabled={busy}>
            {busy ? "Sending…" : "Send Message"}
          </button>
        </Form>
      )}
    </section>
  );
}

function MessageField({ defaultValue, error }: { defaultValue?: string; error?: string }) {
  return (
    <div className="field">
      <label htmlFor="support-message">
        Message <span aria-hidden="true">*</span>
      </label>
      <textarea
        id="support-message"
        name="message"
        rows={8}
        maxLength={SUPPORT_MESSAGE_MAX}
        defaultValue={defaultValue ?? ""}
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "support-message-error" : undefined}
        style={{ width: "100%" }}
      />
      {error ? (
        <p id="support-message-error" className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
