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
    db
      .selectFrom("participant_group as g")
      .innerJoin("organization_unit as ou", "ou.organization_unit_id", "g.organization_unit_id")
      .select(["g.participant_group_id", "g.name", "g.organization_unit_id"])
      .where("ou.organization_id", "=", scope.organizationId)
      .where("ou.deleted_at", "is", null)
      .where("g.deleted_at", "is", null)
      .$if(scope.schoolId !== undefined, (q) => q.where("g.organization_unit_id", "=", inSchool))
      .orderBy(sql`lower(g.name)`)
      .execute(),
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

const periodValues = (periods: readonly ReportPeriod[]) =>
  sql.join(periods.map((p) => sql`(${p.period}::text, ${p.from}::timestamptz, ${p.to}::timestamptz)`));

/**
 * Per student of the scope and period with at least one test started in it: how many of the tests
 * the district lists for the student's grade in that period are complete. One aggregate query.
 */
export async function progressRows(db: Db, scope: ReportScope, periods: readonly ReportPeriod[]): Promise<ProgressRow[]> {
  if (periods.length === 0) return [];
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
export async function exportTestRows(db: Db, organizationId: string, periods: readonly ReportPeriod[]): Promise<ExportTestRow[]> {
  if (periods.length === 0) return [];
  const result = await sql<ExportTestRow>`
    with pr(period_name, t0, t1) as (values ${periodValues(periods)})
    select t.participant_id, pr.period_name, t.test_code, t.start_dt_tm, t.end_dt_tm, t.completed_flag, t.invalid,
      t.ability_percentile, t.final_theta, t.correct_items, t.total_items
    from participant_test t
    join participant p on p.participant_id = t.participant_id
    join organization_unit ou on ou.organization_unit_id = p.organization_unit_id
    join pr on t.start_dt_tm >= pr.t0 and t.start_dt_tm < pr.t1
    where ou.organization_id = ${organizationId} and ou.deleted_at is null and p.deleted_at is null and t.deleted_at is null
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
    ])
    .where("p.organization_unit_id", "=", schoolId)
    .where("p.deleted_at", "is", null)
    .where("t.deleted_at", "is", null)
    .where("t.start_dt_tm", ">=", new Date(bounds.from))
    .where("t.start_dt_tm", "<", new Date(bounds.to))
    .execute();
}
