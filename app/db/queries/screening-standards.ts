import { sql } from "kysely";
import type { Db } from "../connect.server";

// The reads and writes of norms and cutoffs (migration 0014, app/domain/screening-standards.ts):
// a district's row and the product-wide one, the save, and the hand-scored RAN results whose
// percentile follows the RAN norms in force.

/** The product-wide row's key in the unique index: organization_id null. */
const SCOPE = sql`coalesce(organization_id, '00000000-0000-0000-0000-000000000000'::uuid)`;

export type StandardsRow = {
  organization_id: string | null;
  ran_norms: unknown;
  pk_risk_cutoff: unknown;
  ability_cutoffs: unknown;
  updated_at: Date;
  updated_by: string | null;
};

const COLUMNS = ["organization_id", "ran_norms", "pk_risk_cutoff", "ability_cutoffs", "updated_at", "updated_by"] as const;

/** A district's own row and the product-wide row, in one statement (either may be missing). */
export async function standardsRows(
  db: Db,
  organizationId: string | null,
): Promise<{ district: StandardsRow | null; product: StandardsRow | null }> {
  const rows = await db
    .selectFrom("screening_standard")
    .select(COLUMNS)
    .where((eb) =>
      organizationId === null
        ? eb("organization_id", "is", null)
        : eb.or([eb("organization_id", "=", organizationId), eb("organization_id", "is", null)]),
    )
    .execute();
  return {
    district: organizationId === null ? null : (rows.find((r) => r.organization_id === organizationId) ?? null),
    product: rows.find((r) => r.organization_id === null) ?? null,
  };
}

/** The row of a district (or the product, null), locked until the transaction ends, so two saves queue up. */
export function lockStandards(tx: Db, organizationId: string | null): Promise<StandardsRow | undefined> {
  return tx
    .selectFrom("screening_standard")
    .select(COLUMNS)
    .where((eb) => (organizationId === null ? eb("organization_id", "is", null) : eb("organization_id", "=", organizationId)))
    .forUpdate()
    .executeTakeFirst();
}

export type StandardsWrite = { ran_norms?: string | null; pk_risk_cutoff?: string | null; ability_cutoffs?: string | null };

/** Inserts the row or changes the kinds given (a kind left out keeps its value). */
export async function putStandards(tx: Db, organizationId: string | null, values: StandardsWrite, by: string, now: Date): Promise<void> {
  await tx
    .insertInto("screening_standard")
    .values({ organization_id: organizationId, ...values, updated_at: now, updated_by: by })
    .onConflict((oc) => oc.expression(SCOPE).doUpdateSet({ ...values, updated_at: now, updated_by: by }))
    .execute();
}

/** Districts that have RAN norms of their own (a product-wide change leaves their results alone). */
export async function districtsWithOwnRanNorms(tx: Db): Promise<string[]> {
  const rows = await tx
    .selectFrom("screening_standard")
    .select("organization_id")
    .where("organization_id", "is not", null)
    .where("ran_norms", "is not", null)
    .execute();
  return rows.map((r) => r.organization_id as string);
}

export type ScoredRanRow = {
  participant_test_id: string;
  organization_id: string;
  test_code: string;
  grade: string;
  start_dt_tm: Date;
  scored_secs: number;
};

/**
 * Valid hand-scored RAN results (a scored time kept on the test) of one district, or of every
 * district but `except` (a product-wide change), locked for the recompute that follows.
 */
export function scoredRanTests(
  tx: Db,
  scope: { organizationId: string } | { except: readonly string[] },
  ranCodes: readonly string[],
): Promise<ScoredRanRow[]> {
  let q = tx
    .selectFrom("participant_test as t")
    .innerJoin("participant as p", "p.participant_id", "t.participant_id")
    .innerJoin("organization_unit as ou", "ou.organization_unit_id", "p.organization_unit_id")
    .select(["t.participant_test_id", "ou.organization_id", "t.test_code", "t.grade", "t.start_dt_tm", "t.scored_secs"])
    .where("t.test_code", "in", [...ranCodes])
    .where("t.scored_secs", "is not", null)
    .where("t.invalid", "=", false)
    .where("t.deleted_at", "is", null);
  if ("organizationId" in scope) q = q.where("ou.organization_id", "=", scope.organizationId);
  else if (scope.except.length > 0) q = q.where("ou.organization_id", "not in", [...scope.except]);
  return q.orderBy("t.participant_test_id").forUpdate("t").execute() as Promise<ScoredRanRow[]>;
}

/** The periods of the districts given, every year: which period a test was taken in. */
export function periodsOf(tx: Db, organizationIds: readonly string[]) {
  if (organizationIds.length === 0) return Promise.resolve([]);
  return tx
    .selectFrom("assessment_period")
    .select(["organization_id", "period_name", "start_date", "end_date"])
    .where("organization_id", "in", [...organizationIds])
    .execute();
}

export type RanResultWrite = {
  participantTestId: string;
  abilityPercentile: number | null;
  finalTheta: number | null;
  normsSource: string | null;
};

/** Sets the percentile, theta and norms source of many tests, a thousand per statement; only those that change. */
export async function saveRanResults(tx: Db, rows: readonly RanResultWrite[], now: Date): Promise<number> {
  let changed = 0;
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    const values = sql.join(
      chunk.map(
        (r) =>
          sql`(${r.participantTestId}::uuid, ${r.abilityPercentile}::double precision, ${r.finalTheta}::double precision, ${r.normsSource}::text)`,
      ),
    );
    const result = await sql<{ participant_test_id: string }>`
      update participant_test t
         set ability_percentile = v.pct, final_theta = v.theta, norms_source = v.source, updated_at = ${now}
        from (values ${values}) as v(id, pct, theta, source)
       where t.participant_test_id = v.id
         and (t.ability_percentile is distinct from v.pct or t.final_theta is distinct from v.theta
              or t.norms_source is distinct from v.source)
      returning t.participant_test_id
    `.execute(tx);
    // Counted from the rows returned: PGlite does not report an update's row count.
    changed += result.rows.length;
  }
  return changed;
}
