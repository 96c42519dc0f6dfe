import { sql } from "kysely";
import type {
  ClassroomRow,
  ClassroomTeacherRow,
  ExportTestRow,
  MembershipRow,
  ProgressRow,
  ReportPeriod,
  RosterStudentRow,
  SchoolTestRow,
} from "#app/domain/report-rows";
import type { CountRow } from "#app/domain/completion-summary";
import type { Db } from "../connect.server";

// The reads of the completion report and the CSV downloads. Each figure is one query for the
// whole district (or school), whatever its size; app/domain/report-rows.ts builds the answers.

/** A district, or one school of it. */
export type ReportScope = { organizationId: string; schoolId?: string };

export function findDistrict(db: Db, organizationId: string): Promise<{ organization_id: string; name: string } | undefined> {
  return db
    .selectFrom("organization")
    .select(["organization_id", "name"])
    .where("organization_id", "=", organizationId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

export function findSchool(
  db: Db,
  schoolId: string,
): Promise<{ organization_unit_id: string; organization_id: string; name: string } | undefined> {
  return db
    .selectFrom("organization_unit")
    .select(["organization_unit_id", "organization_id", "name"])
    .where("organization_unit_id", "=", schoolId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

/** Live schools of a district by name. */
export function districtSchools(db: Db, organizationId: string): Promise<{ organization_unit_id: string; name: string }[]> {
  return db
    .selectFrom("organization_unit")
    .select(["organization_unit_id", "name"])
    .where("organization_id", "=", organizationId)
    .where("deleted_at", "is", null)
    .orderBy(sql`lower(name)`)
    .execute();
}

/**
 * Live students of the scope with their school (by school, then name), its live classrooms by
 * name, the memberships of those classrooms, and each classroom's teachers by name.
 */
export async function rosterRows(
  db: Db,
  scope: ReportScope,
): Promise<{ students: RosterStudentRow[]; classrooms: ClassroomRow[]; members: MembershipRow[]; teachers: ClassroomTeacherRow[] }> {
  const inSchool = scope.schoolId ?? "";
  const [students, classrooms, members, teachers] = await Promise.all([
    db
      .selectFrom("participant as p")
      .innerJoin("organization_unit as ou", "ou.organization_unit_id", "p.organization_unit_id")
      .select([
        "p.participant_id",
        "p.participant_code",
        "p.organization_unit_id",
        "p.first_name",
        "p.middle_name",
        "p.last_name",
        "p.date_of_birth",
        "p.grade",
        "p.tags",
        "p.external_id",
        "ou.name as school_name",
      ])
      .where("ou.organization_id", "=", scope.organizationId)
      .where("ou.deleted_at", "is", null)
      .where("p.deleted_at", "is", null)
      .$if(scope.schoolId !== undefined, (q) => q.where("p.organization_unit_id", "=", inSchool))
      .orderBy(sql`lower(ou.name)`)
      .orderBy(sql`lower(p.last_name)`)
      .orderBy(sql`lower(p.first_name)`)
      .orderBy("p.participant_id")
      .execute(),
    scopeClassrooms(db, scope),
    db
      .selectFrom("participant_group_member as m")
      .innerJoin("participant_group as g", "g.participant_group_id", "m.participant_group_id")
      .innerJoin("organization_unit as ou", "ou.organization_unit_id", "g.organization_unit_id")
      .select(["m.participant_id", "m.participant_group_id"])
      .where("ou.organization_id", "=", scope.organizationId)
      .where("g.deleted_at", "is", null)
      .$if(scope.schoolId !== undefined, (q) => q.where("g.organization_unit_id", "=", inSchool))
      .execute(),
    db
      .selectFrom("participant_group_teacher as t")
      .innerJoin("participant_group as g", "g.participant_group_id", "t.participant_group_id")
      .innerJoin("organization_unit as ou", "ou.organization_unit_id", "g.organization_unit_id")
      .innerJoin("app_user as u", "u.user_id", "t.user_id")
      .select(["t.participant_group_id", "u.first_name", "u.last_name"])
      .where("ou.organization_id", "=", scope.organizationId)
      .where("g.deleted_at", "is", null)
      .where("u.deleted_at", "is", null)
      .$if(scope.schoolId !== undefined, (q) => q.where("g.organization_unit_id", "=", inSchool))
      .orderBy(sql`lower(u.last_name)`)
      .orderBy(sql`lower(u.first_name)`)
      .execute(),
  ]);
  return { students, classrooms, members, teachers };
}

/** `and p.participant_id in (…)` when the read is for one batch of students. */
const idFilter = (ids: readonly string[] | undefined) =>
  ids ? (ids.length ? sql`and p.participant_id in (${sql.join(ids.map((id) => sql`${id}::uuid`))})` : sql`and false`) : sql``;

const periodValues = (periods: readonly ReportPeriod[]) =>
  sql.join(periods.map((p) => sql`(${p.period}::text, ${p.from}::timestamptz, ${p.to}::timestamptz)`));

/**
 * Per student of the scope and period with at least one test started in it: how many of the tests
 * the district lists for the student's grade in that period are complete. One aggregate query.
 */
export async function progressRows(
  db: Db,
  scope: ReportScope & { participantIds?: readonly string[] },
  periods: readonly ReportPeriod[],
): Promise<ProgressRow[]> {
  if (periods.length === 0 || scope.participantIds?.length === 0) return [];
  const reqRows = periods.flatMap((p) =>
    [...p.required].flatMap(([grade, codes]) => codes.map((code) => sql`(${p.period}::text, ${grade}::text, ${code}::text)`)),
  );
  const req = reqRows.length ? sql`values ${sql.join(reqRows)}` : sql`select null::text, null::text, null::text where false`;
  const schoolFilter = scope.schoolId ? sql`and p.organization_unit_id = ${scope.schoolId}` : sql``;
  const result = await sql<ProgressRow>`
    with pr(period_name, t0, t1) as (values ${periodValues(periods)}),
    req(period_name, grade, test_code) as (${req}),
    st as (
      select p.participant_id, p.grade
      from participant p
      join organization_unit ou on ou.organization_unit_id = p.organization_unit_id
      where ou.organization_id = ${scope.organizationId} and ou.deleted_at is null and p.deleted_at is null ${schoolFilter}
        ${idFilter(scope.participantIds)}
    ),
    t as (
      select t.participant_id, pr.period_name, t.test_code, bool_or(t.completed_flag) as complete
      from participant_test t
      join st on st.participant_id = t.participant_id
      join pr on t.start_dt_tm >= pr.t0 and t.start_dt_tm < pr.t1
      where t.deleted_at is null
      group by t.participant_id, pr.period_name, t.test_code
    )
    select t.participant_id, t.period_name,
      (count(req.test_code) filter (where t.complete))::int as done
    from t
    join st on st.participant_id = t.participant_id
    left join req on req.period_name = t.period_name and req.grade = st.grade and req.test_code = t.test_code
    group by t.participant_id, t.period_name
  `.execute(db);
  return result.rows;
}

/** Every live test of the district's live students started in one of the periods, with that period. */
export async function exportTestRows(
  db: Db,
  organizationId: string,
  periods: readonly ReportPeriod[],
  participantIds?: readonly string[],
): Promise<ExportTestRow[]> {
  if (periods.length === 0 || participantIds?.length === 0) return [];
  const result = await sql<ExportTestRow>`
    with pr(period_name, t0, t1) as (values ${periodValues(periods)})
    select t.participant_id, pr.period_name, t.test_code, t.start_dt_tm, t.end_dt_tm, t.completed_flag, t.invalid,
      t.ability_percentile, t.final_theta, t.correct_items, t.total_items, t.scored_secs, t.scored_errors, t.norms_source
    from participant_test t
    join participant p on p.participant_id = t.participant_id
    join organization_unit ou on ou.organization_unit_id = p.organization_unit_id
    join pr on t.start_dt_tm >= pr.t0 and t.start_dt_tm < pr.t1
    where ou.organization_id = ${organizationId} and ou.deleted_at is null and p.deleted_at is null and t.deleted_at is null
      ${idFilter(participantIds)}
    order by t.participant_id, t.start_dt_tm, t.test_code
  `.execute(db);
  return result.rows;
}

/** Live tests of a school's live students started within the bounds of one period. */
export function schoolTestRows(db: Db, schoolId: string, bounds: { from: string; to: string }): Promise<SchoolTestRow[]> {
  return db
    .selectFrom("participant_test as t")
    .innerJoin("participant as p", "p.participant_id", "t.participant_id")
    .select([
      "t.participant_id",
      "t.test_code",
      "t.completed_flag",
      "t.invalid",
      "t.ability_percentile",
      "t.final_theta",
      "t.correct_items",
      "t.total_items",
      "t.start_dt_tm",
      "t.scored_secs",
      "t.scored_errors",
      "t.norms_source",
    ])
    .where("p.organization_unit_id", "=", schoolId)
    .where("p.deleted_at", "is", null)
    .where("t.deleted_at", "is", null)
    .where("t.start_dt_tm", ">=", new Date(bounds.from))
    .where("t.start_dt_tm", "<", new Date(bounds.to))
    .execute();
}

// ── Completion summary: set-based counts (issue 15) ─────────────────────────────────────────

/** One figure of the completion summary (by school, school and grade, classroom, or grade): the row completion-summary reads. */
export type CompletionCountRow = CountRow;

/**
 * The status CTEs of the completion report: `status(participant_id, organization_unit_id, grade,
 * started, finished)`, one row per live student of the scope (or of `participantIds` within it).
 * Started: a test started in one of the periods. Finished: of the grade's listed tests of every
 * period, each has a complete test in that period (and the lists hold at least one test), as
 * completionStatus in app/domain/report-rows.ts decides it for one student.
 */
function statusCtes(scope: ReportScope & { participantIds?: readonly string[] }, periods: readonly ReportPeriod[]) {
  const reqRows = periods.flatMap((p) =>
    [...p.required].flatMap(([grade, codes]) => codes.map((code) => sql`(${p.period}::text, ${grade}::text, ${code}::text)`)),
  );
  const req = reqRows.length ? sql`values ${sql.join(reqRows)}` : sql`select null::text, null::text, null::text where false`;
  const pr = periods.length
    ? sql`values ${periodValues(periods)}`
    : sql`select null::text, null::timestamptz, null::timestamptz where false`;
  const schoolFilter = scope.schoolId ? sql`and p.organization_unit_id = ${scope.schoolId}` : sql``;
  return sql`
    pr(period_name, t0, t1) as (${pr}),
    req(period_name, grade, test_code) as (${req}),
    reqn(grade, n) as (select grade, count(*)::int from req group by grade),
    st as (
      select p.participant_id, p.organization_unit_id, p.grade
      from participant p
      join organization_unit ou on ou.organization_unit_id = p.organization_unit_id
      where ou.organization_id = ${scope.organizationId} and ou.deleted_at is null and p.deleted_at is null ${schoolFilter} ${idFilter(scope.participantIds)}
    ),
    t as (
      select t.participant_id, pr.period_name, t.test_code, bool_or(t.completed_flag) as complete
      from participant_test t
      join st on st.participant_id = t.participant_id
      join pr on t.start_dt_tm >= pr.t0 and t.start_dt_tm < pr.t1
      where t.deleted_at is null
      group by t.participant_id, pr.period_name, t.test_code
    ),
    prog as (
      select t.participant_id, (count(req.test_code) filter (where t.complete))::int as done
      from t
      join st on st.participant_id = t.participant_id
      left join req on req.period_name = t.period_name and req.grade = st.grade and req.test_code = t.test_code
      group by t.participant_id
    ),
    status as (
      select st.participant_id, st.organization_unit_id, st.grade,
        prog.participant_id is not null as started,
        coalesce(reqn.n, 0) > 0 and coalesce(prog.done, 0) = reqn.n as finished
      from st
      left join prog on prog.participant_id = st.participant_id
      left join reqn on reqn.grade = st.grade
    )`;
}

/**
 * The completion report's counts (GROUP BY in SQL), one statement per school: by school, by school
 * and grade, and by classroom (a student counts in each live classroom of their own school); then
 * the district's grades, the sums of the schools' (a student is in one school). Units without
 * students have no row (the caller lists them with zeros).
 *
 * Not one statement for the district: PGlite runs a statement to its end with the process held,
 * and a district of 100,000 students counted at once held it for seconds, every page of every
 * visitor waiting. A school's count is short, and the driver serves the requests that came
 * meanwhile between two schools (app/db/pglite-dialect.ts). A few schools at a time: PostgreSQL
 * counts them side by side; PGlite still one after another.
 */
/**
 * One school's completion counts for the report periods: the school's row, a row per grade and
 * per classroom. The district's grade rows are sums of these (districtGradeRows), so a district is
 * counted school by school, and a school whose scores and roster did not change is not counted
 * again (app/api/kept.ts).
 */
export async function schoolCountRows(
  db: Db,
  scope: Required<ReportScope>,
  periods: readonly ReportPeriod[],
): Promise<CompletionCountRow[]> {
  const counts = sql`count(*)::int as total, (count(*) filter (where s.started))::int as started, (count(*) filter (where s.finished))::int as finished`;
  const result = await sql<CompletionCountRow>`
    with ${statusCtes(scope, periods)}
    select 'school' as level, s.organization_unit_id, null::uuid as participant_group_id, null::text as grade, ${counts}
      from status s group by s.organization_unit_id
    union all
    select 'school_grade', s.organization_unit_id, null::uuid, s.grade, ${counts}
      from status s group by s.organization_unit_id, s.grade
    union all
    select 'classroom', g.organization_unit_id, g.participant_group_id, null::text, ${counts}
      from status s
      join participant_group_member m on m.participant_id = s.participant_id
      join participant_group g on g.participant_group_id = m.participant_group_id
        and g.organization_unit_id = s.organization_unit_id and g.deleted_at is null
      group by g.organization_unit_id, g.participant_group_id
  `.execute(db);
  return result.rows;
}

/** Live classrooms of the district (or of one school of it), by name. */
export function scopeClassrooms(db: Db, scope: ReportScope): Promise<ClassroomRow[]> {
  return db
    .selectFrom("participant_group as g")
    .innerJoin("organization_unit as ou", "ou.organization_unit_id", "g.organization_unit_id")
    .select(["g.participant_group_id", "g.name", "g.organization_unit_id"])
    .where("ou.organization_id", "=", scope.organizationId)
    .where("ou.deleted_at", "is", null)
    .where("g.deleted_at", "is", null)
    .$if(scope.schoolId !== undefined, (q) => q.where("g.organization_unit_id", "=", scope.schoolId ?? ""))
    .orderBy(sql`lower(g.name)`)
    .execute();
}

/** How many live students the district has (the streamed CSVs' row count, sent before the rows). */
export async function districtStudentCount(db: Db, organizationId: string): Promise<number> {
  const row = await db
    .selectFrom("participant as p")
    .innerJoin("organization_unit as ou", "ou.organization_unit_id", "p.organization_unit_id")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("ou.organization_id", "=", organizationId)
    .where("ou.deleted_at", "is", null)
    .where("p.deleted_at", "is", null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

// ── Streamed CSVs: one school's students a batch at a time, by keyset ───────────────────────

/** Where the last batch ended: the sort key of its last student. */
export type StudentKey = { last: string; first: string; id: string };

/**
 * Up to `limit` live students of one school after `after`, by last name, first name and id
 * (case-insensitive; participant_unit_idx), with the school's name. Keyset, not OFFSET: each batch
 * costs the same however far into the school it is, and no connection is held between batches.
 */
export async function studentBatch(
  db: Db,
  school: { organization_unit_id: string; name: string },
  after: StudentKey | null,
  limit: number,
): Promise<RosterStudentRow[]> {
  const rows = await db
    .selectFrom("participant as p")
    .select([
      "p.participant_id",
      "p.participant_code",
      "p.organization_unit_id",
      "p.first_name",
      "p.middle_name",
      "p.last_name",
      "p.date_of_birth",
      "p.grade",
      "p.tags",
      "p.external_id",
    ])
    .where("p.organization_unit_id", "=", school.organization_unit_id)
    .where("p.deleted_at", "is", null)
    .$if(after !== null, (q) =>
      q.where(
        sql<boolean>`(lower(p.last_name), lower(p.first_name), p.participant_id) > (${after?.last}, ${after?.first}, ${after?.id}::uuid)`,
      ),
    )
    .orderBy(sql`lower(p.last_name)`)
    .orderBy(sql`lower(p.first_name)`)
    .orderBy("p.participant_id")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, school_name: school.name }));
}

/** The memberships of some students (their live classrooms are the caller's to pick). */
export function membershipsOf(db: Db, participantIds: readonly string[]): Promise<MembershipRow[]> {
  if (participantIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("participant_group_member")
    .select(["participant_id", "participant_group_id"])
    .where("participant_id", "in", participantIds)
    .execute();
}

/** The teachers of one school's live classrooms, by last then first name. */
export function schoolTeachers(db: Db, schoolId: string): Promise<ClassroomTeacherRow[]> {
  return db
    .selectFrom("participant_group_teacher as t")
    .innerJoin("participant_group as g", "g.participant_group_id", "t.participant_group_id")
    .innerJoin("app_user as u", "u.user_id", "t.user_id")
    .select(["t.participant_group_id", "u.first_name", "u.last_name"])
    .where("g.organization_unit_id", "=", schoolId)
    .where("g.deleted_at", "is", null)
    .where("u.deleted_at", "is", null)
    .orderBy(sql`lower(u.last_name)`)
    .orderBy(sql`lower(u.first_name)`)
    .execute();
}

/** Started and finished over `periods` for each of some students (the completion report's rule, statusCtes). */
export async function statusRows(
  db: Db,
  organizationId: string,
  participantIds: readonly string[],
  periods: readonly ReportPeriod[],
): Promise<{ participant_id: string; started: boolean; finished: boolean }[]> {
  if (participantIds.length === 0) return [];
  const result = await sql<{ participant_id: string; started: boolean; finished: boolean }>`
    with ${statusCtes({ organizationId, participantIds }, periods)}
    select participant_id, started, finished from status
  `.execute(db);
  return result.rows;
}
