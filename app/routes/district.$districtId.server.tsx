import { renderToStaticMarkup } from "react-dom/server";
import { reportView } from "#app/components/admin/CompletionReport";
import { ConfirmAccounts } from "#app/components/rostering/ConfirmAccounts";
import { ConfirmDeactivations } from "#app/components/rostering/MassDeactivations";
import { RosterReport } from "#app/components/rostering/RosterReport";
import type { RosterImportRow, RosterUndoView } from "#app/components/rostering/RosterImports";
import { UndoSummary } from "#app/components/rostering/UndoSummary";
import type { ApiSchema } from "#app/lib/api.server";

/**
 * A roster import as the district page sends it (issue 39): its report's cell, a <details> with the
 * whole report, as HTML made here. The report is text and tables only, written once per import and
 * never changed in the browser, so the page needs none of RosterReport's code (the rostering page
 * keeps it, for its preview): the Schools tab's script is that much smaller, and the page's data
 * holds the markup instead of the report's rows. So do the Apply form's confirmation boxes.
 */
export function rosterImportRow(i: ApiSchema<"RosterImport">): RosterImportRow {
  const { report, ...rest } = i;
  const confirm = [
    report.confirmationCount > 0 ? (
      <ConfirmAccounts key="accounts" count={report.confirmationCount} id={`confirm-${i.rosterImportId}`} where="listed in its report" />
    ) : null,
    report.massDeactivations.length > 0 ? (
      <ConfirmDeactivations key="deactivations" list={report.massDeactivations} id={`confirm-deactivations-${i.rosterImportId}`} />
    ) : null,
  ].filter(Boolean);
  return {
    ...rest,
    confirmHtml: i.status === "staged" && confirm.length > 0 ? renderToStaticMarkup(<>{confirm}</>) : "",
    reportHtml: renderToStaticMarkup(
      <details>
        <summary>{report.errorCount > 0 ? `${report.errorCount} rejected rows` : report.message ? "Refused" : "Counts"}</summary>
        <RosterReport report={report} caption={`Report of ${i.fileName}`} idPrefix={`import-${i.rosterImportId}`} />
      </details>,
    ),
  };
}

/** An Undo's preview (?undo=) as the district page sends it: its words as HTML (UndoSummary), as the reports are. */
export function rosterUndoView(undo: ApiSchema<"RosterUndoPreview">): RosterUndoView {
  return { rosterImportId: undo.rosterImportId, undoable: undo.undoable, html: renderToStaticMarkup(<UndoSummary undo={undo} />) };
}

/**
 * The Reports tab's tables as the page sends them (reportView). Called here, not in the route
 * module: the browser loads CompletionReport with the Reports tab only, and a route module naming
 * it, even for its loader alone, would bring it to every tab.
 */
export const reportTables = reportView;
