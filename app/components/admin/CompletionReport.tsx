import { Form, Link } from "@remix-run/react";
import type { CompletionTables, CountsRow } from "#app/domain/completion-report";
import { DataTable, EmptyState, NameCell } from "../DataTable";
// From the page kit, so a district tab that loads this on its own shares the pages' one chunk (app/components/page-kit.ts).
import { ErrorAlert } from "#app/components/page-kit";
import { SelectField, type Option } from "../FormField";
import { StreamedDownload } from "./StreamedDownload";

const REPORT_REFRESH_TEXT = "The report CSV is refreshed every 24 hours.";
const NO_RESULTS = "No results!";
const COUNT_HEADERS = ["Students", "Started", "Started %", "Finished", "Finished %"] as const;

/** A report table's rows in the page's data: their count and one JSON string of CountsRow tuples (packRows). */
export type PackedRows = { count: number; json: string };
type RowTuple = [name: string, href: string | null, ...counts: CountsRow["counts"]];

/** The tables as the page sends them (reportView). */
export type ReportView = Omit<CompletionTables, "schools" | "grades" | "school"> & {
  schools: PackedRows;
  grades: PackedRows;
  school: null | (Omit<NonNullable<CompletionTables["school"]>, "classrooms" | "grades"> & { classrooms: PackedRows; grades: PackedRows });
};

const packRows = (rows: readonly CountsRow[]): PackedRows => ({
  count: rows.length,
  json: JSON.stringify(rows.map((r): RowTuple => [r.name, r.href ?? null, ...r.counts])),
});

/**
 * The report's tables as the loader sends them: a table's rows are one string of tuples. Remix
 * serialises a page's data value by value (turbo-stream), and a school row as objects was nine
 * values: 0.16 ms a request for 2 schools, 0.37 ms for 40 (PostgreSQL 20k profile, 2026-11-27).
 * The rows as HTML instead made the page's data as heavy as its table (31 → 82 KB of page).
 */
export function reportView(tables: CompletionTables): ReportView {
  return {
    ...tables,
    schools: packRows(tables.schools),
    grades: packRows(tables.grades),
    school: tables.school && { ...tables.school, classrooms: packRows(tables.school.classrooms), grades: packRows(tables.school.grades) },
  };
}

/** The rows: a name linking to its drill-down, or a grade as plain text, then the counts. */
function ReportRows({ rows, plainName }: { rows: PackedRows; plainName: boolean }) {
  return (
    <tbody>
      {(JSON.parse(rows.json) as RowTuple[]).map(([name, href, ...counts], i) => (
        <tr key={i}>
          {plainName ? <th scope="row">{name}</th> : <NameCell text={name} href={href ?? undefined} />}
          {counts.map((value, k) => (
            <td key={k} className="num">
              {value}
            </td>
          ))}
        </tr>
      ))}
    </tbody>
  );
}

/**
 * The district's Reports tab (spec 000 §4, issue 15): a period picker (a GET form, so it works
 * without JavaScript and the period stays in the URL), one row per school (50 a page) whose name
 * opens that school's classrooms and grades (?school=, a plain link), the district's grades, and
 * the report's detail as a streamed CSV, one row per student. The page holds a row per school,
 * never per student or classroom of the district.
 */
export function CompletionReport({
  districtId,
  period,
  periods,
  tables,
  error,
}: {
  districtId: string;
  period: string;
  periods: readonly Option[];
  tables: ReportView | null;
  error: string | null;
}) {
  return (
    <div className="completion-report">
      {/* The select always shows the period of the table, which is the URL's: keyed on it, it starts
          over from the URL after Back and Forward (a kept select would show the last choice), and
          autocomplete="off" stops the browser restoring an older choice into a page without JavaScript. */}
      <Form method="get" className="period-form" preventScrollReset autoComplete="off">
        <input type="hidden" name="tab" value="reports" />
        {tables?.school ? <input type="hidden" name="school" value={tables.school.id} /> : null}
        <SelectField key={period} name="period" label="Period" options={periods} defaultValue={period} placeholder={null} />
        <button type="submit" className="button">
          Show
        </button>
      </Form>
      <p className="report-note muted">{REPORT_REFRESH_TEXT}</p>
      <div className="report-download">
        <StreamedDownload href={`/download/completion/${districtId}?period=${period}`}>Download Completion CSV</StreamedDownload>
      </div>
      <ErrorAlert message={error} />
      {tables ? (
        <>
          <ReportSection id="by-school" title="Completion by school" header="School" rows={tables.schools} />
          {tables.pages.pageCount > 1 ? (
            <nav className="report-pages" aria-label="Pages of schools">
              {tables.pages.previous ? (
                <Link to={tables.pages.previous} preventScrollReset>
                  Previous schools
                </Link>
              ) : null}
              <span>
                Page {tables.pages.page} of {tables.pages.pageCount}
              </span>
              {tables.pages.next ? (
                <Link to={tables.pages.next} preventScrollReset>
                  Next schools
                </Link>
              ) : null}
            </nav>
          ) : null}
          {tables.school ? (
            <section className="report-school" id="report-school" aria-labelledby="report-school-title">
              <h2 id="report-school-title">{tables.school.name}</h2>
              <p className="report-school__totals">
                {tables.school.counts[0]} students: {tables.school.counts[1]} started ({tables.school.counts[2]}), {tables.school.counts[3]}{" "}
                finished ({tables.school.counts[4]}).{" "}
                <Link to={tables.school.close} preventScrollReset>
                  Close {tables.school.name}
                </Link>
              </p>
              <ReportSection
                id="school-by-classroom"
                title={`Completion by classroom in ${tables.school.name}`}
                header="Classroom"
                rows={tables.school.classrooms}
                level={3}
              />
              <ReportSection
                id="school-by-grade"
                title={`Completion by grade in ${tables.school.name}`}
                header="Grade"
                rows={tables.school.grades}
                plainName
                level={3}
              />
            </section>
          ) : null}
          <ReportSection id="by-grade" title="Completion by grade" header="Grade" rows={tables.grades} plainName />
        </>
      ) : null}
    </div>
  );
}

/** One report table under its heading (the caption repeats it), or 'No results!'. */
function ReportSection({
  id,
  title,
  header,
  rows,
  plainName = false,
  level = 2,
}: {
  id: string;
  title: string;
  header: string;
  rows: PackedRows;
  /** A grade is a short label: a plain row header, not a capped name cell. */
  plainName?: boolean;
  level?: 2 | 3;
}) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <section className="report-section" aria-labelledby={id}>
      <Heading id={id}>{title}</Heading>
      {rows.count === 0 ? (
        <EmptyState>{NO_RESULTS}</EmptyState>
      ) : (
        <DataTable caption={title}>
          <thead>
            <tr>
              <th scope="col">{header}</th>
              {COUNT_HEADERS.map((h) => (
                <th key={h} scope="col" className="num">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <ReportRows rows={rows} plainName={plainName} />
        </DataTable>
      )}
    </section>
  );
}
