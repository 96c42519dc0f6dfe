import type { ApiSchema } from "#app/lib/api.server";

// An upload's report (issue 16): what it would change or changed, per kind, and every refused row
// with file, line, column and reason. Used by the rostering page (preview, result) and the
// district page's list of imports.

type Report = ApiSchema<"RosterReport">;

const KINDS = [
  ["schools", "Schools"],
  ["classrooms", "Classrooms"],
  ["teachers", "Teachers"],
  ["students", "Students"],
  ["enrollments", "Enrollments"],
] as const;

export function RosterReport({ report, caption, idPrefix }: { report: Report; caption: string; idPrefix: string }) {
  return (
    <div className="roster-report">
      {report.message ? <p>{report.message}</p> : null}
      {report.counts ? (
        <div className="table-wrap">
          <table className="table roster-counts" aria-labelledby={`${idPrefix}-counts`}>
            <caption id={`${idPrefix}-counts`}>{caption}</caption>
            <thead>
              <tr>
                <th scope="col">Records</th>
                <th scope="col">Created</th>
                <th scope="col">Updated</th>
                <th scope="col">Deactivated</th>
                <th scope="col">Unchanged</th>
                <th scope="col">Skipped</th>
              </tr>
            </thead>
            <tbody>
              {KINDS.map(([kind, label]) => {
                const c = report.counts![kind];
                return (
                  <tr key={kind}>
                    <th scope="row">{label}</th>
                    <td>{c.created}</td>
                    <td>{c.updated}</td>
                    <td>{c.deactivated}</td>
                    <td>{c.unchanged}</td>
                    <td>{c.skipped}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      {report.errors.length > 0 ? (
        <div className="table-wrap">
          <table className="table roster-errors">
            <caption>
              Rejected rows: {report.errorCount}
              {report.errorCount > report.errors.length ? ` (the first ${report.errors.length} are listed)` : ""}
            </caption>
            <thead>
              <tr>
                <th scope="col">File</th>
                <th scope="col">Line</th>
                <th scope="col">Column</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {report.errors.map((e, i) => (
                <tr key={i}>
                  <td>{e.file}</td>
                  <td>{e.line > 0 ? e.line : ""}</td>
                  <td>{e.column}</td>
                  <td>{e.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
