import { Form } from "@remix-run/react";
import type { ApiSchema } from "#app/lib/api.server";
import { ConfirmAccounts } from "./ConfirmAccounts";
import { RosterReport } from "./RosterReport";

// The district page's roster imports (issue 16): each upload with its report, the rostering link
// to hand to whoever uploads, and Undo on the latest applied import (district admins and super admins).

type RosterImport = ApiSchema<"RosterImport">;

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
}: {
  districtId: string;
  imports: RosterImport[] | null;
  undoableId: string | null;
  error: string | null;
}) {
  return (
    <section className="roster-imports" aria-labelledby="roster-imports-title">
      <h2 id="roster-imports-title">Roster imports</h2>
      <p>
        Rostering link for this district: <a href={`/rostering/${districtId}`}>/rostering/{districtId}</a>
      </p>
      {error ? (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      ) : null}
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
                        <button type="submit" className="button button--primary" aria-label={`Apply the upload of ${i.fileName}`}>
                          Apply
                        </button>
                      </Form>
                    ) : null}
                    {i.rosterImportId === undoableId ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="undo-roster-import" />
                        <input type="hidden" name="rosterImportId" value={i.rosterImportId} />
                        <button type="submit" className="button button--danger" aria-label={`Undo the import of ${i.fileName}`}>
                          Undo
                        </button>
                      </Form>
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
