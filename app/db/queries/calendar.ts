import { sql, type Selectable } from "kysely";
import type { PeriodMove, RiskScoreChanges } from "#app/domain/calendar-changes";
import type { Period } from "#app/domain/periods";
import type { CalendarYear } from "#app/domain/screening-calendar";
import type { Db } from "../connect.server";
import type { PredictiveProfileTable } from "../schema";

// The writes of a district's screening calendar (issue 16). Reads share periodListRows
// (queries/results.ts) with the results pages, so both see the same rows.

/** Locks the live district row for the rest of the transaction: one calendar write at a time per district. */
export async function lockDistrictForCalendar(tx: Db, organizationId: string): Promise<boolean> {
  const row = await tx
    .selectFrom("organization")
    .select("organization_id")
    .where("organization_id", "=", organizationId)
    .where("deleted_at", "is", null)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Makes a year's stored periods and grade lists exactly `calendar`: a period row is updated in
 * place (its id stays), added when missing, and its grade lists replaced. Run it in a transaction:
 * a failure part-way must leave the year as it was.
 */
export async function replaceCalendarYear(tx: Db, organizationId: string, calendar: CalendarYear): Promise<void> {
  for (const period of calendar.periods) {
    const row = await tx
      .insertInto("assessment_period")
      .values({
        organization_id: organizationId,
        academic_year: calendar.academicYear,
        period_name: period.periodName,
        start_date: period.startDate,
        end_date: period.endDate,
      })
      .onConflict((oc) =>
        oc
          .columns(["organization_id", "academic_year", "period_name"])
          .doUpdateSet({ start_date: period.startDate, end_date: period.endDate }),
      )
      .returning("assessment_period_id")
      .executeTakeFirstOrThrow();
    await tx.deleteFrom("grade_assessment_list").where("assessment_period_id", "=", row.assessment_period_id).execute();
    const lists = Object.entries(period.gradeLists).filter(([, codes]) => codes.length > 0);
    if (lists.length > 0) {
      await tx
        .insertInto("grade_assessment_list")
        .values(lists.map(([grade, codes]) => ({ assessment_period_id: row.assessment_period_id, grade, test_codes: codes.join(",") })))
        .execute();
    }
  }
}

// ── What a change of dates does to the results (issue 35 item 11) ────────────────────────────

/** A period's window as instants: a test started at or after `from` and before `to` is in it (periodBounds). */
export type PeriodWindow = { periodName: Period; from: string; to: string };

const windowRows = (windows: readonly PeriodWindow[]) =>
  windows.length > 0
    ? sql`values ${sql.join(windows.map((w) => sql`(${w.periodName}::text, ${w.from}::timestamptz, ${w.to}::timestamptz)`))}`
    : sql`select null::text, null::timestamptz, null::timestamptz where false`;

/**
 * The district's live tests (of live students in live schools) started within either calendar's
 * windows, each with its period before and after (null: outside every window). One CTE shared by
 * the count and the risk scores' plan.
 */
function placedTests(organizationId: string, before: readonly PeriodWindow[], after: readonly PeriodWindow[]) {
  const all = [...before, ...after];
  const lo = all.map((w) => w.from).sort()[0];
  const hi = all
    .map((w) => w.to)
    .sort()
    .at(-1);
  return sql`
    oldp(period_name, t0, t1) as (${windowRows(before)}),
    newp(period_name, t0, t1) as (${windowRows(after)}),
    placed as (
      select t.participant_id, t.start_dt_tm, o.period_name as before, n.period_name as after
      from participant_test t
      join participant s on s.participant_id = t.participant_id and s.deleted_at is null
      join organization_unit ou on ou.organization_unit_id = s.organization_unit_id and ou.deleted_at is null
      left join oldp o on t.start_dt_tm >= o.t0 and t.start_dt_tm < o.t1
      left join newp n on t.start_dt_tm >= n.t0 and t.start_dt_tm < n.t1
      where ou.organization_id = ${organizationId} and t.deleted_at is null
        and t.start_dt_tm >= ${lo ?? "epoch"}::timestamptz and t.start_dt_tm < ${hi ?? "epoch"}::timestamptz
    )`;
}

/** Tests whose period changes from `before` to `after`, counted per change, with the first and last day (UTC, as the windows). */
export async function periodMoves(
  tx: Db,
  organizationId: string,
  before: readonly PeriodWindow[],
  after: readonly PeriodWindow[],
): Promise<PeriodMove[]> {
  if (before.length + after.length === 0) return [];
  const { rows } = await sql<{ before: Period | null; after: Period | null; count: number; first: string; last: string }>`
    with ${placedTests(organizationId, before, after)}
    select before, after, count(*)::int as count,
      to_char(min(start_dt_tm) at time zone 'UTC', 'YYYY-MM-DD') as first,
      to_char(max(start_dt_tm) at time zone 'UTC', 'YYYY-MM-DD') as last
    from placed
    where before is distinct from after
    group by before, after
  `.execute(tx);
  return rows.map((r) => ({ from: r.before, to: r.after, count: r.count, firstDate: r.first, lastDate: r.last }));
}

/** A risk score the change moves (`to` another period) or deletes (`to` null), with its values. */
type RiskScoreChange = Omit<Selectable<PredictiveProfileTable>, "period_name"> & { from: Period; to: Period | null };

/**
 * How the year's risk scores follow the tests, for the students with a test changing period: a
 * student's score of period P goes where the latest of the tests P held now is (outside every
 * window: nowhere); a score whose period held none of the student's tests stays. When several land
 * in one period, the one whose latest test is the latest wins, so a period shows the score
 * computed with the results it shows (the grid shows a test's latest result); the others are
 * deleted. Only the scores that change are returned.
 */
async function riskScoreChanges(
  tx: Db,
  organizationId: string,
  academicYear: string,
  before: readonly PeriodWindow[],
  after: readonly PeriodWindow[],
): Promise<RiskScoreChange[]> {
  if (before.length + after.length === 0) return [];
  const { rows } = await sql<RiskScoreChange>`
    with ${placedTests(organizationId, before, after)},
    affected as (select distinct participant_id from placed where before is distinct from after),
    latest as (
      select distinct on (participant_id, before) participant_id, before, after, start_dt_tm
      from placed
      where before is not null and participant_id in (select participant_id from affected)
      order by participant_id, before, start_dt_tm desc
    ),
    scores as (
      select pp.*, case when l.participant_id is null then pp.period_name else l.after end as target, l.start_dt_tm as basis
      from predictive_profile pp
      left join latest l on l.participant_id = pp.participant_id and l.before = pp.period_name
      where pp.academic_year = ${academicYear} and pp.participant_id in (select participant_id from affected)
    ),
    ranked as (
      select scores.*, row_number() over (
        partition by participant_id, target order by basis desc nulls last
      ) as rank
      from scores
    )
    select participant_id, academic_year, pwr, dyslexia, kready, pk_risk, computed_at,
      period_name as "from", case when target is not null and rank = 1 then target end as "to"
    from ranked
    where target is null or rank > 1 or target <> period_name
  `.execute(tx);
  return rows;
}

/** The risk scores a change would move and delete (for the confirmation). */
export async function riskScoreChangeCounts(
  tx: Db,
  organizationId: string,
  academicYear: string,
  before: readonly PeriodWindow[],
  after: readonly PeriodWindow[],
): Promise<RiskScoreChanges> {
  const changes = await riskScoreChanges(tx, organizationId, academicYear, before, after);
  const moved = changes.filter((c) => c.to !== null).length;
  return { moved, removed: changes.length - moved };
}

/** Rows per statement: 8 parameters a score, far under PostgreSQL's 65,535 a statement. */
const SCORE_CHUNK = 2000;

/**
 * Moves and deletes the year's risk scores as riskScoreChanges plans them (call in the calendar's
 * transaction, before or after its rows are replaced: it reads only the windows it is given).
 * Deletes first, then inserts, so scores trading places never meet on the primary key. Returns the counts.
 */
export async function applyRiskScoreChanges(
  tx: Db,
  organizationId: string,
  academicYear: string,
  before: readonly PeriodWindow[],
  after: readonly PeriodWindow[],
): Promise<RiskScoreChanges> {
  const changes = await riskScoreChanges(tx, organizationId, academicYear, before, after);
  for (let i = 0; i < changes.length; i += SCORE_CHUNK) {
    const chunk = changes.slice(i, i + SCORE_CHUNK);
    // Two arrays rather than a list of row constructors (PGlite cannot parse a long one: commit 492f9a4).
    await sql`
      delete from predictive_profile
      where academic_year = ${academicYear}
        and (participant_id, period_name) in (
          select * from unnest(${chunk.map((c) => c.participant_id)}::uuid[], ${chunk.map((c) => c.from)}::text[])
        )
    `.execute(tx);
  }
  const kept = changes.filter((c): c is RiskScoreChange & { to: Period } => c.to !== null);
  for (let i = 0; i < kept.length; i += SCORE_CHUNK) {
    await tx
      .insertInto("predictive_profile")
      .values(
        kept.slice(i, i + SCORE_CHUNK).map((c) => ({
          participant_id: c.participant_id,
          academic_year: c.academic_year,
          period_name: c.to,
          pwr: c.pwr,
          dyslexia: c.dyslexia,
          kready: c.kready,
          pk_risk: c.pk_risk,
          computed_at: c.computed_at,
        })),
      )
      .execute();
  }
  return { moved: kept.length, removed: changes.length - kept.length };
}

/** The district's results a year's windows hold: live tests started in them and the year's risk scores (for a delete). */
export async function resultsHeld(
  tx: Db,
  organizationId: string,
  academicYear: string,
  windows: readonly PeriodWindow[],
): Promise<{ results: number; riskScores: number }> {
  const [tests, scores] = await Promise.all([
    windows.length === 0 ? [] : periodMoves(tx, organizationId, windows, []),
    sql<{ count: number }>`
      select count(*)::int as count
      from predictive_profile pp
      join participant s on s.participant_id = pp.participant_id
      join organization_unit ou on ou.organization_unit_id = s.organization_unit_id
      where ou.organization_id = ${organizationId} and pp.academic_year = ${academicYear}
    `.execute(tx),
  ]);
  return { results: tests.reduce((n, m) => n + m.count, 0), riskScores: scores.rows[0]?.count ?? 0 };
}

/** Deletes a year's periods (their grade lists go with them: on delete cascade). */
export async function deleteCalendarYear(tx: Db, organizationId: string, academicYear: string): Promise<number> {
  const deleted = await tx
    .deleteFrom("assessment_period")
    .where("organization_id", "=", organizationId)
    .where("academic_year", "=", academicYear)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
