import type { BulkKinds, Roster, RowError, Skipped } from "./oneroster";
import { MAX_READ_ERRORS, NO_LEFT_ALONE, ONEROSTER_FILES } from "./oneroster-files";
import { matchHandMade, type HandMade } from "./roster-hand-made";

// What an upload would change (issue 16): the export read by oneroster.ts against the district's
// current rows, matched on sourcedId. Each kind gets creates, updates (with the changed fields),
// deactivations (soft: a record a bulk file no longer holds, or status=tobedeleted) and a count of
// records that change nothing. Pure: the API loads the current rows and carries the plan out.
// Records named by rows the reader skipped for a problem (`roster.leftAlone`) are left as they are:
// a bulk file does not deactivate them and their memberships stay (issue 35). A student the file
// gives no birth date keeps the one the district has; a new one is created without one. A row the
// district does not know by sourcedId may adopt a record made by hand (roster-hand-made.ts).

export interface CurrentSchool {
  id: string;
  sourcedId: string;
  name: string;
  active: boolean;
}
export interface CurrentClassroom {
  id: string;
  sourcedId: string;
  name: string;
  schoolId: string;
  active: boolean;
}
export interface CurrentTeacher {
  id: string;
  sourcedId: string;
  firstName: string;
  lastName: string;
  email: string;
  active: boolean;
  /** Schools of the district the user is linked to. */
  schoolIds: string[];
  /** Holds an admin role (super, district or school admin): an import never changes such an account. */
  admin: boolean;
  /** Created by an import; false for an account made by hand that an import adopted. */
  rosterCreated: boolean;
}
export interface CurrentStudent {
  id: string;
  sourcedId: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  grade: string;
  /** YYYY-MM-DD, or null: a student taken from a roster without a birth date, for an admin to complete. */
  birthDate: string | null;
  schoolId: string;
  identifier: string | null;
  email: string | null;
  active: boolean;
}
/** A live user holding one of the file's teacher emails (matched when no sourcedId matches). */
export interface UserByEmail {
  id: string;
  email: string;
  sameDistrict: boolean;
  sourcedId: string | null;
  /** Holds an admin role (super, district or school admin). */
  admin: boolean;
  firstName: string;
  lastName: string;
}

export const CONFIRMATION_KINDS = ["adopt", "email", "deactivate", "adoptSchool", "adoptClassroom", "adoptStudent"] as const;
export type ConfirmationKind = (typeof CONFIRMATION_KINDS)[number];

/**
 * A change to an existing record that only a signed-in district admin may make, by confirming it
 * when applying: adopting an account made by hand (matched by e-mail), changing an account's
 * e-mail, deactivating an account the import did not create (issue 33); adopting a school,
 * classroom or student made by hand (issue 35 item 6: it takes the file's sourcedId and fields).
 */
export interface AccountConfirmation {
  kind: ConfirmationKind;
  /** The account, for adopt, email and deactivate; null for a school, classroom or student. */
  userId: string | null;
  /** The account's, school's, classroom's or student's id. */
  recordId: string;
  sourcedId: string;
  /** The row's line (CONFIRMATION_FILES names the file), or null for an account a bulk file deactivates by leaving it out. */
  line: number | null;
  /** The record's name now. */
  name: string;
  /** Accounts: the e-mail the account will have (adopt, email) or has (deactivate); null for other records. */
  email: string | null;
  /** Only for kind "email": the account's e-mail now. */
  previousEmail: string | null;
  /** Records made by hand: what matched them to the row ('Same Student ID (1234)'); null for accounts. */
  matchedBy: string | null;
}

export const CONFIRMATION_LABELS: Readonly<Record<ConfirmationKind, string>> = {
  adopt: "Existing account, made by hand, linked to the roster",
  email: "E-mail changes",
  deactivate: "Account made by hand, deactivated",
  adoptSchool: "School made by hand, linked to the roster",
  adoptClassroom: "Classroom made by hand, linked to the roster",
  adoptStudent: "Student made by hand, linked to the roster",
};

/** The file of a confirmation's row. */
export const CONFIRMATION_FILES: Readonly<Record<ConfirmationKind, string>> = {
  adopt: ONEROSTER_FILES.users,
  email: ONEROSTER_FILES.users,
  deactivate: ONEROSTER_FILES.users,
  adoptSchool: ONEROSTER_FILES.orgs,
  adoptClassroom: ONEROSTER_FILES.classes,
  adoptStudent: ONEROSTER_FILES.users,
};

/** A confirmation as stored in a report made before issue 35 item 6 (accounts only), with the fields it lacks. */
export const fullConfirmation = (
  c: Omit<AccountConfirmation, "recordId" | "matchedBy"> & Partial<AccountConfirmation>,
): AccountConfirmation => ({
  ...c,
  recordId: c.recordId ?? c.userId ?? "",
  matchedBy: c.matchedBy ?? null,
});

/** One key for a set of confirmations: applying refuses when the district's differ from the preview's. */
export const confirmationsKey = (list: readonly AccountConfirmation[]) =>
  list
    .map(fullConfirmation)
    .map((c) => `${c.kind}:${c.recordId}:${c.email === null ? c.sourcedId : c.email.toLowerCase()}`)
    .sort()
    .join("|");

export interface CurrentState {
  schools: CurrentSchool[];
  classrooms: CurrentClassroom[];
  teachers: CurrentTeacher[];
  students: CurrentStudent[];
  /** Students of the district's classrooms (those made by hand too: an import may adopt one). */
  classroomStudents: { classroomId: string; studentId: string }[];
  /** Teachers of the district's classrooms. */
  classroomTeachers: { classroomId: string; userId: string }[];
  usersByEmail: UserByEmail[];
  /** Live schools, classrooms and students without a sourcedId, which a row may adopt; none when absent. */
  handMade?: HandMade;
}

/** A reference to a row: an existing id, or the sourcedId of one this plan creates. */
export type Ref = { id: string } | { sourcedId: string };

export interface Update<F> {
  id: string;
  sourcedId: string;
  /** The fields that change, new values. */
  set: Partial<F>;
  /** Whether the row was inactive and comes back. */
  reactivate: boolean;
}
export interface KindPlan<C, F> {
  create: C[];
  update: Update<F>[];
  deactivate: { id: string; sourcedId: string }[];
  unchanged: number;
  skipped: number;
}

export interface SchoolFields {
  name: string;
  /** A record made by hand that a row adopts takes the row's sourcedId. */
  sourcedId: string;
}
export interface ClassroomFields {
  name: string;
  school: Ref;
  sourcedId: string;
}
export interface TeacherFields {
  firstName: string;
  lastName: string;
  email: string;
  /** Schools of the classes the teacher teaches; applying adds the missing links and keeps the others. */
  schools: Ref[];
  /** A user matched by email takes the file's sourcedId. */
  sourcedId: string;
}
export interface StudentFields {
  firstName: string;
  middleName: string | null;
  lastName: string;
  grade: string;
  birthDate: string | null;
  school: Ref;
  identifier: string | null;
  email: string | null;
  sourcedId: string;
}

export interface MembershipChange {
  classroom: Ref;
  member: Ref;
  role: "student" | "teacher";
}

export interface Plan {
  schools: KindPlan<SchoolFields, SchoolFields>;
  classrooms: KindPlan<ClassroomFields, ClassroomFields>;
  teachers: KindPlan<Omit<TeacherFields, "sourcedId"> & { sourcedId: string }, TeacherFields>;
  students: KindPlan<StudentFields, StudentFields>;
  enrollments: { add: MembershipChange[]; remove: MembershipChange[]; unchanged: number; skipped: number };
  /** Changes to existing accounts and records made by hand a district admin must confirm before the plan is applied. */
  confirmations: AccountConfirmation[];
  /**
   * Rows left alone, with why: rows the reader skipped for a problem (issue 35), then teacher rows
   * whose account holds an admin role.
   */
  notices: RowError[];
  /** Why records were skipped, per kind (the kind's `skipped` is their sum). */
  skippedBy: Record<keyof PlanCounts, SkipReason[]>;
  /** Active students of the file the district will hold without a birth date (new, or still without one). */
  studentsWithoutBirthDate: number;
}

export interface SkipReason {
  reason: string;
  count: number;
}

export interface KindCounts {
  created: number;
  updated: number;
  deactivated: number;
  unchanged: number;
  skipped: number;
  /** Why `skipped` were skipped (issue 35); absent in reports made before. */
  skippedBy?: SkipReason[];
  /** Students only: how many the district holds without a birth date after this upload. */
  withoutBirthDate?: number;
}
export type PlanCounts = Record<"schools" | "classrooms" | "teachers" | "students" | "enrollments", KindCounts>;

export const KIND_LABELS: Readonly<Record<keyof PlanCounts, string>> = {
  schools: "Schools",
  classrooms: "Classrooms",
  teachers: "Teachers",
  students: "Students",
  enrollments: "Enrollments",
};

const emptyKind = <C, F>(): KindPlan<C, F> => ({ create: [], update: [], deactivate: [], unchanged: 0, skipped: 0 });

/** The labels of skip reasons, shown in the report beside each kind's Skipped count. */
export const SKIP_REASONS = {
  otherOrgs: "Not a school (district, department…)",
  classesWithoutStudents: "No PK–3 student",
  teachersWithoutClasses: "Teaches no PK–3 class",
  otherUsers: "Another role (administrator, aide, guardian…)",
  adminAccounts: "An administrator's account, left as it is",
  studentsOutOfGrade: "Grade outside PK–3",
  studentsBlankGrade: "No grade (left as they are)",
  problems: "Row problem (listed below; left as it is)",
  enrollments: "Of a skipped student, teacher or class, or another role",
  tobedeleted: "tobedeleted, and not active here",
} as const;

const sameRefs = (a: Ref[], b: Ref[]) => {
  const key = (r: Ref) => ("id" in r ? `id:${r.id}` : `new:${r.sourcedId}`);
  const x = a.map(key).sort();
  const y = b.map(key).sort();
  return x.length === y.length && x.every((v, i) => v === y[i]);
};

/** Compares the fields of `want` with `have` and returns those that differ. */
function diff<F extends object>(want: F, have: F): Partial<F> {
  const set: Partial<F> = {};
  for (const key of Object.keys(want) as (keyof F)[]) {
    const w = want[key];
    const h = have[key];
    const same = Array.isArray(w)
      ? sameRefs(w as Ref[], h as Ref[])
      : typeof w === "object" && w !== null
        ? sameRefs([w as unknown as Ref], [h as unknown as Ref])
        : w === h;
    if (!same) set[key] = w;
  }
  return set;
}

/**
 * The plan of one upload against the district's current rows, with refusals that only the
 * database can reveal (a teacher's email held by another account).
 */
export function planImport(fileRoster: Roster, current: CurrentState, readSkipped: Skipped): { plan: Plan; errors: RowError[] } {
  // Rows that meet records made by hand first: those that would guess or duplicate are skipped.
  const handMade = matchHandMade(fileRoster, readSkipped, current);
  const { roster, skipped: skippedOnRead } = handMade;
  const errors: RowError[] = [];
  const plan: Plan = {
    schools: emptyKind(),
    classrooms: emptyKind(),
    teachers: emptyKind(),
    students: emptyKind(),
    enrollments: { add: [], remove: [], unchanged: 0, skipped: 0 },
    confirmations: [],
    notices: [],
    skippedBy: { schools: [], classrooms: [], teachers: [], students: [], enrollments: [] },
    studentsWithoutBirthDate: 0,
  };
  const leftAlone = roster.leftAlone ?? NO_LEFT_ALONE;
  const aloneUsers = new Set(leftAlone.users);
  const unidentified = new Set(leftAlone.unidentified);
  /** A bulk file deactivates what it leaves out, unless a skipped row of the kind could not be identified. */
  const deactivatesMissing = (kind: keyof BulkKinds) => roster.bulk[kind] && !unidentified.has(kind);
  let adminAccounts = 0;

  /**
   * One kind: rows of the file (active or tobedeleted) against current rows with a sourcedId.
   * `refOf` maps a sourcedId of this kind to the row it will be after the plan.
   */
  function kind<
    R extends { sourcedId: string; status: "active" | "tobedeleted" },
    H extends { id: string; sourcedId: string; active: boolean },
    F extends object,
  >(
    target: KindPlan<F & { sourcedId: string }, F>,
    rows: readonly R[],
    have: readonly H[],
    bulk: boolean,
    leaveAlone: ReadonlySet<string>,
    want: (row: R) => F,
    had: (row: H) => F,
    match?: (row: R) => H | undefined | null,
  ): Map<string, Ref> {
    const bySourcedId = new Map(have.map((h) => [h.sourcedId, h]));
    const refs = new Map<string, Ref>();
    const inFile = new Set<string>();
    for (const row of rows) {
      inFile.add(row.sourcedId);
      const matched = bySourcedId.has(row.sourcedId) ? undefined : match?.(row);
      if (matched === null) continue;
      const existing = bySourcedId.get(row.sourcedId) ?? matched;
      if (row.status === "tobedeleted") {
        if (existing?.active) target.deactivate.push({ id: existing.id, sourcedId: row.sourcedId });
        else target.skipped++;
        continue;
      }
      if (!existing) {
        target.create.push({ ...want(row), sourcedId: row.sourcedId });
        refs.set(row.sourcedId, { sourcedId: row.sourcedId });
        continue;
      }
      refs.set(row.sourcedId, { id: existing.id });
      const set = diff(want(row), had(existing));
      if (Object.keys(set).length > 0 || !existing.active) {
        target.update.push({ id: existing.id, sourcedId: row.sourcedId, set, reactivate: !existing.active });
      } else target.unchanged++;
    }
    if (bulk) {
      for (const h of have) {
        if (h.active && !inFile.has(h.sourcedId) && !leaveAlone.has(h.sourcedId))
          target.deactivate.push({ id: h.id, sourcedId: h.sourcedId });
      }
    }
    return refs;
  }

  /** A record made by hand that a row adopts: listed for the admin to confirm, then taken as the row's record. */
  const adopt = <H extends { id: string }>(
    kind: "adoptSchool" | "adoptClassroom" | "adoptStudent",
    row: { sourcedId: string; line?: number; status: string },
    found: H | undefined,
    name: (h: H) => string,
    matchedBy: (h: H) => string,
  ): (H & { sourcedId: string; active: boolean }) | undefined => {
    if (!found || row.status !== "active") return undefined;
    plan.confirmations.push({
      kind,
      userId: null,
      recordId: found.id,
      sourcedId: row.sourcedId,
      line: row.line ?? null,
      name: name(found),
      email: null,
      previousEmail: null,
      matchedBy: matchedBy(found),
    });
    return { ...found, sourcedId: "", active: true };
  };
  const spelled = (file: string, had: string) => (file === had ? "" : `; the file has '${file}'`);

  const schoolRefs = kind(
    plan.schools,
    roster.schools,
    current.schools,
    deactivatesMissing("schools"),
    new Set(leftAlone.schools),
    (s): SchoolFields => ({ name: s.name, sourcedId: s.sourcedId }),
    (s): SchoolFields => ({ name: s.name, sourcedId: s.sourcedId }),
    (s) =>
      adopt(
        "adoptSchool",
        s,
        handMade.schools.get(s.sourcedId),
        (h) => h.name,
        (h) => `Same name${spelled(s.name, h.name)}`,
      ),
  );
  const schoolRef = (sourcedId: string): Ref => schoolRefs.get(sourcedId) ?? { sourcedId };
  const fileSchoolName = new Map(roster.schools.map((s) => [s.sourcedId, s.name]));

  const classRefs = kind(
    plan.classrooms,
    roster.classrooms,
    current.classrooms,
    deactivatesMissing("classrooms"),
    new Set(leftAlone.classrooms),
    (c): ClassroomFields => ({ name: c.name, school: schoolRef(c.schoolSourcedId), sourcedId: c.sourcedId }),
    (c): ClassroomFields => ({ name: c.name, school: { id: c.schoolId }, sourcedId: c.sourcedId }),
    (c) =>
      adopt(
        "adoptClassroom",
        c,
        handMade.classrooms.get(c.sourcedId),
        (h) => h.name,
        (h) => `Same name in ${fileSchoolName.get(c.schoolSourcedId) ?? c.schoolSourcedId}${spelled(c.name, h.name)}`,
      ),
  );
  const classSchool = new Map(roster.classrooms.map((c) => [c.sourcedId, c.schoolSourcedId]));

  const teacherSchools = new Map<string, Set<string>>();
  for (const e of roster.enrollments) {
    if (e.role !== "teacher") continue;
    const school = classSchool.get(e.classSourcedId);
    if (!school) continue;
    if (!teacherSchools.has(e.userSourcedId)) teacherSchools.set(e.userSourcedId, new Set());
    teacherSchools.get(e.userSourcedId)!.add(school);
  }
  const wantedSchoolIds = (teacherSourcedId: string) =>
    new Set([...(teacherSchools.get(teacherSourcedId) ?? [])].map(schoolRef).flatMap((r) => ("id" in r ? [r.id] : [])));
  // Accounts holding an admin role are never matched, renamed, re-mailed or deactivated by an
  // import (issue 33): a file listing one as a teacher could otherwise take it over.
  const adminBySourcedId = new Map(current.teachers.filter((t) => t.admin).map((t) => [t.sourcedId, t]));
  const rosterTeachers = current.teachers.filter((t) => !t.admin);
  const currentTeacherBySourcedId = new Set(rosterTeachers.map((t) => t.sourcedId));
  const usersByEmail = new Map(current.usersByEmail.map((u) => [u.email.toLowerCase(), u]));
  const refusedLines = new Set<number>();
  const refuseEmail = (t: { line: number; email: string }) => {
    if (refusedLines.has(t.line)) return;
    refusedLines.add(t.line);
    errors.push({ file: ONEROSTER_FILES.users, line: t.line, column: "email", reason: `email '${t.email}' belongs to another account` });
  };
  const teacherRefs = kind(
    plan.teachers,
    roster.teachers,
    rosterTeachers,
    deactivatesMissing("teachers"),
    aloneUsers,
    (t): TeacherFields => ({
      firstName: t.firstName,
      lastName: t.lastName,
      email: t.email,
      schools: [...(teacherSchools.get(t.sourcedId) ?? [])].sort().map(schoolRef),
      sourcedId: t.sourcedId,
    }),
    (t): TeacherFields => ({
      firstName: t.firstName,
      lastName: t.lastName,
      email: t.email,
      // Only the schools the file wants count: an import adds school links, never removes one
      // (a user may hold a school for another reason, such as being its admin).
      schools: t.schoolIds.filter((id) => wantedSchoolIds(t.sourcedId).has(id)).map((id) => ({ id })),
      sourcedId: t.sourcedId,
    }),
    (t) => {
      if (adminBySourcedId.has(t.sourcedId)) {
        plan.teachers.skipped++;
        adminAccounts++;
        plan.notices.push({
          file: ONEROSTER_FILES.users,
          line: t.line,
          column: "sourcedId",
          reason: `sourcedId '${t.sourcedId}' belongs to an administrator's account, which an import never changes: left as it is`,
        });
        return null;
      }
      if (currentTeacherBySourcedId.has(t.sourcedId) || t.status !== "active") return undefined;
      const user = usersByEmail.get(t.email);
      // A rostered teacher of this district holding the email is judged below (it may change its email in this file).
      if (!user || (user.sameDistrict && user.sourcedId !== null && !user.admin)) return undefined;
      if (user.sameDistrict && !user.admin) {
        plan.confirmations.push({
          kind: "adopt",
          userId: user.id,
          recordId: user.id,
          sourcedId: t.sourcedId,
          line: t.line,
          name: `${user.firstName} ${user.lastName}`,
          email: user.email,
          previousEmail: null,
          matchedBy: null,
        });
        return {
          id: user.id,
          sourcedId: "",
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
          active: true,
          schoolIds: [],
          admin: false,
          rosterCreated: false,
        };
      }
      refuseEmail(t);
      return null;
    },
  );
  const teacherById = new Map(rosterTeachers.map((t) => [t.id, t]));
  for (const u of plan.teachers.update) {
    const have = teacherById.get(u.id);
    if (u.set.email === undefined || !have) continue;
    const row = roster.teachers.find((r) => r.sourcedId === u.sourcedId);
    plan.confirmations.push({
      kind: "email",
      userId: u.id,
      recordId: u.id,
      sourcedId: u.sourcedId,
      line: row?.line ?? null,
      name: `${have.firstName} ${have.lastName}`,
      email: u.set.email,
      previousEmail: have.email,
      matchedBy: null,
    });
  }
  for (const d of plan.teachers.deactivate) {
    const have = teacherById.get(d.id);
    if (!have || have.rosterCreated) continue;
    const row = roster.teachers.find((r) => r.sourcedId === d.sourcedId);
    plan.confirmations.push({
      kind: "deactivate",
      userId: d.id,
      recordId: d.id,
      sourcedId: d.sourcedId,
      line: row?.line ?? null,
      name: `${have.firstName} ${have.lastName}`,
      email: have.email,
      previousEmail: null,
      matchedBy: null,
    });
  }
  // An email taken by a live user of another account is refused above; one held by a teacher the
  // plan deactivates or renames is fine only when that row changes in the same transaction.
  const emailHolder = new Map(current.teachers.filter((t) => t.active).map((t) => [t.email.toLowerCase(), t]));
  const leaving = new Set(plan.teachers.deactivate.map((d) => d.id));
  for (const t of roster.teachers) {
    if (t.status !== "active") continue;
    const holder = emailHolder.get(t.email);
    if (holder?.admin && holder.sourcedId !== t.sourcedId) {
      refuseEmail(t);
      continue;
    }
    if (holder && holder.sourcedId !== t.sourcedId && !leaving.has(holder.id)) {
      const holderStays = roster.teachers.find((r) => r.sourcedId === holder.sourcedId && r.status === "active");
      if (!holderStays || holderStays.email === t.email) {
        errors.push({
          file: ONEROSTER_FILES.users,
          line: t.line,
          column: "email",
          reason: `email '${t.email}' belongs to another teacher (sourcedId '${holder.sourcedId}')`,
        });
      }
    }
  }

  // A file without a student's birth date (demographics.csv late, header-only or absent) never
  // erases the one the district has.
  const birthDateHad = new Map([
    ...current.students.map((s) => [s.sourcedId, s.birthDate] as const),
    ...[...handMade.students].map(([sourcedId, m]) => [sourcedId, m.student.birthDate] as const),
  ]);
  const birthDateOf = (s: Roster["students"][number]) => s.birthDate ?? birthDateHad.get(s.sourcedId) ?? null;
  const studentRefs = kind(
    plan.students,
    roster.students,
    current.students,
    deactivatesMissing("students"),
    aloneUsers,
    (s): StudentFields => ({
      firstName: s.firstName,
      middleName: s.middleName,
      lastName: s.lastName,
      grade: s.grade,
      birthDate: birthDateOf(s),
      school: schoolRef(s.schoolSourcedId),
      identifier: s.identifier,
      email: s.email,
      sourcedId: s.sourcedId,
    }),
    (s): StudentFields => ({
      firstName: s.firstName,
      middleName: s.middleName,
      lastName: s.lastName,
      grade: s.grade,
      birthDate: s.birthDate,
      school: { id: s.schoolId },
      identifier: s.identifier,
      email: s.email,
      sourcedId: s.sourcedId,
    }),
    (s) => {
      const m = handMade.students.get(s.sourcedId);
      return adopt(
        "adoptStudent",
        s,
        m?.student,
        (h) => `${h.firstName} ${h.lastName}`,
        (h) => (m?.by === "identifier" ? `Same Student ID (${h.identifier ?? ""})` : `Same name and birth date (${h.birthDate ?? ""})`),
      );
    },
  );

  const leavingStudents = new Set(plan.students.deactivate.map((d) => d.id));
  // Memberships of active classrooms and members; removed only from rostered classrooms the file still holds.
  const activeClasses = new Set(roster.classrooms.filter((c) => c.status === "active").map((c) => c.sourcedId));
  const activeStudents = new Set(roster.students.filter((s) => s.status === "active").map((s) => s.sourcedId));
  const activeTeachers = new Set(roster.teachers.filter((t) => t.status === "active").map((t) => t.sourcedId));
  const refKey = (r: Ref) => ("id" in r ? r.id : `new:${r.sourcedId}`);
  const wanted = new Map<string, MembershipChange>();
  for (const e of roster.enrollments) {
    if (!activeClasses.has(e.classSourcedId)) continue;
    const members = e.role === "student" ? activeStudents : activeTeachers;
    const refs = e.role === "student" ? studentRefs : teacherRefs;
    if (!members.has(e.userSourcedId)) {
      plan.enrollments.skipped++;
      continue;
    }
    const classroom = classRefs.get(e.classSourcedId);
    const member = refs.get(e.userSourcedId);
    if (!classroom || !member) continue; // a refused teacher: the plan has errors anyway
    const change: MembershipChange = { classroom, member, role: e.role };
    wanted.set(`${e.role}|${refKey(change.classroom)}|${refKey(change.member)}`, change);
  }
  const kept = new Set([...activeClasses].map((id) => classRefs.get(id)).flatMap((r) => (r && "id" in r ? [r.id] : [])));
  const have = new Set<string>();
  const currentPairs: MembershipChange[] = [
    ...current.classroomStudents.map((m) => ({ classroom: { id: m.classroomId }, member: { id: m.studentId }, role: "student" as const })),
    ...current.classroomTeachers.map((m) => ({ classroom: { id: m.classroomId }, member: { id: m.userId }, role: "teacher" as const })),
  ];
  // Memberships of records left as they are, and those an enrollment row skipped for a problem
  // names, stay (issue 35).
  const aloneMemberIds = new Set([...current.students, ...current.teachers].filter((r) => aloneUsers.has(r.sourcedId)).map((r) => r.id));
  const classIdOf = new Map(current.classrooms.map((c) => [c.sourcedId, c.id]));
  const memberIdOf = new Map([...current.teachers, ...current.students].map((r) => [r.sourcedId, r.id]));
  const alonePairs = new Set(
    leftAlone.enrollments.map((e) => `${classIdOf.get(e.classSourcedId) ?? ""}|${memberIdOf.get(e.userSourcedId) ?? ""}`),
  );
  const removesMissing = deactivatesMissing("enrollments");
  for (const m of currentPairs) {
    const key = `${m.role}|${refKey(m.classroom)}|${refKey(m.member)}`;
    have.add(key);
    const classroomId = (m.classroom as { id: string }).id;
    const memberId = (m.member as { id: string }).id;
    // A deactivated member keeps its memberships (hidden with it, back with it on undo or return).
    const memberLeaves = leaving.has(memberId) || leavingStudents.has(memberId);
    const stays = aloneMemberIds.has(memberId) || alonePairs.has(`${classroomId}|${memberId}`);
    if (!wanted.has(key) && removesMissing && kept.has(classroomId) && !memberLeaves && !stays) {
      plan.enrollments.remove.push(m);
    }
  }
  for (const [key, change] of wanted) {
    if (have.has(key)) plan.enrollments.unchanged++;
    else plan.enrollments.add.push(change);
  }

  plan.studentsWithoutBirthDate = roster.students.filter((s) => s.status === "active" && birthDateOf(s) === null).length;

  // Why records were skipped: the reader's reasons, the plan's own (an administrator's account, a
  // tobedeleted row of a record that is not active here, an enrollment of a member who is not).
  const problems = { schools: 0, classrooms: 0, teachers: 0, students: 0, enrollments: 0, ...skippedOnRead.problems };
  const reasons = (target: { skipped: number }, list: [string, number][], rest: string): SkipReason[] => {
    const out = list.filter(([, n]) => n > 0).map(([reason, count]) => ({ reason, count }));
    const listed = out.reduce((sum, r) => sum + r.count, 0);
    const inPlan = target.skipped;
    target.skipped = inPlan + listed;
    if (inPlan > 0) out.push({ reason: rest, count: inPlan });
    return out;
  };
  plan.teachers.skipped -= adminAccounts;
  plan.skippedBy = {
    schools: reasons(
      plan.schools,
      [
        [SKIP_REASONS.otherOrgs, skippedOnRead.otherOrgs],
        [SKIP_REASONS.problems, problems.schools],
      ],
      SKIP_REASONS.tobedeleted,
    ),
    classrooms: reasons(
      plan.classrooms,
      [
        [SKIP_REASONS.classesWithoutStudents, skippedOnRead.classesWithoutStudents],
        [SKIP_REASONS.problems, problems.classrooms],
      ],
      SKIP_REASONS.tobedeleted,
    ),
    teachers: reasons(
      plan.teachers,
      [
        [SKIP_REASONS.teachersWithoutClasses, skippedOnRead.teachersWithoutClasses],
        [SKIP_REASONS.otherUsers, skippedOnRead.otherUsers],
        [SKIP_REASONS.adminAccounts, adminAccounts],
        [SKIP_REASONS.problems, problems.teachers],
      ],
      SKIP_REASONS.tobedeleted,
    ),
    students: reasons(
      plan.students,
      [
        [SKIP_REASONS.studentsOutOfGrade, skippedOnRead.studentsOutOfGrade],
        [SKIP_REASONS.studentsBlankGrade, skippedOnRead.studentsBlankGrade ?? 0],
        [SKIP_REASONS.problems, problems.students],
      ],
      SKIP_REASONS.tobedeleted,
    ),
    enrollments: reasons(
      plan.enrollments,
      [
        [SKIP_REASONS.enrollments, skippedOnRead.enrollments],
        [SKIP_REASONS.problems, problems.enrollments],
      ],
      SKIP_REASONS.enrollments,
    ),
  };
  // Merge a repeated label (the enrollments' own skips share the reader's).
  for (const kind of Object.keys(plan.skippedBy) as (keyof PlanCounts)[]) {
    const merged = new Map<string, number>();
    for (const r of plan.skippedBy[kind]) merged.set(r.reason, (merged.get(r.reason) ?? 0) + r.count);
    plan.skippedBy[kind] = [...merged].map(([reason, count]) => ({ reason, count }));
  }

  // The reader's row problems first. Reports keep MAX_READ_ERRORS notices: when there are more,
  // the last place says how many are not listed.
  const all = roster.problems ?? [];
  const total = roster.problemCount ?? all.length;
  const listed = total > all.length || total >= MAX_READ_ERRORS ? all.slice(0, MAX_READ_ERRORS - 1) : all;
  const more = total - listed.length;
  plan.notices = [
    ...listed,
    ...(more > 0 ? [{ file: "", line: 0, column: "", reason: `${more.toLocaleString("en-US")} more row problems are not listed` }] : []),
    ...plan.notices,
  ];
  return { plan, errors };
}

/**
 * The roster without the teacher rows a plan refused (an e-mail held by another account): each
 * becomes a row problem, its account is left as it is and its enrollments are dropped. Staging
 * plans again with it, so such a row is skipped rather than refusing the upload (issue 35); a
 * plan made when applying still refuses (the district changed since the preview). Null when a
 * refusal is not a teacher row of the file.
 */
export function skipRefusedRows(roster: Roster, skipped: Skipped, errors: RowError[]): { roster: Roster; skipped: Skipped } | null {
  const lines = new Set<number>();
  for (const e of errors) {
    if (e.file !== ONEROSTER_FILES.users || !roster.teachers.some((t) => t.line === e.line)) return null;
    lines.add(e.line);
  }
  const refused = new Set(roster.teachers.filter((t) => lines.has(t.line)).map((t) => t.sourcedId));
  const leftAlone = roster.leftAlone ?? NO_LEFT_ALONE;
  const problems = [...(roster.problems ?? []), ...errors.map((e) => ({ ...e, reason: `${e.reason}: this row is skipped` }))];
  const problemCounts = { schools: 0, classrooms: 0, teachers: 0, students: 0, enrollments: 0, ...skipped.problems };
  return {
    roster: {
      ...roster,
      teachers: roster.teachers.filter((t) => !refused.has(t.sourcedId)),
      enrollments: roster.enrollments.filter((e) => e.role !== "teacher" || !refused.has(e.userSourcedId)),
      leftAlone: { ...leftAlone, users: [...leftAlone.users, ...refused] },
      problems,
      problemCount: (roster.problemCount ?? 0) + errors.length,
    },
    skipped: { ...skipped, problems: { ...problemCounts, teachers: problemCounts.teachers + refused.size } },
  };
}

export function planCounts(plan: Plan): PlanCounts {
  const k = (p: KindPlan<unknown, unknown>, kind: keyof PlanCounts): KindCounts => ({
    created: p.create.length,
    updated: p.update.length,
    deactivated: p.deactivate.length,
    unchanged: p.unchanged,
    skipped: p.skipped,
    skippedBy: plan.skippedBy?.[kind] ?? [],
  });
  return {
    schools: k(plan.schools, "schools"),
    classrooms: k(plan.classrooms, "classrooms"),
    teachers: k(plan.teachers, "teachers"),
    students: { ...k(plan.students, "students"), withoutBirthDate: plan.studentsWithoutBirthDate ?? 0 },
    enrollments: {
      created: plan.enrollments.add.length,
      updated: 0,
      deactivated: plan.enrollments.remove.length,
      unchanged: plan.enrollments.unchanged,
      skipped: plan.enrollments.skipped,
      skippedBy: plan.skippedBy?.enrollments ?? [],
    },
  };
}
