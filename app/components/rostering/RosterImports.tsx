import { Form, Link } from "@remix-run/react";
import { STAFF_INVITE_LINK } from "#app/domain/staff-invite-link";
import type { ApiSchema } from "#app/lib/api.server";

// The district page's roster imports (issue 16): each upload with its report, the rostering link
// to hand to whoever uploads, Undo on the latest applied import (district admins and super admins),
// and the way to invite the teachers the imports brought (issue 35 item 7).

type RosterImport = ApiSchema<"RosterImport">;
/**
 * An import as the loader sends it (app/routes/district.$districtId.server.tsx): its report's cell
 * (a <details> with the whole report) as HTML, and for a staged import the Apply form's boxes to
 * confirm its changes to existing records and its mass deactivations as HTML ("" when it has none).
 * Both are text and form fields the browser never changes, so the page carries none of their code.
 */
export type RosterImportRow = Omit<RosterImport, "report"> & { reportHtml: string; confirmHtml: string };
/** An Undo's preview as the loader sends it: its words (UndoSummary) as HTML, and what the form needs. */
export type RosterUndoView = Pick<ApiSchema<"RosterUndoPreview">, "rosterImportId" | "undoable"> & { html: string };

/**
 * Undo asks first (issue 35 item 3): what it deactivates, puts back and brings back, and which rows
 * edited since the import it leaves as they are (UndoSummary, as HTML from the server). A form, so it
 * works without JavaScript.
 */
function ConfirmUndo({ undo }: { undo: RosterUndoView }) {
  return (
    <section className="roster-undo alert alert--warning" aria-labelledby="roster-undo-title">
      <div className="roster-undo__text" dangerouslySetInnerHTML={{ __html: undo.html }} />
      {undo.undoable ? (
        <Form method="post" className="roster-undo__actions">
          <input type="hidden" name="intent" value="undo-roster-import" />
          <input type="hidden" name="rosterImportId" value={undo.rosterImportId} />
          <button type="submit" className="button button--danger">
            Undo import
          </button>
          <Link to="?tab=schools" className="button">
            Cancel
          </Link>
        </Form>
      ) : (
        <p>Only the latest applied import can be undone: undo the later ones first.</p>
      )}
    </section>
  );
}

const STATUS_LABELS: Record<RosterImportRow["status"], string> = {
  staged: "Previewed, not applied",
  rejected: "Rejected",
  applied: "Applied",
  undone: "Undone",
};

const when = (iso: string) => new Date(iso).toISOString().slice(0, 16).replace("T", " ") + " UTC";

export function RosterImports({
  districtId,
  imports,
  undoableId,
  error,
  undo,
}: {
  districtId: string;
  imports: RosterImportRow[] | null;
  undoableId: string | null;
  error: string | null;
  /** ?undo={id}: the counts of the Undo the admin asked for, to confirm. */
  undo: { data: RosterUndoView | null; error: string | null } | null;
}) {
  return (
    <section className="roster-imports" aria-labelledby="roster-imports-title">
      <h2 id="roster-imports-title">Roster imports</h2>
      <p>
        Rostering link for this district: <a href={`/rostering/${districtId}`}>/rostering/{districtId}</a>
      </p>
      <p>
        <Link to={`/district/${districtId}/invitations`}>{STAFF_INVITE_LINK}</Link>: teachers from roster imports have no password until
        invited.
      </p>
      {error ? (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      ) : null}
      {undo?.error ? (
        <p className="alert alert--error" role="alert">
          {undo.error}
        </p>
      ) : null}
      {undo?.data ? <ConfirmUndo undo={undo.data} /> : null}
      {imports && imports.length === 0 ? <p>No roster has been uploaded yet.</p> : null}
      {imports && imports.length > 0 ? (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">Roster imports, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Uploaded</th>
                <th scope="col">File</th>
                <th scope="col">Status</th>
                <th scope="col">Report</th>
              </tr>
            </thead>
            <tbody>
              {imports.map((i) => (
                <tr key={i.rosterImportId}>
                  <td>{when(i.createdAt)}</td>
                  <td>{i.fileName}</td>
                  <td>
                    {STATUS_LABELS[i.status]}
                    {i.status === "staged" ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="apply-roster-import" />
                        <input type="hidden" name="rosterImportId" value={i.rosterImportId} />
                        {i.confirmHtml ? <div dangerouslySetInnerHTML={{ __html: i.confirmHtml }} /> : null}
                        <button type="submit" className="button button--primary" aria-label={`Apply the upload of ${i.fileName}`}>
                          Apply
                        </button>
                      </Form>
                    ) : null}
                    {i.rosterImportId === undoableId ? (
                      <Link
                        to={`?tab=schools&undo=${i.rosterImportId}#roster-undo-title`}
                        className="button button--danger"
                        aria-label={`Undo the import of ${i.fileName}`}
                      >
                        Undo
                      </Link>
                    ) : null}
                  </td>
                  <td dangerouslySetInnerHTML={{ __html: i.reportHtml }} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
