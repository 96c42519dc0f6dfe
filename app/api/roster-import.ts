import { randomInt } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "#app/db/connect.server";
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
import { ROLE_IDS } from "#app/domain/roles";
import { lockSchoolNames } from "./unique-names";

// Carrying a roster import out (issue 16): loading the district's current rows for the plan
// (app/domain/oneroster-plan.ts), applying a plan inside the caller's transaction while keeping
// the earlier values of every row it touches, and undoing an import from those values.

const CHUNK = 1000;
const chunks = <T>(items: readonly T[], size = CHUNK): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

const ADMIN_ROLE_IDS = [ROLE_IDS.SUPER_ADMIN, ROLE_IDS.ORG_ADMIN, ROLE_IDS.ORG_UNIT_ADMIN];

/** A student's fields a plan compares, read alike for roster students and those made by hand. */
const STUDENT_COLUMNS = [
  "p.participant_id as id",
  "p.first_name",
  "p.middle_name",
  "p.last_name",
  "p.grade",
  "p.date_of_birth",
  "p.organization_unit_id",
  "p.external_id",
  "p.email",
] as const;

/** Whether the user aliased `u` holds an admin role (super, district or school admin). */
const holdsAdminRole = sql<boolean>`exists (select 1 from user_role r where r.user_id = u.user_id and r.role_id in (${sql.join(ADMIN_ROLE_IDS)}))`;

/**
 * The district's rows that came from a roster (a sourcedId), deactivated ones too, its live schools,
 * classrooms and students made by hand (a row may adopt one), the memberships of its classrooms,
 * and the users holding the file's teacher emails.
 */
export async function loadCurrentState(db: Db, organizationId: string, teacherEmails: readonly string[]): Promise<CurrentState> {
  const [schools, classrooms, teachers, students, handSchools, handClassrooms, handStudents] = await Promise.all([
    db
      .selectFrom("organization_unit")
      .select(["organization_unit_id as id", "sourced_id", "name", "deleted_at"])
      .where("organization_id", "=", organizationId)
      .where("sourced_id", "is not", null)
      .execute(),
    db
      .selectFrom("participant_group as g")
      .innerJoin("organization_unit as ou", "ou.organization_unit_id", "g.organization_unit_id")
      .select(["g.participant_group_id as id", "g.sourced_id", "g.name", "g.organization_unit_id", "g.deleted_at"])
      .where("ou.organization_id", "=", organizationId)
      .where("g.sourced_id", "is not", null)
      .execute(),
    db
      .selectFrom("app_user as u")
      .select(["u.user_id as id", "u.sourced_id", "u.first_name", "u.last_name", "u.email", "u.deleted_at", "u.roster_created"])
      .select(holdsAdminRole.as("admin"))
      .where("u.organization_id", "=", organizationId)
      .where("u.sourced_id", "is not", null)
      .execute(),
    db
      .selectFrom("participant as p")
      .innerJoin("organization_unit as ou", "ou.organization_unit_id", "p.organization_unit_id")
      .select([...STUDENT_COLUMNS, "p.sourced_id", "p.deleted_at"])
      .where("ou.organization_id", "=", organizationId)
      .where("p.sourced_id", "is not", null)
      .execute(),
    db
      .selectFrom("organization_unit")
      .select(["organization_unit_id as id", "name"])
      .where("organization_id", "=", organizationId)
      .where("sourced_id", "is", null)
      .where("deleted_at", "is", null)
      .execute(),
    db
      .selectFrom("participant_group as g")
      .innerJoin("organization_unit as ou", "ou.organization_unit_id", "g.organization_unit_id")
      .select(["g.participant_group_id as id", "g.name", "g.organization_unit_id as schoolId"])
      .where("ou.organization_id", "=", organizationId)
      .where("ou.deleted_at", "is", null)
      .where("g.sourced_id", "is", null)
      .where("g.deleted_at", "is", null)
      .execute(),
    db
      .selectFrom("participant as p")
      .innerJoin("organization_unit as ou", "ou.organization_unit_id", "p.organization_unit_id")
      .select(STUDENT_COLUMNS)
      .where("ou.organization_id", "=", organizationId)
      .where("ou.deleted_at", "is", null)
      .where("p.sourced_id", "is", null)
      .where("p.deleted_at", "is", null)
      .execute(),
  ]);
  const [links, members, classTeachers] = await Promise.all([
    db
      .selectFrom("user_organization_unit as l")
      .innerJoin("organization_unit as ou", "ou.organization_unit_id", "l.organization_unit_id")
      .innerJoin("app_user as u", "u.user_id", "l.user_id")
      .select(["l.user_id", "l.organization_unit_id"])
      .where("ou.organization_id", "=", organizationId)
      .where("u.sourced_id", "is not", null)
      .execute(),
    db
      .selectFrom("participant_group_member as m")
      .innerJoin("participant_group as g", "g.participant_group_id", "m.participant_group_id")
      .innerJoin("organization_unit as ou", "ou.organization_unit_id", "g.organization_unit_id")
      .select(["m.participant_group_id", "m.participant_id"])
      .where("ou.organization_id", "=", organizationId)
      .execute(),
    db
      .selectFrom("participant_group_teacher as t")
      .innerJoin("participant_group as g", "g.participant_group_id", "t.participant_group_id")
      .innerJoin("organization_unit as ou", "ou.organization_unit_id", "g.organization_unit_id")
      .select(["t.participant_group_id", "t.user_id"])
      .where("ou.organization_id", "=", organizationId)
      .execute(),
  ]);
  const usersByEmail: CurrentState["usersByEmail"] = [];
  for (const part of chunks([...new Set(teacherEmails.map((e) => e.toLowerCase()))])) {
    const rows = await db
      .selectFrom("app_user as u")
      .select(["u.user_id", "u.email", "u.organization_id", "u.sourced_id", "u.first_name", "u.last_name"])
      .select(holdsAdminRole.as("admin"))
      .where(sql<string>`lower(u.email)`, "in", part)
      .where("u.deleted_at", "is", null)
      .execute();
    for (const u of rows) {
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

type Kind = "schools" | "classrooms" | "teachers" | "students";
type Before = Record<string, unknown> & { id: string };

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
  for (const kind of KINDS) {
    const { table, id } = TABLES[kind];
    for (const part of chunks(ids[kind])) {
      const rows = await sql<{
        id: string;
        version: number;
      }>`select ${sql.ref(id)} as id, version from ${sql.table(table)} where ${sql.ref(id)} in (${sql.join(part)})`.execute(tx);
      for (const r of rows.rows) out[kind][r.id] = Number(r.version);
    }
  }
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

const NAME_SQL: Record<Kind, string> = {
  schools: "name",
  classrooms: "name",
  teachers: "first_name || ' ' || last_name",
  students: "first_name || ' ' || last_name",
};

/** The plan of an undo, read now: rows edited since the import (their version moved) are left alone. */
export async function planUndo(tx: Db, changes: Changes): Promise<UndoPlan> {
  const leftAlone: LeftAlone[] = [];
  if (changes.versions) {
    const now = await versionsNow(tx, touchedIds(changes));
    for (const kind of KINDS) {
      const moved = Object.keys(changes.versions[kind]).filter((id) => now[kind][id] !== changes.versions![kind][id]);
      const { table, id } = TABLES[kind];
      for (const part of chunks(moved)) {
        const rows = await sql<{
          id: string;
          name: string;
        }>`select ${sql.ref(id)} as id, ${sql.raw(NAME_SQL[kind])} as name from ${sql.table(table)} where ${sql.ref(id)} in (${sql.join(part)}) order by 2`.execute(
          tx,
        );
        for (const r of rows.rows) leftAlone.push({ kind, id: r.id, name: r.name });
      }
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

const TABLES = {
  schools: { table: "organization_unit", id: "organization_unit_id" },
  classrooms: { table: "participant_group", id: "participant_group_id" },
  teachers: { table: "app_user", id: "user_id" },
  students: { table: "participant", id: "participant_id" },
} as const;

/** The columns an import writes, per kind, which are also what undo restores. */
const COLUMNS: Record<Kind, string[]> = {
  // sourced_id: a record made by hand that an import adopted is made by hand again after its undo.
  schools: ["name", "sourced_id", "deleted_at"],
  classrooms: ["name", "organization_unit_id", "sourced_id", "deleted_at"],
  teachers: ["first_name", "last_name", "email", "sourced_id", "deleted_at"],
  students: [
    "first_name",
    "middle_name",
    "last_name",
    "grade",
    "date_of_birth",
    "organization_unit_id",
    "external_id",
    "email",
    "sourced_id",
    "deleted_at",
  ],
};

const cryptoRandom: Random = {
  next: () => randomInt(0, 2 ** 32) / 2 ** 32,
  int: (min, max) => randomInt(min, max + 1),
  pick: (items) => items[randomInt(0, items.length)],
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
    const taken = await tx
      .selectFrom("participant")
      .select("participant_code")
      .where("participant_code", "in", [...batch])
      .execute();
    for (const t of taken) batch.delete(t.participant_code);
    for (const code of batch) codes.add(code);
  }
  return [...codes];
}

async function beforeImages(tx: Db, kind: Kind, ids: string[]): Promise<Map<string, Before>> {
  const { table, id } = TABLES[kind];
  const out = new Map<string, Before>();
  for (const part of chunks(ids)) {
    const rows =
      await sql<Before>`select ${sql.ref(id)} as id, ${sql.join(COLUMNS[kind].map((c) => sql.ref(c)))} from ${sql.table(table)} where ${sql.ref(id)} in (${sql.join(part)})`.execute(
        tx,
      );
    for (const row of rows.rows) out.set(row.id, row);
  }
  return out;
}

async function setDeleted(tx: Db, kind: Kind, ids: string[], at: Date | null) {
  const { table, id } = TABLES[kind];
  for (const part of chunks(ids)) {
    await sql`update ${sql.table(table)} set deleted_at = ${at}, updated_at = now(), version = version + 1 where ${sql.ref(id)} in (${sql.join(part)})`.execute(
      tx,
    );
  }
}

async function updateRow(tx: Db, kind: Kind, rowId: string, values: Record<string, unknown>) {
  const { table, id } = TABLES[kind];
  const sets = Object.entries(values).map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
  await sql`update ${sql.table(table)} set ${sql.join([...sets, sql`updated_at = now()`, sql`version = version + 1`])} where ${sql.ref(id)} = ${rowId}`.execute(
    tx,
  );
}

async function districtSchoolLinks(tx: Db, organizationId: string, userId: string): Promise<string[]> {
  const rows = await tx
    .selectFrom("user_organization_unit as l")
    .innerJoin("organization_unit as ou", "ou.organization_unit_id", "l.organization_unit_id")
    .select("l.organization_unit_id")
    .where("l.user_id", "=", userId)
    .where("ou.organization_id", "=", organizationId)
    .execute();
  return rows.map((r) => r.organization_unit_id).sort();
}

async function setSchoolLinks(tx: Db, organizationId: string, userId: string, schoolIds: string[]) {
  await tx
    .deleteFrom("user_organization_unit")
    .where("user_id", "=", userId)
    .where("organization_unit_id", "in", (eb) =>
      eb.selectFrom("organization_unit").select("organization_unit_id").where("organization_id", "=", organizationId),
    )
    .execute();
  if (schoolIds.length > 0) {
    await tx
      .insertInto("user_organization_unit")
      .values(schoolIds.map((s) => ({ user_id: userId, organization_unit_id: s })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

async function insertPairs(tx: Db, table: "participant_group_member" | "participant_group_teacher", pairs: [string, string][]) {
  const column = table === "participant_group_member" ? "participant_id" : "user_id";
  for (const part of chunks(pairs)) {
    await tx
      .insertInto(table)
      .values(part.map(([g, m]) => ({ participant_group_id: g, [column]: m }) as never))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/**
 * Deletes (classroom, member) pairs, a chunk at a time, as two uuid[] parameters: a list of
 * row constructors (`(a, b) in ((…), …)`) of a few hundred pairs overflows PGlite's stack
 * (issue 35 item 4: undo of a district's first import answered 500).
 */
async function deletePairs(tx: Db, table: "participant_group_member" | "participant_group_teacher", pairs: [string, string][]) {
  const column = table === "participant_group_member" ? "participant_id" : "user_id";
  for (const part of chunks(pairs)) {
    const groups = part.map(([g]) => g);
    const members = part.map(([, m]) => m);
    await sql`delete from ${sql.table(table)} where (participant_group_id, ${sql.ref(column)}) in (select * from unnest(${groups}::uuid[], ${members}::uuid[]))`.execute(
      tx,
    );
  }
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
    const rows = await tx
      .insertInto("organization_unit")
      .values(part.map((s) => ({ organization_id: organizationId, name: s.name, sourced_id: s.sourcedId })))
      .returning(["organization_unit_id", "sourced_id"])
      .execute();
    for (const r of rows) {
      ids.schools.set(r.sourced_id!, r.organization_unit_id);
      changes.created.schools.push(r.organization_unit_id);
    }
  }
  const schoolBefore = await beforeImages(
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
    const rows = await tx
      .insertInto("participant_group")
      .values(part.map((c) => ({ organization_unit_id: school(c.school), name: c.name, sourced_id: c.sourcedId })))
      .returning(["participant_group_id", "sourced_id"])
      .execute();
    for (const r of rows) {
      ids.classrooms.set(r.sourced_id!, r.participant_group_id);
      changes.created.classrooms.push(r.participant_group_id);
    }
  }
  const classBefore = await beforeImages(
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
    const rows = await tx
      .insertInto("app_user")
      .values(
        part.map((t) => ({
          organization_id: organizationId,
          first_name: t.firstName,
          last_name: t.lastName,
          email: t.email,
          sourced_id: t.sourcedId,
          roster_created: true,
        })),
      )
      .returning(["user_id", "sourced_id"])
      .execute();
    for (const r of rows) {
      ids.teachers.set(r.sourced_id!, r.user_id);
      changes.created.teachers.push(r.user_id);
    }
    await tx
      .insertInto("user_role")
      .values(rows.map((r) => ({ user_id: r.user_id, role_id: ROLE_IDS.TEACHER })))
      .execute();
    const links = part.flatMap((t) => t.schools.map((s) => ({ user_id: ids.teachers.get(t.sourcedId)!, organization_unit_id: school(s) })));
    if (links.length > 0)
      await tx
        .insertInto("user_organization_unit")
        .values(links)
        .onConflict((oc) => oc.doNothing())
        .execute();
  }
  const teacherBefore = await beforeImages(
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
      const roles = await tx.selectFrom("user_role").select("role_id").where("user_id", "=", u.id).execute();
      if (roles.length === 0) await tx.insertInto("user_role").values({ user_id: u.id, role_id: ROLE_IDS.TEACHER }).execute();
    }
    changes.updated.teachers.push(before);
  }

  // Students.
  const studentSchool = school;
  for (const part of chunks(plan.students.create)) {
    const codes = await freshCodes(tx, part.length);
    const rows = await tx
      .insertInto("participant")
      .values(
        part.map((s, i) => ({
          organization_unit_id: studentSchool(s.school),
          participant_code: codes[i],
          first_name: s.firstName,
          middle_name: s.middleName,
          last_name: s.lastName,
          date_of_birth: s.birthDate,
          grade: s.grade,
          external_id: s.identifier,
          email: s.email,
          sourced_id: s.sourcedId,
        })),
      )
      .returning(["participant_id", "sourced_id"])
      .execute();
    for (const r of rows) {
      ids.students.set(r.sourced_id!, r.participant_id);
      changes.created.students.push(r.participant_id);
    }
  }
  const studentBefore = await beforeImages(
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
  for (const part of chunks(schoolIds)) {
    const rows = await sql<{ id: string }>`update organization_unit ou set deleted_at = ${now}, updated_at = now(), version = version + 1
      where ou.organization_unit_id in (${sql.join(part)})
        and not exists (select 1 from participant_group g where g.organization_unit_id = ou.organization_unit_id and g.deleted_at is null)
        and not exists (select 1 from participant p where p.organization_unit_id = ou.organization_unit_id and p.deleted_at is null)
      returning ou.organization_unit_id as id`.execute(tx);
    changes.deactivated.schools.push(...rows.rows.map((r) => r.id));
  }

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
  for (const part of chunks(reset)) {
    await tx.updateTable("session").set({ revoked_at: now }).where("user_id", "in", part).where("revoked_at", "is", null).execute();
    await tx.updateTable("one_time_code").set({ used_at: now }).where("user_id", "in", part).where("used_at", "is", null).execute();
    await tx
      .updateTable("app_user")
      .set({ password_hash: null, password_is_temporary: false, updated_at: now, version: sql`version + 1` })
      .where("user_id", "in", part)
      .execute();
  }
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
  const pending = new Map<string, { kind: Kind; id: string; before: number }>();
  for (const kind of KINDS) {
    for (const id of restored[kind]) {
      const before = changes.versionsBefore[kind][id];
      if (before !== undefined && now[kind][id] !== undefined) pending.set(`${kind}:${id}`, { kind, id, before });
    }
  }
  if (pending.size === 0) return;
  const earlier = await tx
    .selectFrom("roster_import")
    .select(["roster_import_id", "changes"])
    .where("organization_id", "=", organizationId)
    .where("status", "=", "applied")
    .where("roster_import_id", "!=", importId)
    .orderBy("applied_at", "desc")
    .orderBy("created_at", "desc")
    .execute();
  for (const row of earlier) {
    if (pending.size === 0) break;
    const theirs = (typeof row.changes === "string" ? JSON.parse(row.changes) : row.changes) as Changes;
    if (!theirs.versions) continue;
    let changed = false;
    for (const [key, p] of pending) {
      if (theirs.versions[p.kind][p.id] === p.before) {
        theirs.versions[p.kind][p.id] = now[p.kind][p.id];
        pending.delete(key);
        changed = true;
      }
    }
    if (changed) {
      await tx
        .updateTable("roster_import")
        .set({ changes: JSON.stringify(theirs) })
        .where("roster_import_id", "=", row.roster_import_id)
        .execute();
    }
  }
}

/** The accounts among `before` whose e-mail now differs from the one undo puts back. */
async function accountsWhoseEmailReturns(tx: Db, before: Before[]): Promise<string[]> {
  const wanted = new Map(before.filter((b) => typeof b.email === "string").map((b) => [b.id, (b.email as string).toLowerCase()]));
  const out: string[] = [];
  for (const part of chunks([...wanted.keys()])) {
    const rows = await tx.selectFrom("app_user").select(["user_id", "email"]).where("user_id", "in", part).execute();
    for (const r of rows) if (r.email.toLowerCase() !== wanted.get(r.user_id)) out.push(r.user_id);
  }
  return out;
}

export type { RowError };
