import { DISTRICT_NAME_TAKEN_MESSAGE, nameKey, SCHOOL_NAME_TAKEN_MESSAGE } from "#app/domain/admin-forms";
import type { Db } from "#app/db/connect.server";
import { advisoryXactLock } from "#app/db/queries/locks";
import { liveDistrictNames, liveSchoolNames } from "#app/db/queries/names";
import { ApiError } from "./errors";

// Duplicate names within their parent (issue 13 item 6): a live district may not share its name
// with another district, nor a live school with another school of its district, whatever the case
// and spacing (nameKey). Deleted rows do not count. Both checks run inside the write's transaction
// behind an advisory lock on the parent, so two saves of the same new name cannot both pass.
// The refusal is a 409 whose `errors` name the field ('name: …'), so a form shows it beside Name.

const taken = (message: string) => new ApiError(409, message, [`name: ${message}`]);

/** Holds, until the transaction ends, the right to add or rename the children of `parent`. */
async function lockNames(tx: Db, parent: string) {
  await advisoryXactLock(tx, `unique-names:${parent}`);
}

/** Holds, until the transaction ends, the right to add or rename the schools of a district (a roster import's plan takes it too). */
export const lockSchoolNames = (tx: Db, organizationId: string) => lockNames(tx, `district:${organizationId}`);

/** Refuses `name` for a district unless no other live district (`exceptId` is the one renamed) has it. */
export async function assertDistrictNameFree(tx: Db, name: string, exceptId: string | null = null) {
  await lockNames(tx, "districts");
  const key = nameKey(name);
  const rows = await liveDistrictNames(tx);
  if (rows.some((r) => r.organization_id !== exceptId && nameKey(r.name) === key)) throw taken(DISTRICT_NAME_TAKEN_MESSAGE);
}

/** Refuses `name` for a school of `organizationId` unless no other live school of it (`exceptId` is the one renamed) has it. */
export async function assertSchoolNameFree(tx: Db, organizationId: string, name: string, exceptId: string | null = null) {
  await lockNames(tx, `district:${organizationId}`);
  const key = nameKey(name);
  const rows = await liveSchoolNames(tx, organizationId);
  if (rows.some((r) => r.organization_unit_id !== exceptId && nameKey(r.name) === key)) throw taken(SCHOOL_NAME_TAKEN_MESSAGE);
}
