import { createHash } from "node:crypto";
import type { Db } from "#app/db/connect.server";
import { firstRoleId, insertSession, liveSchoolIdsOf, revokeSessionRow, sessionWithCaller, touchSession } from "#app/db/queries/sessions";
import { roleNameOf } from "#app/domain/roles";
import { touchEveryMs } from "#app/domain/session-timing";
import type { Actor, ApiDeps } from "./env";
import { randomToken } from "./password";

export const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

/**
 * The longest a session lives, however active it stays (issue 14: absolute lifetime besides the
 * idle limit, OWASP ASVS 3.3.x): a working day, so a shared classroom computer left signed in
 * does not keep a teacher's session into the next day. docs/decisions/0004-sessions.md.
 */
export const SESSION_MAX_AGE_MS = 12 * 60 * 60_000;

/** A fresh opaque token for every sign-in; only its hash is stored. */
export async function createSession(db: Db, userId: string, meta: { userAgent?: string | null; ip?: string | null; now?: Date } = {}) {
  const token = randomToken();
  await insertSession(db, {
    tokenHash: hashToken(token),
    userId,
    userAgent: meta.userAgent ?? null,
    ip: meta.ip ?? null,
    // The API's clock (tests control it); the database's own when none is given.
    now: meta.now,
  });
  return token;
}

export async function revokeSession(db: Db, sessionId: string, now: Date) {
  await revokeSessionRow(db, sessionId, now);
}

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
  const row = await sessionWithCaller(db, hashToken(token));
  if (!row) return null;
  const idleFor = now.getTime() - new Date(row.last_seen_at).getTime();
  const age = now.getTime() - new Date(row.created_at).getTime();
  if (idleFor > idleMs || age > maxAgeMs) {
    await revokeSession(db, row.session_id, now);
    return null;
  }
  // Writing last_seen_at on every request would turn reads into writes; the limit allows the slack.
  if (idleFor > touchEveryMs(idleMs)) {
    await touchSession(db, row.session_id, now);
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
  const [roleId, schoolIds] = await Promise.all([firstRoleId(db, userId), liveSchoolIdsOf(db, userId)]);
  return {
    role: roleId ? roleNameOf(roleId) : null,
    schoolIds,
  };
}
