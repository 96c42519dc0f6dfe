import { sql } from "kysely";
import type { Period } from "#app/domain/periods";
import type { Db } from "../connect.server";

// The rows behind the annual follow-up counts (issue 38 item 5; app/domain/follow-up-counts.ts
// counts them). The scope is the district's live students in live schools now, or one school's.
// A few rows per student of the scope: fine for a yearly report of thousands of students.

export type CountScope = { organizationId: string; schoolId: string | null };

const scopeStudents = (scope: CountScope) => sql`
  select p.participant_id, p.grade
  from participant p
  join organization_unit ou on ou.organization_unit_id = p.organization_unit_id
  where ou.organization_id = ${scope.organizationId} and ou.deleted_at is null and p.deleted_at is null
    ${scope.schoolId ? sql`and p.organization_unit_id = ${scope.schoolId}` : sql``}`;

/** The scope's students with their grade on the roster now. */
export async function countStudentRows(db: Db, scope: CountScope) {
  const { rows } = await sql<{ participant_id: string; grade: string }>`${scopeStudents(scope)}`.execute(db);
  return rows;
}

/** The periods of the year in which each student of the scope had at least one risk score recorded. */
export async function screenedRows(db: Db, scope: CountScope, academicYear: string) {
  const { rows } = await sql<{ participant_id: string; period_name: Period }>`
    with st as (${scopeStudents(scope)})
    select pp.participant_id, pp.period_name
    from predictive_profile pp
    join st on st.participant_id = pp.participant_id
    where pp.academic_year = ${academicYear}
      and (pp.pwr is not null or pp.dyslexia is not null or pp.kready is not null or pp.pk_risk is not null)`.execute(db);
  return rows;
}

/** The district's follow-ups of the year for the scope's students, each with its first notice-sent step's date. */
export async function followUpCountRows(db: Db, scope: CountScope, academicYear: string) {
  const { rows } = await sql<{
    participant_id: string;
    period_name: Period;
    notice_due: string | null;
    first_notice_on: string | null;
    closed_on: string | null;
  }>`
    with st as (${scopeStudents(scope)})
    select f.participant_id, f.period_name, f.notice_due::text as notice_due, f.closed_on::text as closed_on,
      (select min(s.on_date)::text from follow_up_step s where s.follow_up_id = f.follow_up_id and s.kind = 'notice-sent') as first_notice_on
    from follow_up f
    join st on st.participant_id = f.participant_id
    where f.organization_id = ${scope.organizationId} and f.academic_year = ${academicYear}`.execute(db);
  return rows;
}

/** The scope's students whose latest opt-out row of the year opts them out of screening. */
export async function optedOutRows(db: Db, scope: CountScope, academicYear: string) {
  const { rows } = await sql<{ participant_id: string }>`
    with st as (${scopeStudents(scope)}),
    latest as (
      select distinct on (o.participant_id) o.participant_id, o.opted_out
      from screening_opt_out o
      join st on st.participant_id = o.participant_id
      where o.academic_year = ${academicYear}
      order by o.participant_id, o.screening_opt_out_id desc
    )
    select participant_id from latest where opted_out`.execute(db);
  return rows.map((r) => r.participant_id);
}

/** The school years with risk scores, follow-ups, opt-outs or a calendar in the district, newest first. */
export async function countYears(db: Db, organizationId: string): Promise<string[]> {
  const { rows } = await sql<{ academic_year: string }>`
    select academic_year from assessment_period where organization_id = ${organizationId}
    union select academic_year from follow_up where organization_id = ${organizationId}
    union select pp.academic_year from predictive_profile pp
      join participant p on p.participant_id = pp.participant_id
      join organization_unit ou on ou.organization_unit_id = p.organization_unit_id
      where ou.organization_id = ${organizationId}
    union select o.academic_year from screening_opt_out o
      join participant p on p.participant_id = o.participant_id
      join organization_unit ou on ou.organization_unit_id = p.organization_unit_id
      where ou.organization_id = ${organizationId}
    order by 1 desc`.execute(db);
  return rows.map((r) => r.academic_year);
}
