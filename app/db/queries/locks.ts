import { sql } from "kysely";
import type { Db } from "../connect.server";

// Row and advisory locks that writes take inside their transaction before they check and act
// (issue 14; DESIGN "Writes that can race"). What a missing row means is the caller's to say.

export type LockMode = "share" | "update";

/** Locks a live school's row; undefined when it is gone (or went while we waited). */
export function lockLiveSchool(tx: Db, schoolId: string, mode: LockMode) {
  const q = tx.selectFrom("organization_unit").selectAll().where("organization_unit_id", "=", schoolId).where("deleted_at", "is", null);
  return (mode === "update" ? q.forUpdate() : q.forShare()).executeTakeFirst();
}

/** Locks a live classroom's row; undefined when it is gone (or went while we waited). */
export function lockLiveClassroom(tx: Db, classroomId: string, mode: LockMode) {
  const q = tx.selectFrom("participant_group").selectAll().where("participant_group_id", "=", classroomId).where("deleted_at", "is", null);
  return (mode === "update" ? q.forUpdate() : q.forShare()).executeTakeFirst();
}

/** Holds the advisory lock named `key` until the transaction ends. */
export async function advisoryXactLock(tx: Db, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(tx);
}
