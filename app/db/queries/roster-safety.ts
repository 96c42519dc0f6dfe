import { sql } from "kysely";
import { first } from "#app/domain/presence";
import { ROLE_IDS } from "#app/domain/roles";
import type { DistrictTotals } from "#app/domain/roster-deactivation";
import type { Db } from "../connect.server";

// The reads and writes behind rostering's safety rules (issue 35 item 1): a district's rostering
// key, kept only as its SHA-256, and the district's active counts a mass deactivation is measured
// against.

/** The district a rostering key's hash belongs to, if any. */
export async function districtOfRosterKey(db: Db, keyHash: string): Promise<string | null> {
  const row = await db.selectFrom("roster_key").select("organization_id").where("key_hash", "=", keyHash).executeTakeFirst();
  return row?.organization_id ?? null;
}

/** When the district's key was made and by whom, or null when it has none. */
export async function rosterKeyOf(db: Db, organizationId: string) {
  const row = await db
    .selectFrom("roster_key as k")
    .leftJoin("app_user as u", "u.user_id", "k.created_by")
    .select(["k.created_at", "u.first_name", "u.last_name"])
    .where("k.organization_id", "=", organizationId)
    .executeTakeFirst();
  if (!row) return null;
  const by = [row.first_name, row.last_name].filter(Boolean).join(" ");
  return { createdAt: new Date(row.created_at), createdBy: by === "" ? null : by };
}

/** Makes `keyHash` the district's only key: a rotation, when it had one. */
export async function putRosterKey(db: Db, organizationId: string, keyHash: string, userId: string, now: Date): Promise<boolean> {
  const previous = await db.deleteFrom("roster_key").where("organization_id", "=", organizationId).executeTakeFirst();
  await db
    .insertInto("roster_key")
    .values({ organization_id: organizationId, key_hash: keyHash, created_by: userId, created_at: now })
    .execute();
  return Number(previous.numDeletedRows) > 0;
}

/** Deletes the district's key; false when it had none. */
export async function deleteRosterKey(db: Db, organizationId: string): Promise<boolean> {
  const result = await db.deleteFrom("roster_key").where("organization_id", "=", organizationId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The district's active students, classrooms and teachers now. */
export async function districtTotals(db: Db, organizationId: string): Promise<DistrictTotals> {
  const row = await sql<{ students: string; classrooms: string; teachers: string }>`
select
  (select count(*) from participant p join organization_unit ou on ou.organization_unit_id = p.organization_unit_id
    where ou.organization_id = ${organizationId} and p.deleted_at is null and ou.deleted_at is null) as students,
  (select count(*) from participant_group g join organization_unit ou on ou.organization_unit_id = g.organization_unit_id
    where ou.organization_id = ${organizationId} and g.deleted_at is null and ou.deleted_at is null) as classrooms,
  (select count(*) from app_user u
    where u.organization_id = ${organizationId} and u.deleted_at is null
      and exists (select 1 from user_role r where r.user_id = u.user_id and r.role_id = ${ROLE_IDS.TEACHER})) as teachers
`.execute(db);
  const totals = first(row.rows);
  return { students: Number(totals.students), classrooms: Number(totals.classrooms), teachers: Number(totals.teachers) };
}
