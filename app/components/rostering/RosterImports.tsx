import { Form, Link } from "@remix-run/react";
import { STAFF_INVITE_TEXTS } from "#app/domain/staff-invites";
import type { ApiSchema } from "#app/lib/api.server";
import { ConfirmAccounts } from "./ConfirmAccounts";
import { ConfirmDeactivations } from "./MassDeactivations";
import { RosterReport } from "./RosterReport";

// The district page's roster imports (issue 16): each upload with its report, the rostering link
// to hand to whoever uploads, Undo on the latest applied import (district admins and super admins),
// and the way to invite the teachers the imports brought (issue 35 item 7).

type RosterImport = ApiSchema<"RosterImport">;
type UndoPreview = ApiSchema<"RosterUndoPreview">;

const KIND_NAMES = { schools: "schools", classrooms: "classrooms", teachers: "teachers", students: "students" } as const;
const KIND_SINGULAR = { schools: "School", classrooms: "Classroom", teachers: "Teacher", students: "Student" } as const;

/** "3 students, 1 classroom" for the non-zero counts of one column, or "nothing". */
function listed(counts: UndoPreview["counts"], column: "created" | "updated" | "deactivated") {
  const parts = (Object.keys(KIND_NAMES) as (keyof typeof KIND_NAMES)[])
    .filter((k) => counts[k][column] > 0)
    .map((k) => `${counts[k][column]} ${counts[k][column] === 1 ? KIND_SINGULAR[k].toLowerCase() : KIND_NAMES[k]}`);
  return parts.length > 0 ? parts.join(", ") : "nothing";
}

/**
 * Undo asks first (issue 35 item 3): what it deactivates, puts back and brings back, and which rows
 * edited since the import it leaves as they are. A form, so it works without JavaScript.
 */
function ConfirmUndo({ undo }: { undo: UndoPreview }) {
  return (
    <section className="roster-undo alert alert--warning" aria-labelledby="roster-undo-title">
      <h3 id="roster-undo-title">Undo the import of {undo.fileName}?</h3>
      <ul>
        <li>Deactivates what it created: {listed(undo.counts, "created")}.</li>
        <li>Puts back the earlier values of: {listed(undo.counts, "updated")}.</li>
        <li>Brings back what it deactivated: {listed(undo.counts, "deactivated")}.</li>
        <li>Class memberships it changed: {undo.memberships}.</li>
      </ul>
      {undo.leftAlone.length > 0 ? (
        <>
          <p>
            {undo.leftAlone.length} {undo.leftAlone.length === 1 ? "record was" : "records were"} edited after the import and will be left
            as {undo.leftAlone.length === 1 ? "it is" : "they are"}:
          </p>
          <ul className="roster-undo__left">
            {undo.leftAlone.map((l) => (
              <li key={`${l.kind}-${l.id}`}>
                {KIND_SINGULAR[l.kind]}: {l.name}
              </li>
            ))}
          </ul>
        </>
      ) : null}
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

const STATUS_LABELS: Record<RosterImport["status"], string> = {
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
  imports: RosterImport[] | null;
  undoableId: string | null;
  error: string | null;
  /** ?undo={id}: the counts of the Undo the admin asked for, to confirm. */
  undo: { data: UndoPreview | null; error: string | null } | null;
}) {
  return (
    <section className="roster-imports" aria-labelledby="roster-imports-title">
      <h2 id="roster-imports-title">Roster imports</h2>
      <p>
        Rostering link for this district: <a href={`/rostering/${districtId}`}>/rostering/{districtId}</a>
      </p>
      <p>
        <Link to={`/district/${districtId}/invitations`}>{STAFF_INVITE_TEXTS.link}</Link>: teachers from roster imports have no password
        until invited.
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
                        {i.report.confirmationCount > 0 ? (
                          <ConfirmAccounts
                            count={i.report.confirmationCount}
                            id={`confirm-${i.rosterImportId}`}
                            where="listed in its report"
                          />
                        ) : null}
                        {i.report.massDeactivations.length > 0 ? (
                          <ConfirmDeactivations list={i.report.massDeactivations} id={`confirm-deactivations-${i.rosterImportId}`} />
                        ) : null}
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
                  <td>
                    <details>
                      <summary>
                        {i.report.errorCount > 0 ? `${i.report.errorCount} rejected rows` : i.report.message ? "Refused" : "Counts"}
                      </summary>
                      <RosterReport report={i.report} caption={`Report of ${i.fileName}`} idPrefix={`import-${i.rosterImportId}`} />
                    </details>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
