import { sql, type RawBuilder } from "kysely";
import { ACROSS_DISTRICTS } from "../migrations/0015_kept_data_version";
import type { Db } from "../connect.server";

// The versions the processes keep data under (app/api/kept.ts, docs/decisions/kept-data.md). The
// database raises every one of them in the writer's own transaction (triggers of migrations 0008,
// 0009, 0014 and 0015), so a version read tells any process on any machine whether its copy is
// still the data.

export { ACROSS_DISTRICTS };

export type KeptKind = "roster" | "scores";

/**
 * A district's version of `kind` as an SQL expression, to read in the same statement as the data
 * it names (one snapshot: the data and the version always agree). `district` is an SQL
 * expression giving the district's id; ACROSS_DISTRICTS for what spans districts.
 */
export function keptVersionSql(district: RawBuilder<unknown>, kind: KeptKind): RawBuilder<number> {
  return sql<number>`coalesce((select v.version from kept_data_version v where v.organization_id = ${district} and v.kind = ${kind}), 1)`;
}

/** The district of a school, as an SQL expression for keptVersionSql. */
export const districtOfSchool = (schoolId: string): RawBuilder<unknown> =>
  sql`(select ou.organization_id from organization_unit ou where ou.organization_unit_id = ${schoolId})`;

/** A district id as an SQL expression for keptVersionSql. */
export const districtId = (organizationId: string): RawBuilder<unknown> => sql`${organizationId}::uuid`;

/**
 * A live district with every version its kept data goes by: its calendar (config_version), its
 * rosters and its scores. One row read, where the caller reads the district anyway.
 */
export function districtWithVersions(
  db: Db,
  organizationId: string,
): Promise<{ organization_id: string; name: string; config_version: number; roster: number; scores: number } | undefined> {
  return db
    .selectFrom("organization as o")
    .select(["o.organization_id", "o.name", "o.config_version"])
    .select([keptVersionSql(sql`o.organization_id`, "roster").as("roster"), keptVersionSql(sql`o.organization_id`, "scores").as("scores")])
    .where("o.organization_id", "=", organizationId)
    .where("o.deleted_at", "is", null)
    .executeTakeFirst();
}

/**
 * Raises every version any process keeps data under, in one transaction: each district's
 * calendar version (which names its calendar copies and every classroom grid of it) and both
 * kinds of every district and of what spans districts. Every kept copy on every machine is then
 * read again on its next use. Answers how many districts were raised.
 */
export async function raiseEveryKeptVersion(db: Db): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const raised = await tx
      .updateTable("organization")
      .set((eb) => ({ config_version: eb("config_version", "+", 1) }))
      .execute();
    await sql`select raise_kept_data_version(array(select organization_id from organization union all select ${ACROSS_DISTRICTS}::uuid), 'roster'),
      raise_kept_data_version(array(select organization_id from organization union all select ${ACROSS_DISTRICTS}::uuid), 'scores')`.execute(
      tx,
    );
    return Number(raised[0]?.numUpdatedRows ?? 0);
  });
}
