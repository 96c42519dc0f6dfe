import { sql, type RawBuilder } from "kysely";
import { first } from "#app/domain/presence";
import { ACROSS_DISTRICTS } from "../migrations/0015_kept_data_version";
import type { Db } from "../connect.server";

// The versions the processes keep data under (app/api/kept.ts, docs/decisions/0022-kept-data.md). The
// database raises every one of them in the writer's own transaction (triggers of migrations 0008,
// 0009, 0014 and 0015), so a version read tells any process on any machine whether its copy is
// still the data.

export { ACROSS_DISTRICTS };

export type KeptKind = "roster" | "scores" | "school-scores";

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
 * Each school's scores version (migration 0023), by school id; a school without a row is at 1.
 * Read before the counts it names, so a count kept under a version is never older than it.
 */
export async function schoolScoresVersions(db: Db, schoolIds: readonly string[]): Promise<Map<string, number>> {
  const rows =
    schoolIds.length === 0
      ? []
      : await db
          .selectFrom("kept_data_version")
          .select(["organization_id", "version"])
          .where("kind", "=", "school-scores")
          .where("organization_id", "in", schoolIds)
          .execute();
  const versions = new Map(schoolIds.map((id) => [id, 1]));
  for (const row of rows) versions.set(row.organization_id, Number(row.version));
  return versions;
}

/**
 * Raises every version processes keep data under, in one transaction: each district's calendar
 * version (which names its calendar copies and every classroom grid of it) and both kinds of each
 * district and of what spans districts. Every kept copy on every machine is then made again on
 * its next use. With `organizationId`, that district's alone (and what spans districts). Answers
 * how many districts were raised.
 *
 * Locks in the one order every writer uses, so that any number of these and of the writers of
 * rosters and scores can run at once without a deadlock: the district rows by id (a plain UPDATE
 * visits rows in their place on disk, which moving versions of rows reorder between two
 * transactions), then the kept-data versions in one statement, by district and kind (migration
 * 0016), as the transaction's last lock.
 */
export async function raiseKeptVersions(db: Db, organizationId?: string): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const only = organizationId === undefined ? sql`` : sql`where organization_id = ${organizationId}`;
    const { rows } = await sql<{ districts: number }>`
      with locked as (
        select organization_id from organization ${only} order by organization_id for no key update
      ), raised as (
        update organization o set config_version = o.config_version + 1
          from locked where o.organization_id = locked.organization_id
        returning o.organization_id
      ), ids as (
        select array(select organization_id from raised) || ${ACROSS_DISTRICTS}::uuid as ids
      )
      select (select count(*) from raised)::int as districts,
             raise_kept_data_version(ids.ids, 'roster'), raise_kept_data_version(ids.ids, 'scores')
        from ids`.execute(tx);
    await sql`select raise_pending_kept_data_versions()`.execute(tx);
    return first(rows).districts;
  });
}
