import type { AuthStatus } from "#app/domain/staff-invites";
import type { Db } from "../connect.server";

// The reads and writes of signing in with email and password (POST /dashboard/login).

/** The live user with this email (any case), with what a sign-in checks. */
export function findSignInUser(
  db: Db,
  email: string,
): Promise<{ user_id: string; email: string; password_hash: string | null; password_is_temporary: boolean } | undefined> {
  return db
    .selectFrom("app_user")
    .select(["user_id", "email", "password_hash", "password_is_temporary"])
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

/** Replaces a temporary password with the user's own and activates the account. */
export async function setOwnPassword(db: Db, userId: string, passwordHash: string, now: Date): Promise<void> {
  await db
    .updateTable("app_user")
    .set({ password_hash: passwordHash, password_is_temporary: false, auth_status: "Active", updated_at: now })
    .where("user_id", "=", userId)
    .execute();
}

/**
 * Stores a new hash of the same password (a stronger cost). Only while the old hash is still the
 * stored one: a password changed meanwhile is never overwritten with the old password.
 */
export async function replacePasswordHash(db: Db, userId: string, oldHash: string, newHash: string): Promise<void> {
  await db
    .updateTable("app_user")
    .set({ password_hash: newHash })
    .where("user_id", "=", userId)
    .where("password_hash", "=", oldHash)
    .execute();
}

/** The live user whose stored e-mail, lowercased, is `email` (single sign-on's match). */
export function findLiveUserByEmail(db: Db, email: string): Promise<{ user_id: string; email: string } | undefined> {
  return db
    .selectFrom("app_user")
    .select(["user_id", "email"])
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email))
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

/** Locks a live user's row and reads their account status; undefined when they are gone. */
export async function lockAuthStatus(tx: Db, userId: string): Promise<AuthStatus | undefined> {
  const user = await tx
    .selectFrom("app_user")
    .select("auth_status")
    .where("user_id", "=", userId)
    .where("deleted_at", "is", null)
    .forUpdate()
    .executeTakeFirst();
  return user?.auth_status;
}

export async function markActive(tx: Db, userId: string, now: Date): Promise<void> {
  await tx.updateTable("app_user").set({ auth_status: "Active", updated_at: now }).where("user_id", "=", userId).execute();
}
