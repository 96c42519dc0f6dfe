import { nameKey } from "./admin-forms";
import type { Roster, RowError, Skipped } from "./oneroster";
import { MAX_READ_ERRORS, NO_LEFT_ALONE, ONEROSTER_FILES } from "./oneroster-files";
import type { CurrentState, CurrentStudent } from "./oneroster-plan";

// Records a district made by hand, met by its first import (issue 35 item 6: a district that had
// made 'Cedar Elementary' and Elena Adams, Student ID 1234, got a second of each). A file row whose
// sourcedId the district does not know is matched to a live record without a sourcedId: a school by
// name in the district, a classroom by name in its school, a student by Student ID in the district
// (the district's student number: OneRoster's users.identifier), else by name and birth date. A
// match is adopted (it takes the sourcedId and the file's fields) once an admin confirms it; a row
// that could be more than one record is skipped, never guessed. Names follow the forms' rule (case
// and spacing do not count): an import never leaves two live schools of a district, or two live
// classrooms of a school, with one name, so a row that would is skipped. Skipped rows are row
// problems (issue 35): listed, their records left as they are, and what depends on them skipped too.

export interface HandMadeSchool {
  id: string;
  name: string;
}
export interface HandMadeClassroom {
  id: string;
  name: string;
  schoolId: string;
}
/** A live student made by hand: a roster student's fields, without a sourcedId. */
export type HandMadeStudent = Omit<CurrentStudent, "sourcedId" | "active">;
/** The district's live records without a sourcedId. */
export interface HandMade {
  schools: HandMadeSchool[];
  classrooms: HandMadeClassroom[];
  students: HandMadeStudent[];
}
export const NO_HAND_MADE: HandMade = { schools: [], classrooms: [], students: [] };

export type StudentMatch = { student: HandMadeStudent; by: "identifier" | "nameAndBirthDate" };

export interface HandMadeMatches {
  /** The roster without the rows skipped here, which are listed in its problems and left alone. */
  roster: Roster;
  skipped: Skipped;
  /** Records made by hand the file's rows adopt, by the row's sourcedId. */
  schools: Map<string, HandMadeSchool>;
  classrooms: Map<string, HandMadeClassroom>;
  students: Map<string, StudentMatch>;
}

/** Student IDs compare trimmed and without case, as people type them. */
export const studentIdKey = (id: string) => id.trim().toLowerCase();
const personKey = (first: string, last: string, birthDate: string) => `${nameKey(first)}\u0000${nameKey(last)}\u0000${birthDate}`;

const group = <T>(items: readonly T[], key: (item: T) => string | null) => {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k !== null) out.set(k, [...(out.get(k) ?? []), item]);
  }
  return out;
};

const at = (file: string, line: number | undefined) => (line ? `${file} line ${line}` : file);

interface NamedRow {
  sourcedId: string;
  line?: number;
  name: string;
  status: "active" | "tobedeleted";
}
interface Rostered {
  id: string;
  sourcedId: string;
  name: string;
  active: boolean;
}

/**
 * Schools or classrooms: which active rows adopt a record made by hand (same name in the same
 * scope), and which are skipped because the name would be held twice. `scopeOf` is the row's
 * district or school; a rostered record's scope is given with it; `freed` says whether the plan
 * deactivates a rostered record that no active row keeps.
 */
function byName<R extends NamedRow, H extends { id: string; name: string }>(opts: {
  rows: readonly R[];
  skip: (row: R, column: string, reason: string) => void;
  column: string;
  file: string;
  /** 'school' or 'classroom'. */
  noun: string;
  /** Why two may not share a name, as the reason says it. */
  rule: string;
  /** Where the name must be unique, for a reason: 'this district', "'Cedar Elementary'". */
  scopeName: (scope: string) => string;
  scopeOf: (row: R) => string;
  rostered: readonly (Rostered & { scope: string })[];
  freed: (record: Rostered) => boolean;
  handMade: readonly (H & { scope: string })[];
}): Map<string, H> {
  const { skip, column, file, noun, rule } = opts;
  const keyOf = (scope: string, name: string) => `${scope}\u0000${nameKey(name)}`;
  const rowKey = (row: R) => keyOf(opts.scopeOf(row), row.name);
  const rostered = new Map(opts.rostered.map((r) => [r.sourcedId, r]));
  const candidates = group(opts.handMade, (h) => keyOf(h.scope, h.name));
  const adopted = new Map<string, H>();
  const claimedBy = new Map<string, R>();
  const live = opts.rows.filter((r) => r.status === "active");
  const settled = new Set<string>();
  const sameName = (row: R, other: string) =>
    `${other} has the same name in ${opts.scopeName(opts.scopeOf(row))}: this row is skipped, as ${rule}`;
  for (const row of live) {
    if (rostered.has(row.sourcedId)) continue;
    const [match, ...others] = candidates.get(rowKey(row)) ?? [];
    if (!match) continue;
    settled.add(row.sourcedId);
    const first = others.length === 0 ? claimedBy.get(match.id) : undefined;
    if (others.length > 0) {
      skip(
        row,
        column,
        `matches more than one ${noun} made by hand with this name in ${opts.scopeName(opts.scopeOf(row))}: this row is skipped, ` +
          `as the import cannot tell which one it is; give them different names, then upload the file again`,
      );
    } else if (first) {
      skip(row, column, sameName(row, at(file, first.line)));
    } else {
      claimedBy.set(match.id, row);
      adopted.set(row.sourcedId, match);
    }
  }

  // The names held after the plan: records made by hand it does not adopt and rostered records it
  // neither keeps nor deactivates; then the file's rows take theirs — first those whose record
  // already has the name, then renames, then new records — each skipped when its name is held.
  type Holder = { record: string } | { row: R };
  const holders = new Map<string, Holder>();
  const taken = new Set([...adopted.values()].map((h) => h.id));
  for (const h of opts.handMade) if (!taken.has(h.id)) holders.set(keyOf(h.scope, h.name), { record: "made by hand" });
  const inFile = new Set(live.map((r) => r.sourcedId));
  const keepsName = (r: Rostered & { scope: string }) => holders.set(keyOf(r.scope, r.name), { record: `sourcedId '${r.sourcedId}'` });
  for (const r of opts.rostered) if (r.active && !inFile.has(r.sourcedId) && !opts.freed(r)) keepsName(r);
  const pending = live.filter((r) => !settled.has(r.sourcedId) || adopted.has(r.sourcedId));
  const keeps = (r: R) => {
    const had = rostered.get(r.sourcedId);
    return adopted.has(r.sourcedId) || (had !== undefined && keyOf(had.scope, had.name) === rowKey(r));
  };
  const order = [
    ...pending.filter(keeps),
    ...pending.filter((r) => !keeps(r) && rostered.has(r.sourcedId)),
    ...pending.filter((r) => !keeps(r) && !rostered.has(r.sourcedId)),
  ];
  for (const row of order) {
    const holder = holders.get(rowKey(row));
    if (holder === undefined) {
      holders.set(rowKey(row), { row });
      continue;
    }
    skip(
      row,
      column,
      "record" in holder
        ? `a ${noun} named '${row.name}' already exists in ${opts.scopeName(opts.scopeOf(row))} (${holder.record}): this row is skipped, as ${rule}`
        : sameName(row, at(file, holder.row.line)),
    );
    adopted.delete(row.sourcedId);
    // The record the row would have renamed keeps its name.
    const had = rostered.get(row.sourcedId);
    if (had?.active) keepsName(had);
  }
  return adopted;
}

/**
 * Matches the file's rows to the district's records made by hand, and skips the rows that cannot be
 * matched or placed without a guess or a duplicate name (with what depends on them).
 */
export function matchHandMade(roster: Roster, skipped: Skipped, current: CurrentState): HandMadeMatches {
  const hand = current.handMade ?? NO_HAND_MADE;
  const leftAlone = roster.leftAlone ?? NO_LEFT_ALONE;
  const unidentified = new Set(leftAlone.unidentified);
  const problems: RowError[] = [];
  const out = {
    schools: new Set<string>(),
    classrooms: new Set<string>(),
    students: new Set<string>(),
  };
  const skipper = (kind: keyof typeof out, file: string) => (row: { sourcedId: string; line?: number }, column: string, reason: string) => {
    if (out[kind].has(row.sourcedId)) return;
    out[kind].add(row.sourcedId);
    problems.push({ file, line: row.line ?? 0, column, reason });
  };
  const skipSchool = skipper("schools", ONEROSTER_FILES.orgs);
  const skipClass = skipper("classrooms", ONEROSTER_FILES.classes);
  const skipStudent = skipper("students", ONEROSTER_FILES.users);
  /** Whether a bulk file (or a tobedeleted row) deactivates a rostered record the file does not keep. */
  const freedBy = (kind: "schools" | "classrooms", rows: readonly NamedRow[], alone: readonly string[]) => {
    const tobedeleted = new Set(rows.filter((r) => r.status === "tobedeleted").map((r) => r.sourcedId));
    const kept = new Set([...alone, ...rows.map((r) => r.sourcedId)]);
    const bulk = roster.bulk[kind] && !unidentified.has(kind);
    return (r: Rostered) => tobedeleted.has(r.sourcedId) || (bulk && !kept.has(r.sourcedId));
  };

  // Schools, by name in the district.
  const fileSchoolName = new Map(roster.schools.map((s) => [s.sourcedId, s.name]));
  const schools = byName({
    rows: roster.schools,
    skip: skipSchool,
    column: "name",
    file: ONEROSTER_FILES.orgs,
    noun: "school",
    rule: "two schools of a district may not share a name",
    scopeName: () => "this district",
    scopeOf: () => "district",
    rostered: current.schools.map((s) => ({ ...s, scope: "district" })),
    freed: freedBy("schools", roster.schools, leftAlone.schools),
    handMade: hand.schools.map((s) => ({ ...s, scope: "district" })),
  });
  const rosteredSchool = new Map(current.schools.map((s) => [s.sourcedId, s]));
  const schoolLine = new Map(roster.schools.map((s) => [s.sourcedId, s.line]));
  /** The school a row's school sourcedId will be: an existing record's id, or the new one's sourcedId. */
  const schoolScope = (sourcedId: string) => rosteredSchool.get(sourcedId)?.id ?? schools.get(sourcedId)?.id ?? `new:${sourcedId}`;
  const schoolSkipped = (sourcedId: string) =>
    `its school '${sourcedId}' (${at(ONEROSTER_FILES.orgs, schoolLine.get(sourcedId))}) is skipped`;

  // What stands under a skipped school is skipped with it.
  for (const c of roster.classrooms)
    if (out.schools.has(c.schoolSourcedId)) skipClass(c, "schoolSourcedId", schoolSkipped(c.schoolSourcedId));
  for (const s of roster.students)
    if (out.schools.has(s.schoolSourcedId)) skipStudent(s, "orgSourcedIds", schoolSkipped(s.schoolSourcedId));

  // Students, by Student ID in the district, else by name and birth date.
  const rosteredStudents = new Set(current.students.map((s) => s.sourcedId));
  const byStudentId = group(hand.students, (h) => (h.identifier ? studentIdKey(h.identifier) : null));
  const byPerson = group(hand.students, (h) => (h.birthDate ? personKey(h.firstName, h.lastName, h.birthDate) : null));
  const students = new Map<string, StudentMatch>();
  const studentClaimedBy = new Map<string, { line?: number }>();
  for (const row of roster.students) {
    if (row.status !== "active" || rosteredStudents.has(row.sourcedId) || out.students.has(row.sourcedId)) continue;
    const idKey = row.identifier ? studentIdKey(row.identifier) : null;
    let found = idKey ? (byStudentId.get(idKey) ?? []) : [];
    let by: StudentMatch["by"] = "identifier";
    if (found.length > 1) {
      skipStudent(
        row,
        "identifier",
        `Student ID '${row.identifier}' matches more than one student made by hand in this district: this row is skipped, as the ` +
          "import cannot tell which one it is; give them different Student IDs, then upload the file again",
      );
      continue;
    }
    if (found.length === 0 && row.birthDate) {
      by = "nameAndBirthDate";
      // A record with another Student ID is another child, whatever the name.
      found = (byPerson.get(personKey(row.firstName, row.lastName, row.birthDate)) ?? []).filter(
        (h) => h.identifier === null || idKey === null || studentIdKey(h.identifier) === idKey,
      );
      if (found.length > 1) {
        skipStudent(
          row,
          "",
          `'${row.firstName} ${row.lastName}', born ${row.birthDate}, matches more than one student made by hand with this name and ` +
            `birth date: this row is skipped, as the import cannot tell which one it is; give ${idKey ? "the right one this row's Student ID" : "each of them and this row a Student ID"}, then upload the file again`,
        );
        continue;
      }
    }
    const [match] = found; // the only one: more than one was skipped above
    if (match) {
      const first = studentClaimedBy.get(match.id);
      if (first) {
        skipStudent(
          row,
          by === "identifier" ? "identifier" : "",
          `matches the same student made by hand as ${at(ONEROSTER_FILES.users, first.line)}: this row is skipped`,
        );
        continue;
      }
      studentClaimedBy.set(match.id, row);
      students.set(row.sourcedId, { student: match, by });
    }
  }

  // A class whose every PK–3 student is skipped is left as it is (as the reader does).
  const activeStudents = new Set(roster.students.filter((s) => s.status === "active").map((s) => s.sourcedId));
  const studentsOf = group(
    roster.enrollments.filter((e) => e.role === "student" && activeStudents.has(e.userSourcedId)),
    (e) => e.classSourcedId,
  );
  for (const c of roster.classrooms) {
    const members = studentsOf.get(c.sourcedId) ?? [];
    if (c.status === "active" && members.length > 0 && members.every((e) => out.students.has(e.userSourcedId)))
      skipClass(c, "", "every PK–3 student of this class is skipped: the class is left as it is");
  }

  // Classrooms, by name in their school.
  const schoolName = new Map([...current.schools.map((s) => [s.id, s.name] as const), ...hand.schools.map((s) => [s.id, s.name] as const)]);
  const classRows = roster.classrooms.filter((c) => !out.classrooms.has(c.sourcedId));
  const classrooms = byName({
    rows: classRows,
    skip: skipClass,
    column: "title",
    file: ONEROSTER_FILES.classes,
    noun: "classroom",
    rule: "two classrooms of a school may not share a name",
    scopeName: (scope) =>
      `'${scope.startsWith("new:") ? (fileSchoolName.get(scope.slice(4)) ?? scope.slice(4)) : (schoolName.get(scope) ?? scope)}'`,
    scopeOf: (c) => schoolScope(c.schoolSourcedId),
    rostered: current.classrooms.map((c) => ({ ...c, scope: c.schoolId })),
    freed: freedBy("classrooms", classRows, [...leftAlone.classrooms, ...out.classrooms]),
    handMade: hand.classrooms.map((c) => ({ ...c, scope: c.schoolId })),
  });

  // Teachers whose every class is skipped are left as they are; enrollments of skipped rows go.
  const teaching = group(
    roster.enrollments.filter((e) => e.role === "teacher"),
    (e) => e.userSourcedId,
  );
  const aloneTeachers = new Set(
    roster.teachers
      .filter((t) => {
        const classes = teaching.get(t.sourcedId) ?? [];
        return classes.length > 0 && classes.every((e) => out.classrooms.has(e.classSourcedId));
      })
      .map((t) => t.sourcedId),
  );
  const skippedCount = out.schools.size + out.classrooms.size + out.students.size;
  if (skippedCount === 0 && aloneTeachers.size === 0) return { roster, skipped, schools, classrooms, students };
  const enrollments = roster.enrollments.filter(
    (e) => !out.classrooms.has(e.classSourcedId) && !out.students.has(e.userSourcedId) && !aloneTeachers.has(e.userSourcedId),
  );
  const before = roster.problems ?? [];
  const problemCounts = { schools: 0, classrooms: 0, teachers: 0, students: 0, enrollments: 0, ...skipped.problems };
  return {
    roster: {
      ...roster,
      schools: roster.schools.filter((s) => !out.schools.has(s.sourcedId)),
      classrooms: roster.classrooms.filter((c) => !out.classrooms.has(c.sourcedId)),
      students: roster.students.filter((s) => !out.students.has(s.sourcedId)),
      teachers: roster.teachers.filter((t) => !aloneTeachers.has(t.sourcedId)),
      enrollments,
      leftAlone: {
        ...leftAlone,
        schools: [...leftAlone.schools, ...out.schools],
        classrooms: [...leftAlone.classrooms, ...out.classrooms],
        users: [...leftAlone.users, ...out.students, ...aloneTeachers],
      },
      problems: [...before, ...problems].slice(0, Math.max(before.length, MAX_READ_ERRORS)),
      problemCount: (roster.problemCount ?? before.length) + problems.length,
    },
    skipped: {
      ...skipped,
      enrollments: skipped.enrollments + roster.enrollments.length - enrollments.length,
      problems: {
        ...problemCounts,
        schools: problemCounts.schools + out.schools.size,
        classrooms: problemCounts.classrooms + out.classrooms.size,
        students: problemCounts.students + out.students.size,
      },
    },
    schools: new Map([...schools].filter(([id]) => !out.schools.has(id))),
    classrooms: new Map([...classrooms].filter(([id]) => !out.classrooms.has(id))),
    students: new Map([...students].filter(([id]) => !out.students.has(id))),
  };
}
