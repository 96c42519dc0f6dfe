import { sql, type Insertable } from "kysely";
import { ROLE_IDS } from "#app/domain/roles";
import type { Db } from "../connect.server";
import type { ParticipantTable } from "../schema";

// The rows a roster import reads and writes (app/api/roster-import.ts carries the plan out and
// keeps what undo needs). Lists are written and read in chunks of CHUNK ids: one statement per
// chunk keeps its parameters within both engines' limits.

export const CHUNK = 1000;
export const chunks = <T>(items: readonly T[], size = CHUNK): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

export type RosterKind = "schools" | "classrooms" | "teachers" | "students";
/** A row's columns as an import found them, by column name, with its id. */
export type Before = Record<string, unknown> & { id: string };
export type PairTable = "participant_group_member" | "participant_group_teacher";

const TABLES = {
  schools: { table: "organization_unit", id: "organization_unit_id" },
  classrooms: { table: "participant_group", id: "participant_group_id" },
  teachers: { table: "app_user", id: "user_id" },
  students: { table: "participant", id: "participant_id" },
} as const;

/** The columns an import writes, per kind, which are also what undo restores. */
const COLUMNS: Record<RosterKind, string[]> = {
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

const NAME_SQL: Record<RosterKind, string> = {
  schools: "name",
  classrooms: "name",
  teachers: "first_name || ' ' || last_name",
  students: "first_name || ' ' || last_name",
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
 * classrooms and students made by hand (a row may adopt one), and the memberships of its classrooms.
 */
export async function districtRosterRows(db: Db, organizationId: string) {
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
  return { schools, classrooms, teachers, students, handSchools, handClassrooms, handStudents, links, members, classTeachers };
}

/** The live users holding these e-mails (lowercase), any district, with whether each holds an admin role. */
export async function liveUsersWithEmails(db: Db, emails: readonly string[]) {
  const out = [];
  for (const part of chunks(emails)) {
    const rows = await db
      .selectFrom("app_user as u")
      .select(["u.user_id", "u.email", "u.organization_id", "u.sourced_id", "u.first_name", "u.last_name"])
      .select(holdsAdminRole.as("admin"))
      .where(sql<string>`lower(u.email)`, "in", part)
      .where("u.deleted_at", "is", null)
      .execute();
    out.push(...rows);
  }
  return out;
}

/** Each row's version now, by id. */
export async function rowVersions(tx: Db, kind: RosterKind, ids: readonly string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  const { table, id } = TABLES[kind];
  for (const part of chunks(ids)) {
    const rows = await sql<{
      id: string;
      version: number;
    }>`select ${sql.ref(id)} as id, version from ${sql.table(table)} where ${sql.ref(id)} in (${sql.join(part)})`.execute(tx);
    for (const r of rows.rows) out[r.id] = Number(r.version);
  }
  return out;
}

/** The rows' names as a person reads them, by name within each chunk. */
export async function rowNames(tx: Db, kind: RosterKind, ids: readonly string[]): Promise<{ id: string; name: string }[]> {
  const { table, id } = TABLES[kind];
  const out: { id: string; name: string }[] = [];
  for (const part of chunks(ids)) {
    const rows = await sql<{
      id: string;
      name: string;
    }>`select ${sql.ref(id)} as id, ${sql.raw(NAME_SQL[kind])} as name from ${sql.table(table)} where ${sql.ref(id)} in (${sql.join(part)}) order by 2`.execute(
      tx,
    );
    out.push(...rows.rows);
  }
  return out;
}

/** The columns an import writes of each row, as they are now. */
export async function rowsBefore(tx: Db, kind: RosterKind, ids: readonly string[]): Promise<Map<string, Before>> {
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

/** Deactivates the rows (`at`) or brings them back (null), raising their versions. */
export async function setDeleted(tx: Db, kind: RosterKind, ids: readonly string[], at: Date | null): Promise<void> {
  const { table, id } = TABLES[kind];
  for (const part of chunks(ids)) {
    await sql`update ${sql.table(table)} set deleted_at = ${at}, updated_at = now(), version = version + 1 where ${sql.ref(id)} in (${sql.join(part)})`.execute(
      tx,
    );
  }
}

/** Writes these columns of one row, raising its version. */
export async function updateRow(tx: Db, kind: RosterKind, rowId: string, values: Record<string, unknown>): Promise<void> {
  const { table, id } = TABLES[kind];
  const sets = Object.entries(values).map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
  await sql`update ${sql.table(table)} set ${sql.join([...sets, sql`updated_at = now()`, sql`version = version + 1`])} where ${sql.ref(id)} = ${rowId}`.execute(
    tx,
  );
}

/** The user's schools within the district, sorted. */
export async function districtSchoolLinks(tx: Db, organizationId: string, userId: string): Promise<string[]> {
  const rows = await tx
    .selectFrom("user_organization_unit as l")
    .innerJoin("organization_unit as ou", "ou.organization_unit_id", "l.organization_unit_id")
    .select("l.organization_unit_id")
    .where("l.user_id", "=", userId)
    .where("ou.organization_id", "=", organizationId)
    .execute();
  return rows.map((r) => r.organization_unit_id).sort();
}

/** Makes `schoolIds` the user's schools within the district (schools of other districts stay). */
export async function setSchoolLinks(tx: Db, organizationId: string, userId: string, schoolIds: readonly string[]): Promise<void> {
  await tx
    .deleteFrom("user_organization_unit")
    .where("user_id", "=", userId)
    .where("organization_unit_id", "in", (eb) =>
      eb.selectFrom("organization_unit").select("organization_unit_id").where("organization_id", "=", organizationId),
    )
    .execute();
  if (schoolIds.length > 0)
    await insertSchoolLinks(
      tx,
      schoolIds.map((s) => ({ user_id: userId, organization_unit_id: s })),
    );
}

export async function insertSchoolLinks(tx: Db, links: { user_id: string; organization_unit_id: string }[]): Promise<void> {
  await tx
    .insertInto("user_organization_unit")
    .values(links)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Adds (classroom, member) pairs; pairs already there stay. */
export async function insertPairs(tx: Db, table: PairTable, pairs: readonly [string, string][]): Promise<void> {
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
export async function deletePairs(tx: Db, table: PairTable, pairs: readonly [string, string][]): Promise<void> {
  const column = table === "participant_group_member" ? "participant_id" : "user_id";
  for (const part of chunks(pairs)) {
    const groups = part.map(([g]) => g);
    const members = part.map(([, m]) => m);
    await sql`delete from ${sql.table(table)} where (participant_group_id, ${sql.ref(column)}) in (select * from unnest(${groups}::uuid[], ${members}::uuid[]))`.execute(
      tx,
    );
  }
}

/** The codes among `codes` that a student holds already. */
export async function takenParticipantCodes(tx: Db, codes: readonly string[]): Promise<string[]> {
  const taken = await tx
    .selectFrom("participant")
    .select("participant_code")
    .where("participant_code", "in", [...codes])
    .execute();
  return taken.map((t) => t.participant_code);
}

export function insertRosterSchools(tx: Db, organizationId: string, schools: readonly { name: string; sourcedId: string }[]) {
  return tx
    .insertInto("organization_unit")
    .values(schools.map((s) => ({ organization_id: organizationId, name: s.name, sourced_id: s.sourcedId })))
    .returning(["organization_unit_id", "sourced_id"])
    .execute();
}

export function insertRosterClassrooms(tx: Db, classrooms: readonly { schoolId: string; name: string; sourcedId: string }[]) {
  return tx
    .insertInto("participant_group")
    .values(classrooms.map((c) => ({ organization_unit_id: c.schoolId, name: c.name, sourced_id: c.sourcedId })))
    .returning(["participant_group_id", "sourced_id"])
    .execute();
}

/** New accounts the roster created, each with the teacher role. */
export async function insertRosterTeachers(
  tx: Db,
  organizationId: string,
  teachers: readonly { firstName: string; lastName: string; email: string; sourcedId: string }[],
) {
  const rows = await tx
    .insertInto("app_user")
    .values(
      teachers.map((t) => ({
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
  await tx
    .insertInto("user_role")
    .values(rows.map((r) => ({ user_id: r.user_id, role_id: ROLE_IDS.TEACHER })))
    .execute();
  return rows;
}

/** Gives the user the teacher role when they have no role at all; a role they have is kept. */
export async function ensureSomeRole(tx: Db, userId: string): Promise<void> {
  const roles = await tx.selectFrom("user_role").select("role_id").where("user_id", "=", userId).execute();
  if (roles.length === 0) await tx.insertInto("user_role").values({ user_id: userId, role_id: ROLE_IDS.TEACHER }).execute();
}

export type RosterStudentValues = Insertable<ParticipantTable>;

export function insertRosterStudents(tx: Db, students: readonly RosterStudentValues[]) {
  return tx.insertInto("participant").values(students).returning(["participant_id", "sourced_id"]).execute();
}

/** Deactivates the schools among `ids` that hold no live classroom or student; their ids. */
export async function deactivateEmptySchools(tx: Db, ids: readonly string[], now: Date): Promise<string[]> {
  const out: string[] = [];
  for (const part of chunks(ids)) {
    const rows = await sql<{ id: string }>`update organization_unit ou set deleted_at = ${now}, updated_at = now(), version = version + 1
      where ou.organization_unit_id in (${sql.join(part)})
        and not exists (select 1 from participant_group g where g.organization_unit_id = ou.organization_unit_id and g.deleted_at is null)
        and not exists (select 1 from participant p where p.organization_unit_id = ou.organization_unit_id and p.deleted_at is null)
      returning ou.organization_unit_id as id`.execute(tx);
    out.push(...rows.rows.map((r) => r.id));
  }
  return out;
}

/** Ends the accounts' sessions and pending codes and clears their passwords. */
export async function resetAccounts(tx: Db, userIds: readonly string[], now: Date): Promise<void> {
  for (const part of chunks(userIds)) {
    await tx.updateTable("session").set({ revoked_at: now }).where("user_id", "in", part).where("revoked_at", "is", null).execute();
    await tx.updateTable("one_time_code").set({ used_at: now }).where("user_id", "in", part).where("used_at", "is", null).execute();
    await tx
      .updateTable("app_user")
      .set({ password_hash: null, password_is_temporary: false, updated_at: now, version: sql`version + 1` })
      .where("user_id", "in", part)
      .execute();
  }
}

/** The accounts' e-mails now. */
export async function emailsOf(tx: Db, userIds: readonly string[]): Promise<{ user_id: string; email: string }[]> {
  const out: { user_id: string; email: string }[] = [];
  for (const part of chunks(userIds)) {
    out.push(...(await tx.selectFrom("app_user").select(["user_id", "email"]).where("user_id", "in", part).execute()));
  }
  return out;
}
