import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { gradeLabel, STUDENT_GRADE_VALUES } from "#app/domain/grades";
import { percentage } from "#app/domain/percent";
import { PERIOD_LABELS, PERIODS, type Period } from "#app/domain/periods";
import { sortByName } from "#app/domain/sort";
import type { ApiSchema } from "#app/lib/api.server";
import { Cell, DataTable, EmptyState, NameCell } from "../DataTable";
import { ErrorAlert } from "../ErrorAlert";

type Report = ApiSchema<"CompletionReport">;
type Counts = Report["finishedByGrade"][string];

const REPORT_REFRESH_TEXT = "The report CSV is refreshed every 24 hours.";
const NO_RESULTS = "No results!";

/**
 * The district's Reports tab (spec 000 §4): a period picker (a GET form, so it works without
 * JavaScript and the period stays in the URL) and how many students started and finished
 * screening, by school, by classroom and by grade.
 */
export function CompletionReport({ period, report, error }: { period: Period; report: Report | null; error: string | null }) {
  return (
    <div>
      <Form method="get" className="period-form" preventScrollReset>
        <input type="hidden" name="tab" value="reports" />
        <div className="field">
          <label htmlFor="report-period">Period</label>
          <select id="report-period" name="period" defaultValue={period}>
            {PERIODS.map((p) => (
              <option key={p} value={p}>
                {PERIOD_LABELS[p]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button">
          Show
        </button>
      </Form>
      <p className="report-note muted">{REPORT_REFRESH_TEXT}</p>
      <ErrorAlert message={error} />
      {report ? <ReportTables report={report} /> : null}
    </div>
  );
}

const gradeOrder = (grade: string) => (STUDENT_GRADE_VALUES as readonly string[]).indexOf(grade);

function ReportTables({ report }: { report: Report }) {
  const schoolName = (id: string) => report.key.orgUnits[id] ?? id;
  const classroomName = (id: string) => report.key.participantGroups[id] ?? id;
  const schools = sortByName(Object.entries(report.finishedByOrgUnit), ([id]) => schoolName(id));
  const classrooms = schools.flatMap(([schoolId, s]) =>
    sortByName(Object.entries(s.participantGroups), ([id]) => classroomName(id)).map(([id, c]) => ({ id, schoolId, c })),
  );
  const grades = Object.entries(report.finishedByGrade).sort(([a], [b]) => gradeOrder(a) - gradeOrder(b));
  return (
    <>
      <ReportSection id="by-school" title="Completion by school" firstHeader="School" empty={schools.length === 0}>
        {schools.map(([id, c]) => (
          <tr key={id}>
            <NameCell text={schoolName(id)} />
            <CountCells c={c} />
          </tr>
        ))}
      </ReportSection>
      <ReportSection
        id="by-classroom"
        title="Completion by classroom"
        firstHeader="Classroom"
        extraHeader="School"
        empty={classrooms.length === 0}
      >
        {classrooms.map(({ id, schoolId, c }) => (
          <tr key={id}>
            <NameCell text={classroomName(id)} />
            <Cell text={schoolName(schoolId)} />
            <CountCells c={c} />
          </tr>
        ))}
      </ReportSection>
      <ReportSection id="by-grade" title="Completion by grade" firstHeader="Grade" empty={grades.length === 0}>
        {grades.map(([grade, c]) => (
          <tr key={grade}>
            <th scope="row">{gradeLabel(grade)}</th>
            <CountCells c={c} />
          </tr>
        ))}
      </ReportSection>
    </>
  );
}

/** One report table under its heading (its caption is the heading), or 'No results!'. */
function ReportSection({
  id,
  title,
  firstHeader,
  extraHeader,
  empty,
  children,
}: {
  id: string;
  title: string;
  firstHeader: string;
  extraHeader?: string;
  empty: boolean;
  children: ReactNode;
}) {
  return (
    <section className="report-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {empty ? (
        <EmptyState>{NO_RESULTS}</EmptyState>
      ) : (
        <DataTable caption={title}>
          <thead>
            <tr>
              <th scope="col">{firstHeader}</th>
              {extraHeader ? <th scope="col">{extraHeader}</th> : null}
              {COUNT_HEADERS.map((h) => (
                <th key={h} scope="col" className="num">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </DataTable>
      )}
    </section>
  );
}

const COUNT_HEADERS = ["Students", "Started", "Started %", "Finished", "Finished %"] as const;

function CountCells({ c }: { c: Counts }) {
  return (
    <>
      <td className="num">{c.total}</td>
      <td className="num">{c.started}</td>
      <td className="num">{percentage(c.started, c.total)}%</td>
      <td className="num">{c.finished}</td>
      <td className="num">{percentage(c.finished, c.total)}%</td>
    </>
  );
}
