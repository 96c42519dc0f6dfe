import { sql } from "kysely";
import { PARTICIPANT_TEST_COLUMNS } from "./results";
import type { Db } from "../connect.server";

// The reads of one student's profile (app/api/resources/student-profile.ts).

const PERIOD_ORDER = sql<number>`case period_name when 'BOY' then 0 when 'MOY' then 1 else 2 end`;

/** The student's predictive-profile rows of one academic year, BOY first. */
export function riskScoreRows(db: Db, participantId: string, academicYear: string) {
  return db
    .selectFrom("predictive_profile")
    .selectAll()
    .where("participant_id", "=", participantId)
    .where("academic_year", "=", academicYear)
    .orderBy(PERIOD_ORDER)
    .execute();
}

/** A school with its district's id and name. */
export function schoolWithDistrict(db: Db, schoolId: string) {
  return db
    .selectFrom("organization_unit as ou")
    .innerJoin("organization as o", "o.organization_id", "ou.organization_id")
    .select(["ou.organization_unit_id", "ou.name", "o.organization_id", "o.name as organization_name"])
    .where("ou.organization_unit_id", "=", schoolId)
    .executeTakeFirstOrThrow();
}

/** The student's live classrooms by name, one row per live teacher (or one without, for a classroom with none). */
export function classroomTeacherRows(db: Db, participantId: string) {
  return db
    .selectFrom("participant_group_member as m")
    .innerJoin("participant_group as g", "g.participant_group_id", "m.participant_group_id")
    .leftJoin("participant_group_teacher as t", "t.participant_group_id", "g.participant_group_id")
    .leftJoin("app_user as u", (join) => join.onRef("u.user_id", "=", "t.user_id").on("u.deleted_at", "is", null))
    .select(["g.participant_group_id", "g.name", "g.enabled_in_eb_platform", "u.user_id", "u.first_name", "u.last_name"])
    .where("m.participant_id", "=", participantId)
    .where("g.deleted_at", "is", null)
    .orderBy(sql`lower(g.name)`)
    .orderBy("g.participant_group_id")
    .orderBy(sql`lower(u.last_name)`)
    .orderBy(sql`lower(u.first_name)`)
    .execute();
}

/** When the student's latest live test ended (or started, when it has no end). */
export function lastTestAt(db: Db, participantId: string) {
  return db
    .selectFrom("participant_test")
    .select((eb) => eb.fn.max(eb.fn.coalesce("end_dt_tm", "start_dt_tm")).as("last"))
    .where("participant_id", "=", participantId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

/** The student's live tests started in [from, to), by start. */
export function testsStartedBetween(db: Db, participantId: string, from: Date, to: Date) {
  return db
    .selectFrom("participant_test")
    .select(PARTICIPANT_TEST_COLUMNS)
    .where("participant_id", "=", participantId)
    .where("deleted_at", "is", null)
    .where("start_dt_tm", ">=", from)
    .where("start_dt_tm", "<", to)
    .orderBy("start_dt_tm")
    .execute();
}
