import { STUDENT_GRADE_VALUES } from "./grades";
import type { Counts, UnitCounts } from "./report-rows";

// The completion report built from set-based counts (issue 15): the database counts started and
// finished students by school, school and grade, and classroom, a GROUP BY per school
// (completionCountRows); this turns those rows into the report's answers. Pure: no I/O.
//
// A unit without students has no count row, so every school and classroom the district lists
// gets zeros unless a row says otherwise. The only figures added up here are the district's
// grades, from its schools' grades: a student belongs to one school, so the sums are counts.

export type CountRow = {
  level: "school" | "school_grade" | "classroom" | "grade";
  organization_unit_id: string | null;
  participant_group_id: string | null;
  grade: string | null;
  total: number;
  started: number;
  finished: number;
};
export type SchoolRef = { organization_unit_id: string; name: string };
export type ClassroomRef = { participant_group_id: string; name: string; organization_unit_id: string };

export type SummaryCounts = Counts;
export type SchoolSummary = Counts & { organizationUnitId: string; name: string };
export type ClassroomSummary = Counts & { participantGroupId: string; name: string };
export type GradeSummary = Counts & { grade: string };

/** Schools on one page of the summary: bounded, however many the district has. */
export const SCHOOLS_PAGE_SIZE = 50;

const zero = (): Counts => ({ total: 0, started: 0, finished: 0 });
const countsOf = (r: CountRow | undefined): Counts =>
  r ? { total: Number(r.total), started: Number(r.started), finished: Number(r.finished) } : zero();

const gradeOrder = (g: string) => {
  const i = (STUDENT_GRADE_VALUES as readonly string[]).indexOf(g);
  return i === -1 ? STUDENT_GRADE_VALUES.length : i;
};
const byGrade = (rows: readonly CountRow[]): GradeSummary[] =>
  rows
    .filter((r) => r.grade !== null)
    .map((r) => ({ grade: r.grade as string, ...countsOf(r) }))
    .sort((a, b) => gradeOrder(a.grade) - gradeOrder(b.grade) || a.grade.localeCompare(b.grade));

/** The district's rows by grade ('grade' level): the sums of its schools' 'school_grade' rows, in first-seen order. */
export function districtGradeRows(rows: readonly CountRow[]): CountRow[] {
  const grades = new Map<string, CountRow>();
  for (const r of rows) {
    if (r.level !== "school_grade" || r.grade === null) continue;
    const sum = grades.get(r.grade) ?? {
      level: "grade",
      organization_unit_id: null,
      participant_group_id: null,
      grade: r.grade,
      total: 0,
      started: 0,
      finished: 0,
    };
    sum.total += Number(r.total);
    sum.started += Number(r.started);
    sum.finished += Number(r.finished);
    grades.set(r.grade, sum);
  }
  return [...grades.values()];
}

/** The count rows indexed by level and id, for look-ups by school, classroom and grade. */
export function indexCounts(rows: readonly CountRow[]) {
  const school = new Map<string, CountRow>();
  const classroom = new Map<string, CountRow>();
  const schoolGrades = new Map<string, CountRow[]>();
  const grades: CountRow[] = [];
  for (const r of rows) {
    if (r.level === "school" && r.organization_unit_id) school.set(r.organization_unit_id, r);
    else if (r.level === "classroom" && r.participant_group_id) classroom.set(r.participant_group_id, r);
    else if (r.level === "school_grade" && r.organization_unit_id)
      schoolGrades.set(r.organization_unit_id, [...(schoolGrades.get(r.organization_unit_id) ?? []), r]);
    else if (r.level === "grade") grades.push(r);
  }
  return { school, classroom, schoolGrades, grades };
}
export type CountIndex = ReturnType<typeof indexCounts>;

/**
 * POST /report/students-complete's shape (spec 000 §3) from the counts: every school and every
 * live classroom of it with its numbers (zeros when empty), grades in the grade list's order.
 */
export function studentsCompleteOf(index: CountIndex, schools: readonly SchoolRef[], classrooms: readonly ClassroomRef[]) {
  const finishedByOrgUnit: Record<string, UnitCounts> = {};
  for (const s of schools)
    finishedByOrgUnit[s.organization_unit_id] = { ...countsOf(index.school.get(s.organization_unit_id)), participantGroups: {} };
  for (const g of classrooms) {
    const unit = finishedByOrgUnit[g.organization_unit_id];
    if (unit) unit.participantGroups[g.participant_group_id] = countsOf(index.classroom.get(g.participant_group_id));
  }
  return {
    finishedByOrgUnit,
    finishedByGrade: Object.fromEntries(byGrade(index.grades).map(({ grade, ...c }) => [grade, c])),
    key: {
      orgUnits: Object.fromEntries(schools.map((s) => [s.organization_unit_id, s.name])),
      participantGroups: Object.fromEntries(classrooms.map((g) => [g.participant_group_id, g.name])),
    },
  };
}

/** The page of schools holding `page` (1-based, clamped into range). */
export function schoolsPage(index: CountIndex, schools: readonly SchoolRef[], page: number, pageSize = SCHOOLS_PAGE_SIZE) {
  const pageCount = Math.max(1, Math.ceil(schools.length / pageSize));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pageCount);
  return {
    page: current,
    pageCount,
    pageSize,
    total: schools.length,
    items: schools.slice((current - 1) * pageSize, current * pageSize).map((s): SchoolSummary => ({
      organizationUnitId: s.organization_unit_id,
      name: s.name,
      ...countsOf(index.school.get(s.organization_unit_id)),
    })),
  };
}

/** One school's drill-down: its numbers, each live classroom's (zeros when empty) and its grades'. */
export function schoolDetail(index: CountIndex, school: SchoolRef, classrooms: readonly ClassroomRef[]) {
  return {
    organizationUnitId: school.organization_unit_id,
    name: school.name,
    ...countsOf(index.school.get(school.organization_unit_id)),
    classrooms: classrooms
      .filter((g) => g.organization_unit_id === school.organization_unit_id)
      .map((g): ClassroomSummary => ({
        participantGroupId: g.participant_group_id,
        name: g.name,
        ...countsOf(index.classroom.get(g.participant_group_id)),
      })),
    grades: byGrade(index.schoolGrades.get(school.organization_unit_id) ?? []),
  };
}

/** The district's grades, in the grade list's order (unknown grades last). */
export const districtGrades = (index: CountIndex): GradeSummary[] => byGrade(index.grades);
