import type { Db } from "../connect.server";

// The look-ups of the API's scope checks (app/api/scope.ts decides 404, 403 or allowed).

/** A live district's row. */
export function liveOrganization(db: Db, organizationId: string) {
  return db
    .selectFrom("organization")
    .selectAll()
    .where("organization_id", "=", organizationId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

/** A live school's row with its district's name (a school's answer names its district: one round trip, issue 15). */
export function liveSchoolWithDistrictName(db: Db, schoolId: string) {
  return db
    .selectFrom("organization_unit as ou")
    .innerJoin("organization as o", "o.organization_id", "ou.organization_id")
    .selectAll("ou")
    .select("o.name as organization_name")
    .where("ou.organization_unit_id", "=", schoolId)
    .where("ou.deleted_at", "is", null)
    .executeTakeFirst();
}

/**
 * A live classroom's row with its district, whether `userId` teaches it (in the same statement:
 * one round trip, issue 15), the versions of its results and of its district's calendar (so the
 * results read after the check can be answered from this process's copy), the school's and
 * district's names, for the grid's heading, and whether the district has a follow-up policy.
 */
export function liveClassroomFor(db: Db, classroomId: string, userId: string) {
  return (
    db
      .selectFrom("participant_group as g")
      .innerJoin("organization_unit as ou", "ou.organization_unit_id", "g.organization_unit_id")
      .innerJoin("organization as o", "o.organization_id", "ou.organization_id")
      .leftJoin("classroom_results_version as rv", "rv.participant_group_id", "g.participant_group_id")
      .selectAll("g")
      .select(["ou.organization_id", "o.config_version", "ou.name as school_name", "o.name as organization_name"])
      .select((eb) => eb.fn.coalesce("rv.version", eb.lit(1)).as("results_version"))
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom("participant_group_teacher as t")
              .select("t.user_id")
              .whereRef("t.participant_group_id", "=", "g.participant_group_id")
              .where("t.user_id", "=", userId),
          )
          .as("taught"),
      )
      // Whether the district has a follow-up policy: the grid's notice marks (issue 38) cost no read without one.
      .select((eb) =>
        eb
          .exists(
            eb.selectFrom("follow_up_policy as fp").select("fp.organization_id").whereRef("fp.organization_id", "=", "ou.organization_id"),
          )
          .as("follow_up_policy_set"),
      )
      .where("g.participant_group_id", "=", classroomId)
      .where("g.deleted_at", "is", null)
      .executeTakeFirst()
  );
}

/** A live student's row with the district of their school. */
export function liveParticipantWithDistrict(db: Db, participantId: string) {
  return db
    .selectFrom("participant as p")
    .innerJoin("organization_unit as ou", "ou.organization_unit_id", "p.organization_unit_id")
    .selectAll("p")
    .select("ou.organization_id")
    .where("p.participant_id", "=", participantId)
    .where("p.deleted_at", "is", null)
    .executeTakeFirst();
}

/** Whether `userId` teaches a live classroom the student is in. */
export async function teachesStudent(db: Db, userId: string, participantId: string): Promise<boolean> {
  const row = await db
    .selectFrom("participant_group_member as m")
    .innerJoin("participant_group_teacher as t", "t.participant_group_id", "m.participant_group_id")
    .innerJoin("participant_group as g", "g.participant_group_id", "m.participant_group_id")
    .select("m.participant_id")
    .where("m.participant_id", "=", participantId)
    .where("t.user_id", "=", userId)
    .where("g.deleted_at", "is", null)
    .executeTakeFirst();
  return Boolean(row);
}

/** A live user's row, by id or by e-mail (any case, spaces around it ignored). */
export function liveUserBy(db: Db, by: { userId: string } | { email: string }) {
  return db
    .selectFrom("app_user")
    .selectAll()
    .$call((q) =>
      "userId" in by
        ? q.where("user_id", "=", by.userId)
        : q.where((eb) => eb(eb.fn("lower", ["email"]), "=", by.email.trim().toLowerCase())),
    )
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

/** The classrooms among `ids` (at least one) that a user teaches. */
export async function classroomsTaughtAmong(db: Db, userId: string, ids: readonly string[]): Promise<string[]> {
  const rows = await db
    .selectFrom("participant_group_teacher")
    .select("participant_group_id")
    .where("user_id", "=", userId)
    .where("participant_group_id", "in", [...ids])
    .execute();
  return rows.map((r) => r.participant_group_id);
}
