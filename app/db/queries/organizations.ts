import { sql } from "kysely";
import type { Db } from "../connect.server";

// Districts (organization) and schools (organization_unit): the reads and writes of their
// administration routes (app/api/resources/organization.ts, organization-unit.ts).

// ── Districts ───────────────────────────────────────────────────────────────────────────────

/** The districts of these ids (a page's rows), in no order. */
export function organizationsByIds(db: Db, ids: readonly string[]) {
  return db
    .selectFrom("organization")
    .selectAll()
    .where("organization_id", "in", [...ids])
    .execute();
}

/** Live districts by name: all of them, or the one of `onlyId`. */
export function liveOrganizationsByName(db: Db, onlyId: string | null) {
  let query = db
    .selectFrom("organization")
    .selectAll()
    .where("deleted_at", "is", null)
    .orderBy(sql`lower(name)`);
  if (onlyId !== null) query = query.where("organization_id", "=", onlyId);
  return query.execute();
}

export function insertOrganization(tx: Db, values: { name: string; state: string; website: string | null }) {
  return tx.insertInto("organization").values(values).returningAll().executeTakeFirstOrThrow();
}

/** Locks a live district's row for an update; undefined when it is gone. */
export function lockLiveOrganization(tx: Db, organizationId: string) {
  return tx
    .selectFrom("organization")
    .selectAll()
    .where("organization_id", "=", organizationId)
    .where("deleted_at", "is", null)
    .forUpdate()
    .executeTakeFirst();
}

/** Locks a district's row, live or not, before its schools are counted: a school being added holds it for share. */
export async function lockOrganization(tx: Db, organizationId: string): Promise<void> {
  await tx.selectFrom("organization").select("organization_id").where("organization_id", "=", organizationId).forUpdate().execute();
}

/** Holds a live district for share (it cannot be deleted meanwhile); false when it is gone. */
export async function holdLiveOrganization(tx: Db, organizationId: string): Promise<boolean> {
  const live = await tx
    .selectFrom("organization")
    .select("organization_id")
    .where("organization_id", "=", organizationId)
    .where("deleted_at", "is", null)
    .forShare()
    .executeTakeFirst();
  return Boolean(live);
}

/** Saves a district's fields and raises its version. */
export function saveOrganization(
  tx: Db,
  organizationId: string,
  fields: { name: string; state: string; website: string | null },
  now: Date,
) {
  return tx
    .updateTable("organization")
    .set({ ...fields, updated_at: now, version: sql<number>`version + 1` })
    .where("organization_id", "=", organizationId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function softDeleteOrganization(tx: Db, organizationId: string, now: Date): Promise<void> {
  await tx.updateTable("organization").set({ deleted_at: now, updated_at: now }).where("organization_id", "=", organizationId).execute();
}

/** How many live schools the district has. */
export async function countLiveSchools(tx: Db, organizationId: string): Promise<number> {
  const row = await tx
    .selectFrom("organization_unit")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("organization_id", "=", organizationId)
    .where("deleted_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ── Schools ─────────────────────────────────────────────────────────────────────────────────

/** What a list row of a school shows (a page's rows), in no order. */
export function schoolRowsByIds(db: Db, ids: readonly string[]) {
  return (
    db
      .selectFrom("organization_unit")
      // What the row shows, no more: on PGlite each column of a page's 50 rows is parsed in this process.
      .select(["organization_unit_id", "name", "organization_id", "version"])
      // One array parameter, not 50: one statement text for every page (kept prepared on
      // PostgreSQL), and on PGlite one value to send and parse.
      .where(sql<boolean>`organization_unit_id = any(${ids}::uuid[])`)
      .execute()
  );
}

/** The district's live schools by name: all of them, or those among `onlyIds`. */
export function liveSchoolsOf(db: Db, organizationId: string, onlyIds: readonly string[] | null) {
  let query = db
    .selectFrom("organization_unit")
    .selectAll()
    .where("organization_id", "=", organizationId)
    .where("deleted_at", "is", null)
    .orderBy(sql`lower(name)`);
  if (onlyIds !== null) query = query.where("organization_unit_id", "in", [...onlyIds]);
  return query.execute();
}

export function insertSchool(tx: Db, organizationId: string, name: string) {
  return tx.insertInto("organization_unit").values({ organization_id: organizationId, name }).returningAll().executeTakeFirstOrThrow();
}

/** Renames a school and raises its version. */
export function renameSchool(tx: Db, schoolId: string, name: string, now: Date) {
  return tx
    .updateTable("organization_unit")
    .set({ name, updated_at: now, version: sql<number>`version + 1` })
    .where("organization_unit_id", "=", schoolId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function softDeleteSchool(tx: Db, schoolId: string, now: Date): Promise<void> {
  await tx
    .updateTable("organization_unit")
    .set({ deleted_at: now, updated_at: now })
    .where("organization_unit_id", "=", schoolId)
    .execute();
}

/** How many live classrooms and students the school has. */
export async function countSchoolChildren(tx: Db, schoolId: string): Promise<{ classrooms: number; students: number }> {
  const classrooms = await tx
    .selectFrom("participant_group")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("organization_unit_id", "=", schoolId)
    .where("deleted_at", "is", null)
    .executeTakeFirstOrThrow();
  const students = await tx
    .selectFrom("participant")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("organization_unit_id", "=", schoolId)
    .where("deleted_at", "is", null)
    .executeTakeFirstOrThrow();
  return { classrooms: Number(classrooms.n), students: Number(students.n) };
}
