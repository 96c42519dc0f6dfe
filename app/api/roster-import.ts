import { randomInt } from "node:crypto";
import type { Db } from "#app/db/connect.server";
import { otherAppliedImports, saveImportChanges } from "#app/db/queries/roster-imports";
import {
  chunks,
  CHUNK,
  deactivateEmptySchools,
  deletePairs,
  districtRosterRows,
  districtSchoolLinks,
  emailsOf,
  ensureSomeRole,
  insertPairs,
  insertRosterClassrooms,
  insertRosterSchools,
  insertRosterStudents,
  insertRosterTeachers,
  insertSchoolLinks,
  liveUsersWithEmails,
  resetAccounts,
  rowNames,
  rowsBefore,
  rowVersions,
  setDeleted,
  setSchoolLinks,
  takenParticipantCodes,
  updateRow,
  type Before,
  type RosterKind,
} from "#app/db/queries/roster-rows";
import type { RowError, Roster, Skipped } from "#app/domain/oneroster";
import {
  planCounts,
  planImport,
  type CurrentState,
  type Plan,
  type PlanCounts,
  type Ref,
  type StudentFields,
  type TeacherFields,
} from "#app/domain/oneroster-plan";
import { participantCode, type Random } from "#app/domain/random";
import { itemAt } from "#app/domain/presence";
import { lockSchoolNames } from "./unique-names";

// Carrying a roster import out (issue 16): loading the district's current rows for the plan
// (app/domain/oneroster-plan.ts), applying a plan inside the caller's transaction while keeping
// the earlier values of every row it touches, and undoing an import from those values.

/**
 * The district's rows that came from a roster (a sourcedId), deactivated ones too, its live schools,
 * classrooms and students made by hand (a row may adopt one), the memberships of its classrooms,
 * and the users holding the file's teacher emails.
 */
export async function loadCurrentState(db: Db, organizationId: string, teacherEmails: readonly string[]): Promise<CurrentState> {
  const { schools, classrooms, teachers, students, handSchools, handClassrooms, handStudents, links, members, classTeachers } =
    await districtRosterRows(db, organizationId);
  const usersByEmail: CurrentState["usersByEmail"] = [];
  for (const u of await liveUsersWithEmails(db, [...new Set(teacherEmails.map((e) => e.toLowerCase()))])) {
    usersByEmail.push({
      id: u.user_id,
      email: u.email.toLowerCase(),
      sameDistrict: u.organization_id === organizationId,
      sourcedId: u.sourced_id,
      admin: Boolean(u.admin),
      firstName: u.first_name,
      lastName: u.last_name,
    });
  }
  const schoolsOf = new Map<string, string[]>();
  for (const l of links) schoolsOf.set(l.user_id, [...(schoolsOf.get(l.user_id) ?? []), l.organization_unit_id]);
  return {
    schools: schools.map((s) => ({ id: s.id, sourcedId: s.sourced_id!, name: s.name, active: s.deleted_at === null })),
    classrooms: classrooms.map((c) => ({
      id: c.id,
      sourcedId: c.sourced_id!,
      name: c.name,
      schoolId: c.organization_unit_id,
      active: c.deleted_at === null,
    })),
    teachers: teachers.map((t) => ({
      id: t.id,
      sourcedId: t.sourced_id!,
      firstName: t.first_name,
      lastName: t.last_name,
      email: t.email.toLowerCase(),
      active: t.deleted_at === null,
      schoolIds: (schoolsOf.get(t.id) ?? []).sort(),
      admin: Boolean(t.admin),
      rosterCreated: t.roster_created,
    })),
    students: students.map((s) => ({
      id: s.id,
      sourcedId: s.sourced_id!,
      firstName: s.first_name,
      middleName: s.middle_name,
      lastName: s.last_name,
      grade: s.grade,
      birthDate: s.date_of_birth,
      schoolId: s.organization_unit_id,
      identifier: s.external_id,
      email: s.email,
      active: s.deleted_at === null,
    })),
    classroomStudents: members.map((m) => ({ classroomId: m.participant_group_id, studentId: m.participant_id })),
    classroomTeachers: classTeachers.map((t) => ({ classroomId: t.participant_group_id, userId: t.user_id })),
    usersByEmail,
    handMade: {
      schools: handSchools,
      classrooms: handClassrooms,
      students: handStudents.map((s) => ({
        id: s.id,
        firstName: s.first_name,
        middleName: s.middle_name,
        lastName: s.last_name,
        grade: s.grade,
        birthDate: s.date_of_birth,
        schoolId: s.organization_unit_id,
        identifier: s.external_id,
        email: s.email,
      })),
    },
  };
}

export async function planFor(db: Db, organizationId: string, roster: Roster, skipped: Skipped) {
  // Inside an apply's transaction, no school form may add a name between this plan and its writes
  // (the forms' duplicate-name rule holds for imports too); outside one it is released at once.
  await lockSchoolNames(db, organizationId);
  const current = await loadCurrentState(
    db,
    organizationId,
    roster.teachers.filter((t) => t.status === "active").map((t) => t.email),
  );
  return planImport(roster, current, skipped);
}

type Kind = RosterKind;

/** What applying an import changed: enough to put every row back (undo). */
export interface Changes {
  created: Record<Kind, string[]>;
  updated: Record<Kind, Before[]>;
  deactivated: Record<Kind, string[]>;
  membersAdded: [string, string][];
  membersRemoved: [string, string][];
  teachersAdded: [string, string][];
  teachersRemoved: [string, string][];
  /**
   * The version each row had once the import wrote it (issue 35 item 3): undo puts back only the
   * rows still at it, and lists the ones edited since. Absent for imports applied before.
   */
  versions?: Record<Kind, Record<string, number>>;
  /** The version each row it updated or deactivated had just before: an undo hands those rows back to the import before it. */
  versionsBefore?: Record<Kind, Record<string, number>>;
}

const KINDS = ["schools", "classrooms", "teachers", "students"] as const;

/** The ids of the rows of each kind an import created, updated or deactivated. */
const touchedIds = (changes: Changes): Record<Kind, string[]> =>
  Object.fromEntries(
    KINDS.map((k) => [k, [...new Set([...changes.created[k], ...changes.updated[k].map((b) => b.id), ...changes.deactivated[k]])]]),
  ) as Record<Kind, string[]>;

/** Each row's version now, by kind and id. */
async function versionsNow(tx: Db, ids: Record<Kind, string[]>): Promise<Record<Kind, Record<string, number>>> {
  const out = { schools: {}, classrooms: {}, teachers: {}, students: {} } as Record<Kind, Record<string, number>>;
  for (const kind of KINDS) out[kind] = await rowVersions(tx, kind, ids[kind]);
  return out;
}

/** A row an undo leaves as it is because it was edited after the import. */
export interface LeftAlone {
  kind: Kind;
  id: string;
  name: string;
}

/** What undoing an import would do: rows per kind it deactivates, restores and brings back, and the rows edited since. */
export interface UndoPlan {
  counts: Record<Kind, { created: number; updated: number; deactivated: number }>;
  memberships: number;
  leftAlone: LeftAlone[];
}

/** The plan of an undo, read now: rows edited since the import (their version moved) are left alone. */
export async function planUndo(tx: Db, changes: Changes): Promise<UndoPlan> {
  const leftAlone: LeftAlone[] = [];
  if (changes.versions) {
    const now = await versionsNow(tx, touchedIds(changes));
    for (const kind of KINDS) {
      const moved = Object.keys(changes.versions[kind]).filter((id) => now[kind][id] !== changes.versions![kind][id]);
      for (const r of await rowNames(tx, kind, moved)) leftAlone.push({ kind, id: r.id, name: r.name });
    }
  }
  const skip = new Set(leftAlone.map((l) => `${l.kind}:${l.id}`));
  const kept = (kind: Kind, ids: string[]) => ids.filter((id) => !skip.has(`${kind}:${id}`)).length;
  const counts = Object.fromEntries(
    KINDS.map((k) => [
      k,
      {
        created: kept(k, changes.created[k]),
        updated: kept(
          k,
          changes.updated[k].map((b) => b.id),
        ),
        deactivated: kept(k, changes.deactivated[k]),
      },
    ]),
  ) as UndoPlan["counts"];
  const memberships =
    changes.membersAdded.length + changes.membersRemoved.length + changes.teachersAdded.length + changes.teachersRemoved.length;
  return { counts, memberships, leftAlone };
}

const cryptoRandom: Random = {
  next: () => randomInt(0, 2 ** 32) / 2 ** 32,
  int: (min, max) => randomInt(min, max + 1),
  pick: (items) => itemAt(items, randomInt(0, items.length), "an item to pick from"),
  chance: (p) => randomInt(0, 2 ** 32) / 2 ** 32 < p,
};

/** `n` participant codes no student holds yet (codes are unique across districts). */
async function freshCodes(tx: Db, n: number): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < n) {
    const batch = new Set<string>();
    while (batch.size < Math.min(n - codes.size, CHUNK)) {
      const code = participantCode(cryptoRandom);
      if (!codes.has(code)) batch.add(code);
    }
    for (const code of await takenParticipantCodes(tx, [...batch])) batch.delete(code);
    for (const code of batch) codes.add(code);
  }
  return [...codes];
}

const studentColumns = (f: Partial<StudentFields>, ref: (r: Ref) => string): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  if ("firstName" in f) out.first_name = f.firstName;
  if ("middleName" in f) out.middle_name = f.middleName;
  if ("lastName" in f) out.last_name = f.lastName;
  if ("grade" in f) out.grade = f.grade;
  if ("birthDate" in f) out.date_of_birth = f.birthDate;
  if ("school" in f) out.organization_unit_id = ref(f.school!);
  if ("identifier" in f) out.external_id = f.identifier;
  if ("email" in f) out.email = f.email;
  if ("sourcedId" in f) out.sourced_id = f.sourcedId;
  return out;
};
const teacherColumns = (f: Partial<TeacherFields>): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  if ("firstName" in f) out.first_name = f.firstName;
  if ("lastName" in f) out.last_name = f.lastName;
  if ("email" in f) out.email = f.email;
  if ("sourcedId" in f) out.sourced_id = f.sourcedId;
  return out;
};

/**
 * Carries a plan out inside `tx` (the caller's transaction, holding the district's lock). Returns
 * what changed; counts may differ from the plan's where a school kept live rows made by hand and
 * so stayed.
 */
export async function applyPlan(tx: Db, organizationId: string, plan: Plan, now: Date): Promise<{ changes: Changes; counts: PlanCounts }> {
  const changes: Changes = {
    created: { schools: [], classrooms: [], teachers: [], students: [] },
    updated: { schools: [], classrooms: [], teachers: [], students: [] },
    deactivated: { schools: [], classrooms: [], teachers: [], students: [] },
    membersAdded: [],
    membersRemoved: [],
    teachersAdded: [],
    teachersRemoved: [],
  };
  const ids: Record<Kind, Map<string, string>> = { schools: new Map(), classrooms: new Map(), teachers: new Map(), students: new Map() };
  const resolver = (kind: Kind) => (r: Ref) => {
    if ("id" in r) return r.id;
    const id = ids[kind].get(r.sourcedId);
    if (!id) throw new Error(`roster import: no ${kind} row for sourcedId ${r.sourcedId}`);
    return id;
  };
  const school = resolver("schools");

  changes.versionsBefore = await versionsNow(
    tx,
    Object.fromEntries(KINDS.map((k) => [k, [...plan[k].update.map((u) => u.id), ...plan[k].deactivate.map((d) => d.id)]])) as Record<
      Kind,
      string[]
    >,
  );
  // Deactivations first (members, then classrooms), so a teacher's freed email can be taken in this import.
  for (const kind of ["students", "teachers", "classrooms"] as const) {
    const list = plan[kind].deactivate.map((d) => d.id);
    await setDeleted(tx, kind, list, now);
    changes.deactivated[kind] = list;
  }

  // Schools.
  for (const part of chunks(plan.schools.create)) {
    const rows = await insertRosterSchools(tx, organizationId, part);
    for (const r of rows) {
      ids.schools.set(r.sourced_id!, r.organization_unit_id);
      changes.created.schools.push(r.organization_unit_id);
    }
  }
  const schoolBefore = await rowsBefore(
    tx,
    "schools",
    plan.schools.update.map((u) => u.id),
  );
  for (const u of plan.schools.update) {
    const values: Record<string, unknown> = {};
    if (u.set.name !== undefined) values.name = u.set.name;
    if (u.set.sourcedId !== undefined) values.sourced_id = u.set.sourcedId;
    if (u.reactivate) values.deleted_at = null;
    await updateRow(tx, "schools", u.id, values);
    changes.updated.schools.push(schoolBefore.get(u.id)!);
  }

  // Classrooms.
  for (const part of chunks(plan.classrooms.create)) {
    const rows = await insertRosterClassrooms(
      tx,
      part.map((c) => ({ schoolId: school(c.school), name: c.name, sourcedId: c.sourcedId })),
    );
    for (const r of rows) {
      ids.classrooms.set(r.sourced_id!, r.participant_group_id);
      changes.created.classrooms.push(r.participant_group_id);
    }
  }
  const classBefore = await rowsBefore(
    tx,
    "classrooms",
    plan.classrooms.update.map((u) => u.id),
  );
  for (const u of plan.classrooms.update) {
    const values: Record<string, unknown> = {};
    if (u.set.name !== undefined) values.name = u.set.name;
    if (u.set.school !== undefined) values.organization_unit_id = school(u.set.school);
    if (u.set.sourcedId !== undefined) values.sourced_id = u.set.sourcedId;
    if (u.reactivate) values.deleted_at = null;
    await updateRow(tx, "classrooms", u.id, values);
    changes.updated.classrooms.push(classBefore.get(u.id)!);
  }

  // Teachers: users with the teacher role, linked to the schools of the classes they teach.
  for (const part of chunks(plan.teachers.create)) {
    const rows = await insertRosterTeachers(tx, organizationId, part);
    for (const r of rows) {
      ids.teachers.set(r.sourced_id!, r.user_id);
      changes.created.teachers.push(r.user_id);
    }
    const links = part.flatMap((t) => t.schools.map((s) => ({ user_id: ids.teachers.get(t.sourcedId)!, organization_unit_id: school(s) })));
    if (links.length > 0) await insertSchoolLinks(tx, links);
  }
  const teacherBefore = await rowsBefore(
    tx,
    "teachers",
    plan.teachers.update.map((u) => u.id),
  );
  for (const u of plan.teachers.update) {
    const before = teacherBefore.get(u.id)!;
    const values = teacherColumns(u.set);
    if (u.reactivate) values.deleted_at = null;
    if (Object.keys(values).length > 0) await updateRow(tx, "teachers", u.id, values);
    if (u.set.schools !== undefined) {
      before.schoolIds = await districtSchoolLinks(tx, organizationId, u.id);
      await setSchoolLinks(tx, organizationId, u.id, [...new Set([...(before.schoolIds as string[]), ...u.set.schools.map(school)])]);
    }
    if (u.set.sourcedId !== undefined) {
      // A user adopted by email keeps the role they have (a school admin may teach too); one without a role becomes a teacher.
      await ensureSomeRole(tx, u.id);
    }
    changes.updated.teachers.push(before);
  }

  // Students.
  const studentSchool = school;
  for (const part of chunks(plan.students.create)) {
    const codes = await freshCodes(tx, part.length);
    const rows = await insertRosterStudents(
      tx,
      part.map((s, i) => ({
        organization_unit_id: studentSchool(s.school),
        participant_code: itemAt(codes, i, "a fresh code for each student"),
        first_name: s.firstName,
        middle_name: s.middleName,
        last_name: s.lastName,
        date_of_birth: s.birthDate,
        grade: s.grade,
        external_id: s.identifier,
        email: s.email,
        sourced_id: s.sourcedId,
      })),
    );
    for (const r of rows) {
      ids.students.set(r.sourced_id!, r.participant_id);
      changes.created.students.push(r.participant_id);
    }
  }
  const studentBefore = await rowsBefore(
    tx,
    "students",
    plan.students.update.map((u) => u.id),
  );
  for (const u of plan.students.update) {
    const values = studentColumns(u.set, studentSchool);
    if (u.reactivate) values.deleted_at = null;
    await updateRow(tx, "students", u.id, values);
    changes.updated.students.push(studentBefore.get(u.id)!);
  }

  // Memberships.
  const classroom = resolver("classrooms");
  const pair = (m: Plan["enrollments"]["add"][number]): [string, string] => [
    classroom(m.classroom),
    m.role === "student" ? resolver("students")(m.member) : resolver("teachers")(m.member),
  ];
  changes.membersRemoved = plan.enrollments.remove.filter((m) => m.role === "student").map(pair);
  changes.teachersRemoved = plan.enrollments.remove.filter((m) => m.role === "teacher").map(pair);
  changes.membersAdded = plan.enrollments.add.filter((m) => m.role === "student").map(pair);
  changes.teachersAdded = plan.enrollments.add.filter((m) => m.role === "teacher").map(pair);
  await deletePairs(tx, "participant_group_member", changes.membersRemoved);
  await deletePairs(tx, "participant_group_teacher", changes.teachersRemoved);
  await insertPairs(tx, "participant_group_member", changes.membersAdded);
  await insertPairs(tx, "participant_group_teacher", changes.teachersAdded);

  // Schools last: one that still holds live classrooms or students (made by hand) stays.
  const schoolIds = plan.schools.deactivate.map((d) => d.id);
  changes.deactivated.schools.push(...(await deactivateEmptySchools(tx, schoolIds, now)));

  const counts = planCounts(plan);
  counts.schools.unchanged += schoolIds.length - changes.deactivated.schools.length;
  counts.schools.deactivated = changes.deactivated.schools.length;
  changes.versions = await versionsNow(tx, touchedIds(changes));
  return { changes, counts };
}

/**
 * Puts back every row an import changed, newest change first. Runs inside the caller's transaction.
 * An account whose e-mail it puts back loses its sessions, its password and its pending codes
 * (issue 33): whoever held the account under the import's e-mail may have set a password or signed in,
 * so its owner sets a new password through the restored e-mail. Returns those accounts' ids.
 */
export async function undoChanges(
  tx: Db,
  organizationId: string,
  importId: string,
  changes: Changes,
  now: Date,
): Promise<{ reset: string[]; plan: UndoPlan }> {
  // Rows edited since the import keep their edits (issue 35 item 3): only the others are put back.
  const plan = await planUndo(tx, changes);
  const skip = new Set(plan.leftAlone.map((l) => `${l.kind}:${l.id}`));
  const still = (kind: Kind) => (id: string) => !skip.has(`${kind}:${id}`);
  const restored = changes.updated.teachers.filter((b) => still("teachers")(b.id));
  const reset = await accountsWhoseEmailReturns(tx, restored);
  await deletePairs(tx, "participant_group_member", changes.membersAdded);
  await deletePairs(tx, "participant_group_teacher", changes.teachersAdded);
  await insertPairs(tx, "participant_group_member", changes.membersRemoved);
  await insertPairs(tx, "participant_group_teacher", changes.teachersRemoved);
  for (const kind of KINDS) {
    await setDeleted(tx, kind, changes.created[kind].filter(still(kind)), now);
  }
  for (const kind of KINDS) {
    for (const before of changes.updated[kind].filter((b) => still(kind)(b.id))) {
      const { id, schoolIds, ...values } = before;
      await updateRow(tx, kind, id, values);
      if (Array.isArray(schoolIds)) await setSchoolLinks(tx, organizationId, id, schoolIds as string[]);
    }
  }
  for (const kind of KINDS) {
    await setDeleted(tx, kind, changes.deactivated[kind].filter(still(kind)), null);
  }
  await handBackVersions(tx, organizationId, importId, changes, still);
  await resetAccounts(tx, reset, now);
  return { reset, plan };
}

/**
 * An undo writes the rows it puts back, so their versions move on; the import before it recorded
 * the versions those rows had before this one wrote them, and would take them for edits by hand.
 * Each row put back is handed to the latest earlier import that left it at that version, with its
 * version now (undo is last-in first-out, so that import's undo comes next).
 */
async function handBackVersions(
  tx: Db,
  organizationId: string,
  importId: string,
  changes: Changes,
  still: (k: Kind) => (id: string) => boolean,
) {
  if (!changes.versionsBefore) return;
  const restored = Object.fromEntries(
    KINDS.map((k) => [k, [...changes.updated[k].map((b) => b.id), ...changes.deactivated[k]].filter(still(k))]),
  ) as Record<Kind, string[]>;
  const now = await versionsNow(tx, restored);
  const pending = new Map<string, { kind: Kind; id: string; before: number; after: number }>();
  for (const kind of KINDS) {
    for (const id of restored[kind]) {
      const before = changes.versionsBefore[kind][id];
      const after = now[kind][id];
      if (before !== undefined && after !== undefined) pending.set(`${kind}:${id}`, { kind, id, before, after });
    }
  }
  if (pending.size === 0) return;
  const earlier = await otherAppliedImports(tx, organizationId, importId);
  for (const row of earlier) {
    if (pending.size === 0) break;
    const theirs = (typeof row.changes === "string" ? JSON.parse(row.changes) : row.changes) as Changes;
    if (!theirs.versions) continue;
    let changed = false;
    for (const [key, p] of pending) {
      if (theirs.versions[p.kind][p.id] === p.before) {
        theirs.versions[p.kind][p.id] = p.after;
        pending.delete(key);
        changed = true;
      }
    }
    if (changed) {
      await saveImportChanges(tx, row.roster_import_id, JSON.stringify(theirs));
    }
  }
}

/** The accounts among `before` whose e-mail now differs from the one undo puts back. */
async function accountsWhoseEmailReturns(tx: Db, before: Before[]): Promise<string[]> {
  const wanted = new Map(before.filter((b) => typeof b.email === "string").map((b) => [b.id, (b.email as string).toLowerCase()]));
  const out: string[] = [];
  for (const r of await emailsOf(tx, [...wanted.keys()])) if (r.email.toLowerCase() !== wanted.get(r.user_id)) out.push(r.user_id);
  return out;
}

export type { RowError };
