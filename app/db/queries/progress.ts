import { sql } from "kysely";
import type { Db } from "../connect.server";

// Progress monitoring (migration 0021, issue 39 items 5, 6): a student's probes, the benchmark
// scores their goal lines start from, the district's periods, and the district's targets and
// decision rule.

export type ProbeRow = {
  progress_probe_id: string;
  participant_id: string;
  measure: "letter-names" | "letter-sounds" | "ran";
  probe_date: string;
  week_start: string;
  correct_items: number | null;
  total_items: number | null;
  correct_by_code: Record<string, number> | null;
  ran_secs: number | null;
  ran_errors: number | null;
  recorded_by: string | null;
  created_at: Date;
  first_name: string | null;
  last_name: string | null;
};

const PROBE_COLUMNS = [
  "pr.progress_probe_id",
  "pr.participant_id",
  "pr.measure",
  "pr.probe_date",
  "pr.week_start",
  "pr.correct_items",
  "pr.total_items",
  "pr.correct_by_code",
  "pr.ran_secs",
  "pr.ran_errors",
  "pr.recorded_by",
  "pr.created_at",
  "u.first_name",
  "u.last_name",
] as const;

/** A student's probes, oldest first, with who recorded each. */
export function probesOfStudent(db: Db, participantId: string): Promise<ProbeRow[]> {
  return db
    .selectFrom("progress_probe as pr")
    .leftJoin("app_user as u", "u.user_id", "pr.recorded_by")
    .select(PROBE_COLUMNS)
    .where("pr.participant_id", "=", participantId)
    .orderBy("pr.probe_date")
    .orderBy("pr.measure")
    .execute() as Promise<ProbeRow[]>;
}

export function probeById(db: Db, probeId: string): Promise<ProbeRow | undefined> {
  return db
    .selectFrom("progress_probe as pr")
    .leftJoin("app_user as u", "u.user_id", "pr.recorded_by")
    .select(PROBE_COLUMNS)
    .where("pr.progress_probe_id", "=", probeId)
    .executeTakeFirst() as Promise<ProbeRow | undefined>;
}

export type ProbeWrite = {
  participant_id: string;
  measure: "letter-names" | "letter-sounds" | "ran";
  probe_date: string;
  week_start: string;
  correct_items: number | null;
  total_items: number | null;
  correct_by_code: string | null;
  ran_secs: number | null;
  ran_errors: number | null;
  recorded_by: string;
};

/**
 * Inserts the probe unless the student has one of that measure in that week; the unique index
 * decides, so two saves at once cannot both land. Null when the week is taken.
 */
export async function insertProbe(db: Db, probe: ProbeWrite): Promise<string | null> {
  const row = await db
    .insertInto("progress_probe")
    .values(probe)
    .onConflict((oc) => oc.columns(["participant_id", "measure", "week_start"]).doNothing())
    .returning("progress_probe_id")
    .executeTakeFirst();
  return row?.progress_probe_id ?? null;
}

/** The probe of a student, measure and week (the one a refused save collided with). */
export function probeOfWeek(db: Db, participantId: string, measure: string, weekStart: string): Promise<ProbeRow | undefined> {
  return db
    .selectFrom("progress_probe as pr")
    .leftJoin("app_user as u", "u.user_id", "pr.recorded_by")
    .select(PROBE_COLUMNS)
    .where("pr.participant_id", "=", participantId)
    .where("pr.measure", "=", measure as ProbeRow["measure"])
    .where("pr.week_start", "=", weekStart)
    .executeTakeFirst() as Promise<ProbeRow | undefined>;
}

/** Deletes one probe; whether it was there. */
export async function deleteProbe(tx: Db, probeId: string): Promise<boolean> {
  const rows = await tx.deleteFrom("progress_probe").where("progress_probe_id", "=", probeId).returning("progress_probe_id").execute();
  return rows.length > 0;
}

export type PeriodRow = { academic_year: string; period_name: "BOY" | "MOY" | "EOY"; start_date: string; end_date: string };

/** The district's screening periods, every year. */
export function periodsOfDistrict(db: Db, organizationId: string): Promise<PeriodRow[]> {
  return db
    .selectFrom("assessment_period")
    .select(["academic_year", "period_name", sql<string>`start_date::text`.as("start_date"), sql<string>`end_date::text`.as("end_date")])
    .where("organization_id", "=", organizationId)
    .execute();
}

export type BenchmarkTestRow = {
  test_code: string;
  start_dt_tm: Date;
  correct_items: number | null;
  scored_secs: number | null;
};

/** A student's valid letter and RAN tests with a score to start a goal line from (letters correct, or a hand-scored RAN's seconds). */
export function benchmarkTests(db: Db, participantId: string, testCodes: readonly string[]): Promise<BenchmarkTestRow[]> {
  return db
    .selectFrom("participant_test")
    .select(["test_code", "start_dt_tm", "correct_items", "scored_secs"])
    .where("participant_id", "=", participantId)
    .where("test_code", "in", [...testCodes])
    .where("deleted_at", "is", null)
    .where((eb) => eb.or([eb("invalid", "is", null), eb("invalid", "=", false)]))
    .where((eb) => eb.or([eb("correct_items", "is not", null), eb("scored_secs", "is not", null)]))
    .orderBy("start_dt_tm")
    .execute();
}

export type ProgressConfigRow = {
  organization_id: string;
  goal_targets: unknown;
  decision_rule: unknown;
  updated_at: Date;
  updated_by: string | null;
};

export function progressConfigRow(db: Db, organizationId: string): Promise<ProgressConfigRow | undefined> {
  return db
    .selectFrom("progress_monitoring_config")
    .select(["organization_id", "goal_targets", "decision_rule", "updated_at", "updated_by"])
    .where("organization_id", "=", organizationId)
    .executeTakeFirst();
}

/** The district's row, locked until the transaction ends (two saves queue up); created empty when missing. */
export async function lockProgressConfig(tx: Db, organizationId: string): Promise<ProgressConfigRow> {
  await tx
    .insertInto("progress_monitoring_config")
    .values({ organization_id: organizationId, goal_targets: null, decision_rule: null })
    .onConflict((oc) => oc.column("organization_id").doNothing())
    .execute();
  return tx
    .selectFrom("progress_monitoring_config")
    .select(["organization_id", "goal_targets", "decision_rule", "updated_at", "updated_by"])
    .where("organization_id", "=", organizationId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export async function putProgressConfig(
  tx: Db,
  organizationId: string,
  values: { goal_targets?: string | null; decision_rule?: string | null },
  by: string,
  now: Date,
): Promise<void> {
  await tx
    .updateTable("progress_monitoring_config")
    .set({ ...values, updated_at: now, updated_by: by })
    .where("organization_id", "=", organizationId)
    .execute();
}

/** How many probes a student has and the date of the latest (the student page's summary). */
export async function probeSummary(db: Db, participantId: string): Promise<{ count: number; latest: string | null }> {
  const row = await db
    .selectFrom("progress_probe")
    .select([sql<number>`count(*)::int`.as("count"), sql<string | null>`max(probe_date)::text`.as("latest")])
    .where("participant_id", "=", participantId)
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), latest: row?.latest ?? null };
}
