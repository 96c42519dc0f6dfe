import { CONFIRMATION_FILES, CONFIRMATION_LABELS } from "#app/domain/oneroster-plan";
import type { ApiSchema } from "#app/lib/api.server";

// An upload's report (issue 16): what it would change or changed, per kind, with why records were
// skipped; the rows skipped for a problem and, for a refused upload, why it was refused, each with
// file, line, column and reason shown whole (issue 35: reasons were cut with no way to read them).
// Used by the rostering page (preview, result) and the district page's list of imports.

type Report = ApiSchema<"RosterReport">;

const KINDS = [
  ["schools", "Schools"],
  ["classrooms", "Classrooms"],
  ["teachers", "Teachers"],
  ["students", "Students"],
  ["enrollments", "Enrollments"],
] as const;

// headingLevel keeps the outline whole: under the page's h1 (the applied result) the report's own
// heading is an h2; inside a titled section it is an h3.
export function RosterReport({
  report,
  caption,
  idPrefix,
  headingLevel = 3,
}: {
  report: Report;
  caption: string;
  idPrefix: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
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
      {report.counts && KINDS.some(([kind]) => (report.counts![kind].skippedBy ?? []).length > 0) ? (
        <div className="roster-skipped">
          <Heading id={`${idPrefix}-skipped`}>Why records were skipped</Heading>
          <ul aria-labelledby={`${idPrefix}-skipped`}>
            {KINDS.flatMap(([kind, label]) =>
              (report.counts![kind].skippedBy ?? []).map((r) => (
                <li key={`${kind}-${r.reason}`}>
                  {label}: {r.count.toLocaleString("en-US")} — {r.reason}
                </li>
              )),
            )}
          </ul>
        </div>
      ) : null}
      {report.counts?.students.withoutBirthDate ? (
        <p className="roster-notice" role="note">
          {report.counts.students.withoutBirthDate.toLocaleString("en-US")}{" "}
          {report.counts.students.withoutBirthDate === 1 ? "student has" : "students have"} no birth date (demographics.csv gives none):{" "}
          {report.counts.students.withoutBirthDate === 1 ? "it is" : "they are"} taken without one, and the school&apos;s student list shows{" "}
          {report.counts.students.withoutBirthDate === 1 ? "it" : "them"} for an administrator to complete.
        </p>
      ) : null}
      {report.confirmations.length > 0 ? (
        <div className="table-wrap">
          <table className="table roster-confirmations roster-rows" aria-describedby={`${idPrefix}-confirmations-note`}>
            <caption>
              Existing records this upload changes, to confirm: {report.confirmationCount}
              {report.confirmationCount > report.confirmations.length ? ` (the first ${report.confirmations.length} are listed)` : ""}
            </caption>
            <thead>
              <tr>
                <th scope="col">Change</th>
                <th scope="col">Name now</th>
                <th scope="col">sourcedId</th>
                <th scope="col">Row of the file</th>
                <th scope="col">E-mail or match</th>
              </tr>
            </thead>
            <tbody>
              {report.confirmations.map((c) => (
                <tr key={`${c.kind}-${c.recordId}`}>
                  <td>{CONFIRMATION_LABELS[c.kind]}</td>
                  <td>{c.name}</td>
                  <td>{c.sourcedId}</td>
                  <td>{c.line === null ? "Not in the file" : `${CONFIRMATION_FILES[c.kind]} line ${c.line}`}</td>
                  <td>{c.email === null ? c.matchedBy : c.previousEmail ? `${c.previousEmail} → ${c.email}` : c.email}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p id={`${idPrefix}-confirmations-note`}>
            A school, classroom or student made by hand that a row matches is linked to the roster rather than created twice: it takes the
            row&apos;s sourcedId and values (name; for a student also grade, school, Student ID, and birth date when the file has one), and
            later imports update it. Undo puts it back as it was.
          </p>
        </div>
      ) : report.confirmationCount > 0 ? (
        <p>
          This upload changes {report.confirmationCount} existing {report.confirmationCount === 1 ? "record" : "records"} (accounts, or
          schools, classrooms and students made by hand): a district administrator sees which and confirms them when applying it.
        </p>
      ) : null}
      {report.notices.length > 0 ? (
        <div className="table-wrap">
          <table className="table roster-notices roster-rows">
            <caption>Rows skipped, their records left as they are: {report.notices.length}</caption>
            <thead>
              <tr>
                <th scope="col">File</th>
                <th scope="col">Line</th>
                <th scope="col">Column</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {report.notices.map((e, i) => (
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
      {report.errors.length > 0 ? (
        <div className="table-wrap">
          <table className="table roster-errors roster-rows">
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
