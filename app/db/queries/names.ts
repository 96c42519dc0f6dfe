import type { Db } from "../connect.server";

// The names a new or renamed district or school is compared with (app/api/unique-names.ts).

/** Every live district's id and name. */
export function liveDistrictNames(tx: Db): Promise<{ organization_id: string; name: string }[]> {
  return tx.selectFrom("organization").select(["organization_id", "name"]).where("deleted_at", "is", null).execute();
}

/** Every live school of the district, id and name. */
export function liveSchoolNames(tx: Db, organizationId: string): Promise<{ organization_unit_id: string; name: string }[]> {
  return tx
    .selectFrom("organization_unit")
    .select(["organization_unit_id", "name"])
    .where("organization_id", "=", organizationId)
    .where("deleted_at", "is", null)
    .execute();
}
