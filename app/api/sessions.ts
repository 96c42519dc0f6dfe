import { createHash } from "node:crypto";
import { sql } from "kysely";
import { jsonArrayFrom } from "kysely/helpers/postgres";
import type { Db } from "#app/db/connect.server";
import { roleNameOf } from "#app/domain/roles";
import type { Actor, ApiDeps } from "./env";
import { randomToken } from "./password";

export const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

/**
 * The longest a session lives, however active it stays (issue 14: absolute lifetime besides the
 * idle limit, OWASP ASVS 3.3.x): a working day, so a shared classroom computer left signed in
 * does not keep a teacher's session into the next day. docs/decisions/sessions.md.
 */
export const SESSION_MAX_AGE_MS = 12 * 60 * 60_000;

/** A fresh opaque token for every sign-in; only its hash is stored. */
export async function createSession(db: Db, userId: string, meta: { userAgent?: string | null; ip?: string | null; now?: Date } = {}) {
  const token = randomToken();
  await db
    .insertInto("session")
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      user_agent: meta.userAgent ?? null,
      ip: meta.ip ?? null,
      // The API's clock (tests control it); the database's own when none is given.
      ...(meta.now ? { created_at: meta.now, last_seen_at: meta.now } : {}),
    })
    .execute();
  return token;
}

export async function revokeSession(db: Db, sessionId: string, now: Date) {
  await db.updateTable("session").set({ revoked_at: now }).where("session_id", "=", sessionId).execute();
}

// Writing last_seen_at on every request would turn reads into writes; a minute of slack is enough
// (less when the idle limit is short, as in tests, so activity always keeps a session alive).
const TOUCH_EVERY_MS = 60_000;
const touchEvery = (idleMs: number) => Math.min(TOUCH_EVERY_MS, idleMs / 10);

/**
 * The caller behind a token, or null when it is unknown, revoked, idle too long, older than its
 * absolute lifetime (12 hours), or its user is gone.
 * One query (plus a write now and then for the sliding expiry): every API call and every page pays it.
 */
export async function resolveSession(
  db: Db,
  token: string,
  idleMs: number,
  now: Date,
  maxAgeMs = SESSION_MAX_AGE_MS,
): Promise<Actor | null> {
  const row = await db
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
      // The user's first role and their live schools by name, the two facts every scope check needs.
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
    .where("s.token_hash", "=", hashToken(token))
    .where("s.revoked_at", "is", null)
    .where("u.deleted_at", "is", null)
    .executeTakeFirst();
  if (!row) return null;
  const idleFor = now.getTime() - new Date(row.last_seen_at).getTime();
  const age = now.getTime() - new Date(row.created_at).getTime();
  if (idleFor > idleMs || age > maxAgeMs) {
    await revokeSession(db, row.session_id, now);
    return null;
  }
  if (idleFor > touchEvery(idleMs)) {
    await db.updateTable("session").set({ last_seen_at: now }).where("session_id", "=", row.session_id).execute();
  }
  return {
    sessionId: row.session_id,
    userId: row.user_id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    organizationId: row.organization_id,
    passwordIsTemporary: row.password_is_temporary,
    role: row.role_id ? roleNameOf(row.role_id) : null,
    schoolIds: row.schools.map((s) => s.organization_unit_id),
  };
}

/** The caller behind a token as the API's middleware resolves it (also for the UI's in-process client). */
export function resolveCaller(deps: Pick<ApiDeps, "db" | "config" | "now">, token: string): Promise<Actor | null> {
  return resolveSession(deps.db, token, deps.config.sessionIdleMs, deps.now(), deps.config.sessionMaxAgeMs);
}

/** A user's first role and their schools, the two facts every scope check needs. */
export async function loadAccess(db: Db, userId: string) {
  const [role, schools] = await Promise.all([
    db.selectFrom("user_role").select("role_id").where("user_id", "=", userId).orderBy("position").executeTakeFirst(),
    db
      .selectFrom("user_organization_unit as uou")
      .innerJoin("organization_unit as ou", "ou.organization_unit_id", "uou.organization_unit_id")
      .select("uou.organization_unit_id")
      .where("uou.user_id", "=", userId)
      .where("ou.deleted_at", "is", null)
      .orderBy(sql`lower(ou.name)`)
      .execute(),
  ]);
  return {
    role: role ? roleNameOf(role.role_id) : null,
    schoolIds: schools.map((s) => s.organization_unit_id),
  };
}
