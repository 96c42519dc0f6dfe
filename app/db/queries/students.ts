import { sql, type Insertable, type Updateable } from "kysely";
import { jsonArrayFrom } from "kysely/helpers/postgres";
import type { Db } from "../connect.server";
import type { ParticipantTable } from "../schema";

// Students (participant) and their classroom memberships (participant_group_member): the reads
// and writes of the students API (app/api/resources/participants.ts).

/** The ids of the student's live classrooms. */
export async function liveClassroomIdsOfStudent(db: Db, participantId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("participant_group_member as m")
    .innerJoin("participant_group as g", "g.participant_group_id", "m.participant_group_id")
    .select("m.participant_group_id")
    .where("m.participant_id", "=", participantId)
    .where("g.deleted_at", "is", null)
    .execute();
  return rows.map((r) => r.participant_group_id);
}

/** The ids of every classroom the student is a member of, live or deleted. */
export async function classroomIdsOfStudent(tx: Db, participantId: string): Promise<string[]> {
  const rows = await tx
    .selectFrom("participant_group_member")
    .select("participant_group_id")
    .where("participant_id", "=", participantId)
    .execute();
  return rows.map((m) => m.participant_group_id);
}

/**
 * The live classrooms of the school among `classroomIds` (at least one), locked for share: run it
 * inside the save's transaction.
 */
export function shareLiveClassroomsOfSchool(tx: Db, schoolId: string, classroomIds: readonly string[]) {
  return (
    tx
      .selectFrom("participant_group")
      .select(["participant_group_id", "name", "enabled_in_eb_platform"])
      .where("participant_group_id", "in", [...classroomIds])
      .where("organization_unit_id", "=", schoolId)
      .where("deleted_at", "is", null)
      // Held until the save commits: a classroom cannot be deleted while a student joins it
      // (its delete locks it for update, then counts its students).
      .orderBy("participant_group_id")
      .forShare()
      .execute()
  );
}

/**
 * A school's live students by name, each with their live classrooms (by name) and those
 * classrooms' live teachers (by name); with `teacherId`, only the students of that teacher's
 * classrooms; with `onlyIds` (at least one), only those (one page).
 */
export function schoolStudentsWithClassrooms(db: Db, schoolId: string, teacherId: string | null, onlyIds?: readonly string[]) {
  // One statement: each student with their classrooms and those classrooms' teachers as JSON
  // (one round trip, issue 15).
  return (
    db
      .selectFrom("participant as p")
      .selectAll("p")
      .select((eb) =>
        jsonArrayFrom(
          eb
            .selectFrom("participant_group_member as m")
            .innerJoin("participant_group as g", "g.participant_group_id", "m.participant_group_id")
            .select(["g.participant_group_id", "g.name", "g.enabled_in_eb_platform"])
            .select((eb) =>
              jsonArrayFrom(
                eb
                  .selectFrom("participant_group_teacher as t")
                  .innerJoin("app_user as u", "u.user_id", "t.user_id")
                  .select(["u.user_id", "u.first_name", "u.last_name"])
                  .whereRef("t.participant_group_id", "=", "g.participant_group_id")
                  .where("u.deleted_at", "is", null)
                  .orderBy(sql`lower(u.last_name)`)
                  .orderBy(sql`lower(u.first_name)`),
              ).as("teachers"),
            )
            .whereRef("m.participant_id", "=", "p.participant_id")
            .where("g.deleted_at", "is", null)
            .orderBy(sql`lower(g.name)`),
        ).as("groups"),
      )
      .where("p.organization_unit_id", "=", schoolId)
      .where("p.deleted_at", "is", null)
      // One array parameter for a page, not 50: one statement text for every page length (kept
      // prepared on PostgreSQL), and on PGlite one value to send and less to plan.
      .$if(onlyIds !== undefined, (q) => q.where(sql<boolean>`p.participant_id = any(${[...(onlyIds ?? [])]}::uuid[])`))
      .$if(teacherId !== null, (q) =>
        q.where("p.participant_id", "in", (eb) =>
          eb
            .selectFrom("participant_group_member as m")
            .innerJoin("participant_group_teacher as t", "t.participant_group_id", "m.participant_group_id")
            .innerJoin("participant_group as g", "g.participant_group_id", "m.participant_group_id")
            .select("m.participant_id")
            .where("t.user_id", "=", teacherId ?? "")
            .where("g.deleted_at", "is", null),
        ),
      )
      .orderBy(sql`lower(p.last_name)`)
      .orderBy(sql`lower(p.first_name)`)
      .orderBy("p.participant_id")
      .execute()
  );
}

/** A new student in these classrooms (distinct ids); its row. */
export async function insertStudent(tx: Db, values: Insertable<ParticipantTable>, classroomIds: readonly string[]) {
  const p = await tx.insertInto("participant").values(values).returningAll().executeTakeFirstOrThrow();
  if (classroomIds.length) {
    await tx
      .insertInto("participant_group_member")
      .values(classroomIds.map((g) => ({ participant_group_id: g, participant_id: p.participant_id })))
      .execute();
  }
  return p;
}

/** Locks a live student's row for a save; undefined when the student is gone. */
export function lockLiveStudent(tx: Db, participantId: string) {
  return tx
    .selectFrom("participant")
    .selectAll()
    .where("participant_id", "=", participantId)
    .where("deleted_at", "is", null)
    .forUpdate()
    .executeTakeFirst();
}

/** Saves a student's fields and raises its version; the saved row. */
export function saveStudent(tx: Db, participantId: string, fields: Updateable<ParticipantTable>, now: Date) {
  return tx
    .updateTable("participant")
    .set({ ...fields, updated_at: now, version: sql<number>`version + 1` })
    .where("participant_id", "=", participantId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function leaveClassrooms(tx: Db, participantId: string, classroomIds: readonly string[]): Promise<void> {
  await tx
    .deleteFrom("participant_group_member")
    .where("participant_id", "=", participantId)
    .where("participant_group_id", "in", [...classroomIds])
    .execute();
}

export async function joinClassrooms(tx: Db, participantId: string, classroomIds: readonly string[]): Promise<void> {
  await tx
    .insertInto("participant_group_member")
    .values(classroomIds.map((g) => ({ participant_group_id: g, participant_id: participantId })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function softDeleteStudent(tx: Db, participantId: string, now: Date): Promise<void> {
  await tx.updateTable("participant").set({ deleted_at: now, updated_at: now }).where("participant_id", "=", participantId).execute();
}
