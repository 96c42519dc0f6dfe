import { gradeLabel, STUDENT_GRADE_VALUES } from "./grades";
import { percentage } from "./percent";
import { sortByName } from "./sort";

// The district's completion report (spec 000 §4) as the Reports tab shows it: one row per
// school, per classroom (with its school) and per grade, each with the students, how many
// started and finished screening, and the two percentages. Built on the server, so the page
// sends rows ready to render. Pure: no I/O.

type Counts = { total: number; started: number; finished: number };

/** The API's completion report (POST /report/students-complete), as far as the tables read it. */
export type CompletionReportInput = {
  finishedByOrgUnit: Record<string, Counts & { participantGroups: Record<string, Counts> }>;
  finishedByGrade: Record<string, Counts>;
  key: { orgUnits: Record<string, string>; participantGroups: Record<string, string> };
};

/** One row's numbers, in the table's column order: students, started, started %, finished, finished %. */
export type CountsRow = { id: string; name: string; counts: [number, number, string, number, string] };

export type CompletionTables = {
  schools: CountsRow[];
  classrooms: (CountsRow & { school: string })[];
  grades: CountsRow[];
};

const countsOf = (c: Counts): CountsRow["counts"] => [
  c.total,
  c.started,
  `${percentage(c.started, c.total)}%`,
  c.finished,
  `${percentage(c.finished, c.total)}%`,
];

const gradeOrder = (grade: string) => (STUDENT_GRADE_VALUES as readonly string[]).indexOf(grade);

/** Schools and classrooms by name (classrooms grouped by school), grades in grade order; an unknown id shows as itself. */
export function completionTables(report: CompletionReportInput): CompletionTables {
  const schoolName = (id: string) => report.key.orgUnits[id] ?? id;
  const classroomName = (id: string) => report.key.participantGroups[id] ?? id;
  const schools = sortByName(Object.entries(report.finishedByOrgUnit), ([id]) => schoolName(id));
  return {
    schools: schools.map(([id, c]) => ({ id, name: schoolName(id), counts: countsOf(c) })),
    classrooms: schools.flatMap(([schoolId, s]) =>
      sortByName(Object.entries(s.participantGroups), ([id]) => classroomName(id)).map(([id, c]) => ({
        id,
        name: classroomName(id),
        school: schoolName(schoolId),
        counts: countsOf(c),
      })),
    ),
    grades: Object.entries(report.finishedByGrade)
      .sort(([a], [b]) => gradeOrder(a) - gradeOrder(b))
      .map(([grade, c]) => ({ id: grade, name: gradeLabel(grade), counts: countsOf(c) })),
  };
}
