import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ErrorPage } from "#app/components/ErrorPage";
import { requireUser } from "#app/lib/auth.server";

export const meta: MetaFunction = () => [{ title: "Customer Support | Early Literacy Screening" }];

/** Spec 001: an embedded contact form from a CRM provider, at SUPPORT_FORM_URL when configured. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return { formUrl: process.env.SUPPORT_FORM_URL ?? null, supportEmail: process.env.SUPPORT_EMAIL ?? null, email: user.email };
}

export default function CustomerSupport() {
  const { formUrl, supportEmail } = useLoaderData() as { formUrl: string | null; supportEmail: string | null };
  return (
    <section aria-labelledby="support-title">
      <h1 id="support-title">Customer Support</h1>
      <p>Questions about accounts, rosters or results? Send us a message and our support team will get back to you.</p>
      {formUrl ? (
        <iframe title="Contact form" src={formUrl} style={{ width: "100%", minHeight: "40rem", border: 0 }} />
      ) : supportEmail ? (
        <p>
          Email <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
        </p>
      ) : (
        <p>Contact your district administrator for help.</p>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
