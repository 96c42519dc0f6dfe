import { sql } from "kysely";
import type { Db } from "../connect.server";

// Classrooms (participant_group) with their teachers (participant_group_teacher): the reads and
// writes of the classrooms API (app/api/resources/participant-groups.ts).

/** The first role (by position) of the user aliased `u`, null without a role. */
const FIRST_ROLE_OF_U = sql<string | null>`(select role_id from user_role where user_id = u.user_id order by position limit 1)`;

/** What a classroom's row and card show of it (`g`) and its school (`ou`). */
const CLASSROOM_AND_SCHOOL = [
  "g.participant_group_id",
  "g.name",
  "g.organization_unit_id",
  "g.enabled_in_eb_platform",
  "g.version",
  "ou.name as school_name",
] as const;

/** The classroom (live or deleted) with its school's and district's names; throws when there is none. */
export function classroomWithSchool(db: Db, classroomId: string) {
  return db
    .selectFrom("participant_group as g")
    .innerJoin("organization_unit as ou", "ou.organization_unit_id", "g.organization_unit_id")
    .innerJoin("organization as o", "o.organization_id", "ou.organization_id")
    .select([...CLASSROOM_AND_SCHOOL, "o.organization_id", "o.name as organization_name"])
    .where("g.participant_group_id", "=", classroomId)
    .executeTakeFirstOrThrow();
}

/** The classroom's live teachers by name, each with their first role's id (null without a role). */
export function classroomTeachersWithRole(db: Db, classroomId: string) {
  return db
    .selectFrom("participant_group_teacher as t")
    .innerJoin("app_user as u", "u.user_id", "t.user_id")
    .select(["u.user_id", "u.first_name", "u.last_name"])
    .select(FIRST_ROLE_OF_U.as("role_id"))
    .where("t.participant_group_id", "=", classroomId)
    .where("u.deleted_at", "is", null)
    .orderBy(sql`lower(u.last_name)`)
    .orderBy(sql`lower(u.first_name)`)
    .execute();
}

/** The classroom's live students' ids and grades, in no order. */
export function classroomStudentGrades(db: Db, classroomId: string) {
  return db
    .selectFrom("participant_group_member as m")
    .innerJoin("participant as p", "p.participant_id", "m.participant_id")
    .select(["p.participant_id", "p.grade"])
    .where("m.participant_group_id", "=", classroomId)
    .where("p.deleted_at", "is", null)
    .execute();
}

/**
 * The live classrooms of these schools (at least one) by school name, then name, with the
 * school's name; with `teacherId`, only the classrooms that teacher teaches; with `onlyIds` (at
 * least one), only those (one page of a list).
 */
export function classroomsOfSchools(db: Db, schoolIds: readonly string[], teacherId: string | null, onlyIds?: readonly string[]) {
  return (
    db
      .selectFrom("participant_group as g")
      .innerJoin("organization_unit as ou", "ou.organization_unit_id", "g.organization_unit_id")
      .select(CLASSROOM_AND_SCHOOL)
      .where("g.organization_unit_id", "in", [...schoolIds])
      .where("g.deleted_at", "is", null)
      // One array parameter for a page (as the school's students, students.ts).
      .$if(onlyIds !== undefined, (q) => q.where(sql<boolean>`g.participant_group_id = any(${[...(onlyIds ?? [])]}::uuid[])`))
      .$if(teacherId !== null, (q) =>
        q.where("g.participant_group_id", "in", (eb) =>
          eb
            .selectFrom("participant_group_teacher")
            .select("participant_group_id")
            .where("user_id", "=", teacherId ?? ""),
        ),
      )
      .orderBy(sql`lower(ou.name)`)
      .orderBy(sql`lower(g.name)`)
      .orderBy("g.participant_group_id")
      .execute()
  );
}

/** How many live students of each grade these classrooms (at least one) hold (`n` as text). */
export function gradeCountsOfClassrooms(db: Db, classroomIds: readonly string[]) {
  return db
    .selectFrom("participant_group_member as m")
    .innerJoin("participant as p", "p.participant_id", "m.participant_id")
    .select(["m.participant_group_id", "p.grade"])
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where(sql<boolean>`m.participant_group_id = any(${classroomIds}::uuid[])`)
    .where("p.deleted_at", "is", null)
    .groupBy(["m.participant_group_id", "p.grade"])
    .execute();
}

/** The live teachers of these classrooms (at least one), by name. */
export function teachersOfClassrooms(db: Db, classroomIds: readonly string[]) {
  return db
    .selectFrom("participant_group_teacher as t")
    .innerJoin("app_user as u", "u.user_id", "t.user_id")
    .select(["t.participant_group_id", "u.user_id", "u.first_name", "u.last_name"])
    .where(sql<boolean>`t.participant_group_id = any(${classroomIds}::uuid[])`)
    .where("u.deleted_at", "is", null)
    .orderBy(sql`lower(u.last_name)`)
    .orderBy(sql`lower(u.first_name)`)
    .execute();
}

/** The live users of the school among `userIds` (at least one), each with their first role's id. */
export function schoolUsersWithFirstRole(db: Db, schoolId: string, userIds: readonly string[]) {
  return db
    .selectFrom("app_user as u")
    .innerJoin("user_organization_unit as uou", "uou.user_id", "u.user_id")
    .select("u.user_id")
    .select(FIRST_ROLE_OF_U.as("first_role"))
    .where("u.user_id", "in", [...userIds])
    .where("uou.organization_unit_id", "=", schoolId)
    .where("u.deleted_at", "is", null)
    .execute();
}

/** A new classroom with these teachers (distinct ids); its id. */
export async function insertClassroom(
  tx: Db,
  classroom: { schoolId: string; name: string; enabled: boolean },
  teacherIds: readonly string[],
): Promise<string> {
  const g = await tx
    .insertInto("participant_group")
    .values({ organization_unit_id: classroom.schoolId, name: classroom.name, enabled_in_eb_platform: classroom.enabled })
    .returning("participant_group_id")
    .executeTakeFirstOrThrow();
  if (teacherIds.length) {
    await tx
      .insertInto("participant_group_teacher")
      .values(teacherIds.map((user_id) => ({ participant_group_id: g.participant_group_id, user_id })))
      .execute();
  }
  return g.participant_group_id;
}

/** The ids of the classroom's teachers, live or deleted users. */
export async function teacherIdsOfClassroom(tx: Db, classroomId: string): Promise<string[]> {
  const rows = await tx.selectFrom("participant_group_teacher").select("user_id").where("participant_group_id", "=", classroomId).execute();
  return rows.map((t) => t.user_id);
}

/** Saves a classroom's name and screening switch and raises its version. */
export async function saveClassroom(tx: Db, classroomId: string, fields: { name: string; enabled: boolean }, now: Date): Promise<void> {
  await tx
    .updateTable("participant_group")
    .set({ name: fields.name, enabled_in_eb_platform: fields.enabled, updated_at: now, version: sql<number>`version + 1` })
    .where("participant_group_id", "=", classroomId)
    .execute();
}

export async function removeTeachers(tx: Db, classroomId: string, userIds: readonly string[]): Promise<void> {
  await tx
    .deleteFrom("participant_group_teacher")
    .where("participant_group_id", "=", classroomId)
    .where("user_id", "in", [...userIds])
    .execute();
}

export async function addTeachers(tx: Db, classroomId: string, userIds: readonly string[]): Promise<void> {
  await tx
    .insertInto("participant_group_teacher")
    .values(userIds.map((user_id) => ({ participant_group_id: classroomId, user_id })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** How many live students the classroom holds. */
export async function countLiveStudentsOfClassroom(tx: Db, classroomId: string): Promise<number> {
  const row = await tx
    .selectFrom("participant_group_member as m")
    .innerJoin("participant as p", "p.participant_id", "m.participant_id")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("m.participant_group_id", "=", classroomId)
    .where("p.deleted_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function softDeleteClassroom(tx: Db, classroomId: string, now: Date): Promise<void> {
  await tx
    .updateTable("participant_group")
    .set({ deleted_at: now, updated_at: now })
    .where("participant_group_id", "=", classroomId)
    .execute();
}
