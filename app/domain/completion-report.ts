import { gradeLabel } from "./grades";
import { percentage } from "./percent";

// The district's completion report (spec 000 §4) as the Reports tab shows it (issue 15): one row
// per school of the page, each a link to that school's classrooms and grades, and the district's
// grades. Built on the server from the API's summary (GET /report/completion/{id}), so the page
// sends rows ready to render and never grows with the students. Pure: no I/O.

type Counts = { total: number; started: number; finished: number };

/** The API's completion summary, as far as the tables read it. */
export type CompletionSummaryInput = {
  timePeriod: string;
  schools: { page: number; pageCount: number; total: number; items: (Counts & { organizationUnitId: string; name: string })[] };
  grades: (Counts & { grade: string })[];
  school:
    | null
    | (Counts & {
        organizationUnitId: string;
        name: string;
        classrooms: (Counts & { participantGroupId: string; name: string })[];
        grades: (Counts & { grade: string })[];
      });
};

/** One row's numbers, in the table's column order: students, started, started %, finished, finished %. */
export type CountsRow = { id: string; name: string; href?: string; counts: [number, number, string, number, string] };

export type CompletionTables = {
  schools: CountsRow[];
  /** Links to the other pages of schools (50 a page), when there are several. */
  pages: { page: number; pageCount: number; previous: string | null; next: string | null };
  grades: CountsRow[];
  school: null | { id: string; name: string; counts: CountsRow["counts"]; classrooms: CountsRow[]; grades: CountsRow[]; close: string };
};

const countsOf = (c: Counts): CountsRow["counts"] => [
  c.total,
  c.started,
  `${percentage(c.started, c.total)}%`,
  c.finished,
  `${percentage(c.finished, c.total)}%`,
];

/** The Reports tab's URL for a period, a page of schools and an open school (`?tab=reports&period=…`). */
export function reportSearch(period: string, page: number, schoolId?: string): string {
  const params = new URLSearchParams({ tab: "reports", period });
  if (page > 1) params.set("reportPage", String(page));
  if (schoolId) params.set("school", schoolId);
  return `?${params.toString()}`;
}

const gradeRows = (grades: CompletionSummaryInput["grades"]): CountsRow[] =>
  grades.map((g) => ({ id: g.grade, name: gradeLabel(g.grade), counts: countsOf(g) }));

/** Rows of the tab: schools in the API's order (by name) linking to their drill-down, grades in the API's order. */
export function completionTables(summary: CompletionSummaryInput): CompletionTables {
  const { page, pageCount } = summary.schools;
  const period = summary.timePeriod;
  return {
    schools: summary.schools.items.map((s) => ({
      id: s.organizationUnitId,
      name: s.name,
      href: `${reportSearch(period, page, s.organizationUnitId)}#report-school`,
      counts: countsOf(s),
    })),
    pages: {
      page,
      pageCount,
      previous: page > 1 ? reportSearch(period, page - 1) : null,
      next: page < pageCount ? reportSearch(period, page + 1) : null,
    },
    grades: gradeRows(summary.grades),
    school: summary.school
      ? {
          id: summary.school.organizationUnitId,
          name: summary.school.name,
          counts: countsOf(summary.school),
          classrooms: summary.school.classrooms.map((g) => ({ id: g.participantGroupId, name: g.name, counts: countsOf(g) })),
          grades: gradeRows(summary.school.grades),
          close: reportSearch(period, page),
        }
      : null,
  };
}
