import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { ApiSchema } from "#app/lib/api.server";
import { ErasureReceipt } from "./ErasureReceipt";

// The two ends of a records page (a student's or a district's, issue 41 item 3): the receipt
// shown once after the deletion, and the page of a record that is not there (any more).

/** The page title, with the name of whose records these are once the page has them. */
export const recordsPageTitle = (pageTitle: string, name: string | undefined) =>
  `${pageTitle}${name ? `: ${name}` : ""} – Early Literacy Screening`;

/** After the deletion: the heading, the printable receipt and where to go next (`children`: links). */
export function ErasedPage({ heading, receipt, children }: { heading: string; receipt: ApiSchema<"ErasureReceipt">; children: ReactNode }) {
  return (
    <section aria-labelledby="page-title" className="records-page">
      <h1 id="page-title">{heading}</h1>
      <ErasureReceipt receipt={receipt} headingId="receipt-title" />
      <nav aria-label="Where to go next" className="records-actions no-print">
        {children}
      </nav>
    </section>
  );
}

/** No such student or district: deleted for good (its receipt was shown once, after the deletion), or never there. */
export function RecordsGone({
  heading,
  what,
  back,
}: {
  heading: string;
  what: "Student" | "District";
  back: { to: string; text: string };
}) {
  return (
    <section aria-labelledby="page-title" className="records-page">
      <h1 id="page-title">{heading}</h1>
      <p className="alert alert--error" role="alert">
        {what} not found. A {what.toLowerCase()} deleted for good leaves no records here: the deletion receipt was shown once, after the
        deletion.
      </p>
      <p>
        <Link to={back.to}>{back.text}</Link>
      </p>
    </section>
  );
}
