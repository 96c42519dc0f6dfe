import { sql } from "kysely";
import { jsonArrayFrom } from "kysely/helpers/postgres";
import type { Db } from "../connect.server";

// The rows of sessions (app/api/sessions.ts makes the tokens and decides what a row is worth).

export async function insertSession(
  db: Db,
  row: { tokenHash: string; userId: string; userAgent: string | null; ip: string | null; now?: Date },
): Promise<void> {
  await db
    .insertInto("session")
    .values({
      token_hash: row.tokenHash,
      user_id: row.userId,
      user_agent: row.userAgent,
      ip: row.ip,
      // Without a time, the database's own clock.
      ...(row.now ? { created_at: row.now, last_seen_at: row.now } : {}),
    })
    .execute();
}

export async function revokeSessionRow(db: Db, sessionId: string, now: Date): Promise<void> {
  await db.updateTable("session").set({ revoked_at: now }).where("session_id", "=", sessionId).execute();
}

/** Ends every open session of the user. */
export async function revokeSessionsOf(db: Db, userId: string, now: Date): Promise<void> {
  await db.updateTable("session").set({ revoked_at: now }).where("user_id", "=", userId).where("revoked_at", "is", null).execute();
}

export async function touchSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db.updateTable("session").set({ last_seen_at: now }).where("session_id", "=", sessionId).execute();
}

/**
 * The unrevoked session with this token hash and its live user, with the user's first role and
 * their live schools by name (the two facts every scope check needs), in one statement.
 */
export function sessionWithCaller(db: Db, tokenHash: string) {
  return db
    .selectFrom("session as s")
    .innerJoin("app_user as u", "u.user_id", "s.user_id")
    .select((eb) => [
      "s.session_id",
      "s.created_at",
      "s.last_seen_at",
      "u.user_id",
      "u.email",
      "u.first_name",
      "u.last_name",
      "u.organization_id",
      "u.password_is_temporary",
      eb
        .selectFrom("user_role as r")
        .select("r.role_id")
        .whereRef("r.user_id", "=", "u.user_id")
        .orderBy("r.position")
        .limit(1)
        .as("role_id"),
      jsonArrayFrom(
        eb
          .selectFrom("user_organization_unit as uou")
          .innerJoin("organization_unit as ou", "ou.organization_unit_id", "uou.organization_unit_id")
          .select("uou.organization_unit_id")
          .whereRef("uou.user_id", "=", "u.user_id")
          .where("ou.deleted_at", "is", null)
          .orderBy(sql`lower(ou.name)`),
      ).as("schools"),
    ])
    .where("s.token_hash", "=", tokenHash)
    .where("s.revoked_at", "is", null)
    .where("u.deleted_at", "is", null)
    .executeTakeFirst();
}

/** A user's first role id, if any. */
export async function firstRoleId(db: Db, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom("user_role").select("role_id").where("user_id", "=", userId).orderBy("position").executeTakeFirst();
  return row?.role_id;
}

/** A user's live schools' ids, by school name. */
export async function liveSchoolIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("user_organization_unit as uou")
    .innerJoin("organization_unit as ou", "ou.organization_unit_id", "uou.organization_unit_id")
    .select("uou.organization_unit_id")
    .where("uou.user_id", "=", userId)
    .where("ou.deleted_at", "is", null)
    .orderBy(sql`lower(ou.name)`)
    .execute();
  return rows.map((r) => r.organization_unit_id);
}
