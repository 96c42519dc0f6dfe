import { sql } from "kysely";
import type { FlagCountRow, FlagRule, MovementCountRow, PercentileCountRow } from "#app/domain/band-summary";
import type { ReportPeriod } from "#app/domain/report-rows";
import type { Db } from "../connect.server";

/** A district, one school of it, or the schools a school-level caller may see. */
export type BandScope = { organizationId: string; schoolId?: string; schoolIds?: readonly string[] };

// The school and district summaries' counts (issue 39 item 3), grouped by the database: a
// district of 10,000 students answers with a few hundred groups, never a row per student.
// app/domain/band-summary.ts turns the groups into bands with the grid's own cell rules.

const studentsOf = (scope: BandScope) => sql`
  select p.participant_id, p.organization_unit_id, p.grade
  from participant p
  join organization_unit ou on ou.organization_unit_id = p.organization_unit_id
  where ou.organization_id = ${scope.organizationId} and ou.deleted_at is null and p.deleted_at is null
    ${scope.schoolId ? sql`and p.organization_unit_id = ${scope.schoolId}` : sql``}
    ${scope.schoolIds ? (scope.schoolIds.length ? sql`and p.organization_unit_id in (${sql.join(scope.schoolIds.map((id) => sql`${id}::uuid`))})` : sql`and false`) : sql``}`;

/**
 * Per school, grade, period and listed test: how many students' picked test (the latest finished,
 * else the latest started, as the grid picks it) was finished and valid with each rounded,
 * clamped percentile (1–99, as the grid shows it). Students with no such test count with
 * `complete` false: the grid's 'No score' cells.
 */
export async function percentileCountRows(db: Db, scope: BandScope, periods: readonly ReportPeriod[]): Promise<PercentileCountRow[]> {
  const req = periods.flatMap((p) =>
    [...p.required].flatMap(([grade, codes]) => codes.map((code) => sql`(${p.period}::text, ${grade}::text, ${code}::text)`)),
  );
  if (req.length === 0) return [];
  const pr = sql.join(periods.map((p) => sql`(${p.period}::text, ${p.from}::timestamptz, ${p.to}::timestamptz)`));
  const result = await sql<PercentileCountRow>`
    with pr(period_name, t0, t1) as (values ${pr}),
    req(period_name, grade, test_code) as (values ${sql.join(req)}),
    st as (${studentsOf(scope)}),
    picked as (
      select distinct on (t.participant_id, pr.period_name, t.test_code)
        t.participant_id, pr.period_name, t.test_code, t.completed_flag, t.invalid, t.ability_percentile
      from participant_test t
      join st on st.participant_id = t.participant_id
      join pr on t.start_dt_tm >= pr.t0 and t.start_dt_tm < pr.t1
      where t.deleted_at is null
      order by t.participant_id, pr.period_name, t.test_code, t.completed_flag desc, t.start_dt_tm desc
    )
    select st.organization_unit_id as unit, st.grade, req.period_name as period, req.test_code as "testCode",
      case when pk.completed_flag and pk.invalid is not true and pk.ability_percentile is not null
        then least(99, greatest(1, round(pk.ability_percentile::numeric)))::int end as percentile,
      coalesce(pk.completed_flag and pk.invalid is not true, false) as complete,
      count(*)::int as count
    from st
    join req on req.grade = st.grade
    left join picked pk on pk.participant_id = st.participant_id and pk.period_name = req.period_name and pk.test_code = req.test_code
    group by 1, 2, 3, 4, 5, 6
  `.execute(db);
  return result.rows;
}

/** The rules as a VALUES list, and the category a score reads as under them (flagCategory in SQL). */
function ruleSql(rules: readonly FlagRule[]) {
  const values = sql.join(
    rules.map(
      (r) =>
        sql`(${r.kind}::text, ${r.grade}::text, ${r.period}::text, ${r.cutoff}::float8, ${r.riskWhen === "above"}::boolean, ${r.moderateFrom}::float8)`,
    ),
  );
  const category = sql`case
      when s.score is null then 'none'
      when (case when r.risk_above then s.score > r.cutoff else s.score < r.cutoff end)
        then case when r.moderate_from is not null and s.score >= r.moderate_from then 'moderate' else 'risk' end
      else 'ok' end`;
  return { values, category };
}

const scoreOf = sql`(select case r.kind when 'dyslexia' then pp.dyslexia when 'pwr' then pp.pwr else pp.kready end as score) s`;

/** Per school, grade, period and flag: how many students' score reads as each category ('none': no score). */
export async function flagCountRows(
  db: Db,
  scope: BandScope,
  academicYear: string,
  rules: readonly FlagRule[],
  periods: readonly string[],
): Promise<FlagCountRow[]> {
  const used = rules.filter((r) => periods.includes(r.period));
  if (used.length === 0) return [];
  const { values, category } = ruleSql(used);
  const result = await sql<FlagCountRow>`
    with rules(kind, grade, period_name, cutoff, risk_above, moderate_from) as (values ${values}),
    st as (${studentsOf(scope)})
    select st.organization_unit_id as unit, st.grade, r.period_name as period, r.kind, ${category} as category, count(*)::int as count
    from st
    join rules r on r.grade = st.grade
    left join predictive_profile pp
      on pp.participant_id = st.participant_id and pp.academic_year = ${academicYear} and pp.period_name = r.period_name
    cross join lateral ${scoreOf}
    group by 1, 2, 3, 4, 5
  `.execute(db);
  return result.rows;
}

/**
 * Per school, grade, flag and pair of consecutive periods: how many students with a score in
 * both were flagged (risk or, for PWR, moderate: both below its cutoff) in each.
 */
export async function movementCountRows(
  db: Db,
  scope: BandScope,
  academicYear: string,
  rules: readonly FlagRule[],
  steps: readonly (readonly [string, string])[],
): Promise<MovementCountRow[]> {
  if (rules.length === 0 || steps.length === 0) return [];
  const { values, category } = ruleSql(rules);
  const stepValues = sql.join(steps.map(([a, b]) => sql`(${a}::text, ${b}::text)`));
  const result = await sql<MovementCountRow>`
    with rules(kind, grade, period_name, cutoff, risk_above, moderate_from) as (values ${values}),
    steps(from_p, to_p) as (values ${stepValues}),
    st as (${studentsOf(scope)}),
    cat as (
      select st.participant_id, st.organization_unit_id, st.grade, r.kind, r.period_name, ${category} as category
      from st
      join rules r on r.grade = st.grade
      join predictive_profile pp
        on pp.participant_id = st.participant_id and pp.academic_year = ${academicYear} and pp.period_name = r.period_name
      cross join lateral ${scoreOf}
      where s.score is not null
    )
    select a.organization_unit_id as unit, a.grade, a.kind, steps.from_p as "from", steps.to_p as "to",
      a.category in ('risk', 'moderate') as "fromRisk", b.category in ('risk', 'moderate') as "toRisk", count(*)::int as count
    from cat a
    join steps on steps.from_p = a.period_name
    join cat b on b.participant_id = a.participant_id and b.kind = a.kind and b.period_name = steps.to_p
    group by 1, 2, 3, 4, 5, 6, 7
  `.execute(db);
  return result.rows;
}
