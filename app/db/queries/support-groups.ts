import { sql } from "kysely";
import type { Db } from "../connect.server";

// The reads and writes of letters to work on and support groups (migration 0022,
// app/api/resources/support-groups.ts, docs/features/support-groups.md).

export type LetterEntryRow = {
  participant_id: string;
  test_code: "letter-names" | "letter-sounds";
  source: "benchmark" | "probe";
  entry_id: string;
  at: Date;
  saved_at: Date;
  correct_by_code: Record<string, number> | null;
};

/**
 * The latest letter entry of each letter test of each live student of a classroom, given in
 * [from, to) (the school year's periods): a finished, valid benchmark test, or a progress probe
 * (migration 0021), which counts from its date. The rule of "latest" is
 * app/domain/letters-to-work-on.ts's; `distinct on` with the same order only keeps the rows few
 * (two per student), so the classroom page pays one small query.
 */
export async function latestLetterEntries(db: Db, classroomId: string, bounds: { from: Date; to: Date }): Promise<LetterEntryRow[]> {
  const { rows } = await sql<LetterEntryRow>`
    select distinct on (e.participant_id, e.test_code) e.*
      from (
        select t.participant_id, t.test_code, 'benchmark' as source, t.participant_test_id as entry_id,
               t.start_dt_tm as at, t.updated_at as saved_at, t.correct_by_code
          from participant_group_member m
          join participant p on p.participant_id = m.participant_id and p.deleted_at is null
          join participant_test t on t.participant_id = m.participant_id
         where m.participant_group_id = ${classroomId}
           and t.deleted_at is null
           and t.completed_flag
           and t.invalid is not true
           and t.correct_by_code is not null
           and t.test_code in ('letter-names', 'letter-sounds')
           and t.start_dt_tm >= ${bounds.from}
           and t.start_dt_tm < ${bounds.to}
        union all
        select r.participant_id, r.measure, 'probe', r.progress_probe_id,
               r.probe_date::timestamp at time zone 'UTC', r.created_at, r.correct_by_code
          from participant_group_member m
          join participant p on p.participant_id = m.participant_id and p.deleted_at is null
          join progress_probe r on r.participant_id = m.participant_id
         where m.participant_group_id = ${classroomId}
           and r.measure in ('letter-names', 'letter-sounds')
           and r.correct_by_code is not null
           and r.probe_date::timestamp at time zone 'UTC' >= ${bounds.from}
           and r.probe_date::timestamp at time zone 'UTC' < ${bounds.to}
      ) e
     order by e.participant_id, e.test_code, e.at desc, e.saved_at desc, e.entry_id desc`.execute(db);
  return rows.map((r) => ({
    ...r,
    correct_by_code: typeof r.correct_by_code === "string" ? JSON.parse(r.correct_by_code) : r.correct_by_code,
  }));
}

/** A classroom's live students by name. */
export function classroomStudentNames(db: Db, classroomId: string) {
  return db
    .selectFrom("participant_group_member as m")
    .innerJoin("participant as p", "p.participant_id", "m.participant_id")
    .select(["p.participant_id", "p.first_name", "p.last_name", "p.grade"])
    .where("m.participant_group_id", "=", classroomId)
    .where("p.deleted_at", "is", null)
    .orderBy(sql`lower(p.last_name)`)
    .orderBy(sql`lower(p.first_name)`)
    .orderBy("p.participant_id")
    .execute();
}

/** A classroom's saved groups, oldest first. */
export function groupRows(db: Db, classroomId: string) {
  return db
    .selectFrom("support_group")
    .select(["support_group_id", "participant_group_id", "name", "name_letters", "sound_letters", "created_at", "updated_at"])
    .where("participant_group_id", "=", classroomId)
    .orderBy("created_at")
    .orderBy("support_group_id")
    .execute();
}

/** The members of a classroom's groups (live students only). */
export function memberRows(db: Db, classroomId: string) {
  return db
    .selectFrom("support_group_member as m")
    .innerJoin("participant as p", "p.participant_id", "m.participant_id")
    .select(["m.support_group_id", "m.participant_id"])
    .where("m.participant_group_id", "=", classroomId)
    .where("p.deleted_at", "is", null)
    .execute();
}

/** The sessions of a classroom's groups, latest first, with who they were for. */
export function sessionRows(db: Db, classroomId: string) {
  return db
    .selectFrom("support_session as s")
    .innerJoin("support_group as g", "g.support_group_id", "s.support_group_id")
    .select([
      "s.support_session_id",
      "s.support_group_id",
      "s.on_date",
      "s.minutes",
      "s.worked_on",
      "s.recorded_at",
      sql<
        string[]
      >`coalesce((select array_agg(ss.participant_id::text order by ss.participant_id) from support_session_student ss where ss.support_session_id = s.support_session_id), '{}')`.as(
        "participant_ids",
      ),
    ])
    .where("g.participant_group_id", "=", classroomId)
    .orderBy("s.on_date", "desc")
    .orderBy("s.recorded_at", "desc")
    .execute();
}

/** A group's classroom; undefined when the group is unknown. */
export function groupOwner(db: Db, supportGroupId: string) {
  return db
    .selectFrom("support_group")
    .select(["support_group_id", "participant_group_id", "name"])
    .where("support_group_id", "=", supportGroupId)
    .executeTakeFirst();
}

/** Which of `ids` are live students of the classroom. */
export async function studentsOfClassroom(db: Db, classroomId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom("participant_group_member as m")
    .innerJoin("participant as p", "p.participant_id", "m.participant_id")
    .select("m.participant_id")
    .where("m.participant_group_id", "=", classroomId)
    .where("p.deleted_at", "is", null)
    .where("m.participant_id", "in", [...ids])
    .execute();
  return new Set(rows.map((r) => r.participant_id));
}

/** Saves a group with its students; students in another group of the classroom move to it. */
export async function insertGroup(
  tx: Db,
  g: { classroomId: string; name: string; nameLetters: string[]; soundLetters: string[]; participantIds: readonly string[]; by: string },
): Promise<string> {
  const { support_group_id } = await tx
    .insertInto("support_group")
    .values({
      participant_group_id: g.classroomId,
      name: g.name,
      name_letters: g.nameLetters,
      sound_letters: g.soundLetters,
      created_by: g.by,
    })
    .returning("support_group_id")
    .executeTakeFirstOrThrow();
  for (const id of g.participantIds) await moveMember(tx, g.classroomId, support_group_id, id);
  return support_group_id;
}

/** Puts a student of the classroom in a group, out of any other group of the classroom. */
export async function moveMember(tx: Db, classroomId: string, supportGroupId: string, participantId: string): Promise<void> {
  await tx
    .insertInto("support_group_member")
    .values({ support_group_id: supportGroupId, participant_group_id: classroomId, participant_id: participantId })
    .onConflict((oc) => oc.columns(["participant_group_id", "participant_id"]).doUpdateSet({ support_group_id: supportGroupId }))
    .execute();
}

export function renameGroup(tx: Db, supportGroupId: string, name: string, at: Date) {
  return tx.updateTable("support_group").set({ name, updated_at: at }).where("support_group_id", "=", supportGroupId).execute();
}

/** Logs a session for the group's students as the group stands now. */
export async function insertSession(
  tx: Db,
  s: { supportGroupId: string; onDate: string; minutes: number; workedOn: string; by: string },
): Promise<string> {
  const { support_session_id } = await tx
    .insertInto("support_session")
    .values({ support_group_id: s.supportGroupId, on_date: s.onDate, minutes: s.minutes, worked_on: s.workedOn, recorded_by: s.by })
    .returning("support_session_id")
    .executeTakeFirstOrThrow();
  await sql`
    insert into support_session_student (support_session_id, participant_id)
    select ${support_session_id}, m.participant_id
      from support_group_member m
      join participant p on p.participant_id = m.participant_id and p.deleted_at is null
     where m.support_group_id = ${s.supportGroupId}`.execute(tx);
  return support_session_id;
}

/** A student's logged sessions, oldest first, with their group's name. */
export function studentSessionRows(db: Db, participantId: string) {
  return db
    .selectFrom("support_session_student as ss")
    .innerJoin("support_session as s", "s.support_session_id", "ss.support_session_id")
    .innerJoin("support_group as g", "g.support_group_id", "s.support_group_id")
    .select(["s.support_session_id", "s.on_date", "s.minutes", "s.worked_on", "g.name as group_name", "g.support_group_id"])
    .where("ss.participant_id", "=", participantId)
    .orderBy("s.on_date")
    .orderBy("s.recorded_at")
    .execute();
}
