import type { AuthStatus } from "#app/domain/staff-invites";
import type { Db } from "../connect.server";

// The writes of the account calls: passwords set from a code, invitation and registration status.

/** Sets a live user's own password and activates the account; false when the user is gone. */
export async function setPasswordFromCode(db: Db, userId: string, passwordHash: string, now: Date): Promise<boolean> {
  const changed = await db
    .updateTable("app_user")
    .set({ password_hash: passwordHash, password_is_temporary: false, auth_status: "Active", updated_at: now })
    .where("user_id", "=", userId)
    .where("deleted_at", "is", null)
    .returning("user_id")
    .executeTakeFirst();
  return Boolean(changed);
}

export async function setAuthStatus(db: Db, userId: string, authStatus: AuthStatus, now: Date): Promise<void> {
  await db.updateTable("app_user").set({ auth_status: authStatus, updated_at: now }).where("user_id", "=", userId).execute();
}
