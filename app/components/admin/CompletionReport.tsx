import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import type { CompletionTables, CountsRow } from "#app/domain/completion-report";
import { Cell, DataTable, EmptyState, NameCell } from "../DataTable";
import { ErrorAlert } from "../ErrorAlert";
import { SelectField, type Option } from "../FormField";

const REPORT_REFRESH_TEXT = "The report CSV is refreshed every 24 hours.";
const NO_RESULTS = "No results!";
const COUNT_HEADERS = ["Students", "Started", "Started %", "Finished", "Finished %"] as const;

/**
 * The district's Reports tab (spec 000 §4): a period picker (a GET form, so it works without
 * JavaScript and the period stays in the URL) and how many students started and finished
 * screening, by school, by classroom and by grade (rows built by the loader: completionTables).
 */
export function CompletionReport({
  period,
  periods,
  tables,
  error,
}: {
  period: string;
  periods: readonly Option[];
  tables: CompletionTables | null;
  error: string | null;
}) {
  return (
    <div>
      {/* The select always shows the period of the table, which is the URL's: keyed on it, it starts
          over from the URL after Back and Forward (a kept select would show the last choice), and
          autocomplete="off" stops the browser restoring an older choice into a page without JavaScript. */}
      <Form method="get" className="period-form" preventScrollReset autoComplete="off">
        <input type="hidden" name="tab" value="reports" />
        <SelectField key={period} name="period" label="Period" options={periods} defaultValue={period} placeholder={null} />
        <button type="submit" className="button">
          Show
        </button>
      </Form>
      <p className="report-note muted">{REPORT_REFRESH_TEXT}</p>
      <ErrorAlert message={error} />
      {tables ? (
        <>
          <ReportSection id="by-school" title="Completion by school" headers={["School"]} rows={tables.schools} />
          <ReportSection id="by-classroom" title="Completion by classroom" headers={["Classroom", "School"]} rows={tables.classrooms}>
            {(row) => <Cell text={row.school} />}
          </ReportSection>
          <ReportSection id="by-grade" title="Completion by grade" headers={["Grade"]} rows={tables.grades} plainName />
        </>
      ) : null}
    </div>
  );
}

/** One report table under its heading (the caption repeats it), or 'No results!'. */
function ReportSection<R extends CountsRow>({
  id,
  title,
  headers,
  rows,
  plainName = false,
  children,
}: {
  id: string;
  title: string;
  headers: readonly string[];
  rows: readonly R[];
  /** A grade is a short label: a plain row header, not a capped name cell. */
  plainName?: boolean;
  /** Cells between the name and the counts. */
  children?: (row: R) => ReactNode;
}) {
  return (
    <section className="report-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {rows.length === 0 ? (
        <EmptyState>{NO_RESULTS}</EmptyState>
      ) : (
        <DataTable caption={title}>
          <thead>
            <tr>
              {headers.map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
              {COUNT_HEADERS.map((h) => (
                <th key={h} scope="col" className="num">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                {plainName ? <th scope="row">{row.name}</th> : <NameCell text={row.name} />}
                {children?.(row)}
                {row.counts.map((value, i) => (
                  <td key={COUNT_HEADERS[i]} className="num">
                    {value}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </section>
  );
}
