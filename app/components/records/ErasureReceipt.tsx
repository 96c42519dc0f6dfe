import { useEffect, useState } from "react";
import type { ApiSchema } from "#app/lib/api.server";

// The receipt of a deletion for good (issue 41 item 3), as the records page shows it once: what
// went, per table, who deleted it and when. Printable; the audit log keeps the same without the name.

type Receipt = ApiSchema<"ErasureReceipt">;

const when = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }) + " UTC";

export function ErasureReceipt({ receipt, headingId }: { receipt: Receipt; headingId: string }) {
  // The Print button needs a script; before it runs the page says how to print instead.
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  const deleted = receipt.rows.filter((r) => r.change === "deleted");
  const edited = receipt.rows.filter((r) => r.change === "edited");
  const subject = receipt.kind === "student" ? "Student" : "District";
  return (
    <div className="receipt records-section">
      <h2 id={headingId}>Deletion receipt</h2>
      <p>
        {receipt.kind === "student"
          ? `${receipt.subject.name} was deleted for good.`
          : `The district ${receipt.subject.name} was deleted for good.`}{" "}
        Keep this receipt: the product keeps it in its audit log without the name.
      </p>
      <dl className="receipt__facts">
        <dt>{subject}</dt>
        <dd>
          {receipt.subject.name}
          {receipt.subject.code ? ` (participant code ${receipt.subject.code})` : ""}
        </dd>
        {receipt.participantId ? (
          <>
            <dt>Student&apos;s id</dt>
            <dd>{receipt.participantId}</dd>
          </>
        ) : null}
        <dt>District&apos;s id</dt>
        <dd>{receipt.organizationId}</dd>
        <dt>Deleted by</dt>
        <dd>
          {receipt.erasedBy.name} ({receipt.erasedBy.email})
        </dd>
        <dt>When</dt>
        <dd>{when(receipt.erasedAt)}</dd>
        <dt>Files removed</dt>
        <dd>{receipt.files.removed}</dd>
        <dt>Receipt number</dt>
        <dd>{receipt.receiptId}</dd>
      </dl>
      {receipt.files.notRemoved.length > 0 ? (
        <p role="alert" className="alert alert--error">
          {receipt.files.notRemoved.length} stored {receipt.files.notRemoved.length === 1 ? "file" : "files"} could not be removed. The
          server log names {receipt.files.notRemoved.length === 1 ? "it" : "them"}; replaying this receipt removes them (docs: student
          records).
        </p>
      ) : null}
      <table className="table">
        <caption>What was deleted, by table</caption>
        <thead>
          <tr>
            <th scope="col">Table</th>
            <th scope="col">Rows deleted</th>
          </tr>
        </thead>
        <tbody>
          {deleted.map((r) => (
            <tr key={r.table}>
              <th scope="row">{r.table}</th>
              <td>{r.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {edited.length > 0 ? (
        <p>
          Records kept about something else that named them no longer do:{" "}
          {edited.map((r) => `${r.table} (${r.count} ${r.count === 1 ? "row" : "rows"})`).join(", ")}.
        </p>
      ) : null}
      <p className="no-print">
        {scripted ? (
          <button type="button" className="button" onClick={() => window.print()}>
            Print receipt
          </button>
        ) : (
          <span className="muted">Use your browser&apos;s Print command to print this receipt.</span>
        )}
      </p>
    </div>
  );
}
