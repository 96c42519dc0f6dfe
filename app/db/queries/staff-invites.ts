import { sql } from "kysely";
import { ROLE_IDS } from "#app/domain/roles";
import type { AuthStatus } from "#app/domain/staff-invites";
import type { Db } from "../connect.server";

// The reads and writes of inviting a district's rostered teachers at once (issue 35 item 7).
// Rostered: an account a roster import created or adopted (it carries the roster's sourcedId);
// a teacher: their first role is teacher. Accounts with an admin role are never part of it, as a
// roster import never touches them (issue 33): an administrator invites those one by one.

/** What makes an invitation link still work: the rules consumeCode (app/api/one-time-codes.ts) checks. */
export type LiveCodeRule = { now: Date; maxAttempts: number };

const liveInvitation = (rule: LiveCodeRule) => sql<boolean>`exists (
  select 1 from one_time_code c
  where c.purpose = 'invite' and lower(c.email) = lower(u.email) and c.used_at is null
    and c.expires_at > ${rule.now.toISOString()}::timestamptz and c.attempts < ${rule.maxAttempts}
)`;

/** The district's live rostered teachers who are not Active, each with whether an invitation link of theirs still works. */
const staffWithoutSignIn = (organizationId: string, rule: LiveCodeRule) => sql`
  staff as (
    select u.user_id, u.first_name, u.last_name, u.email, u.auth_status, ${liveInvitation(rule)} as live
    from app_user u
    where u.organization_id = ${organizationId} and u.deleted_at is null and u.sourced_id is not null
      and u.auth_status <> 'Active'
      and (select r.role_id from user_role r where r.user_id = u.user_id order by r.position limit 1) = ${ROLE_IDS.TEACHER}
  )`;

export type StaffRow = { user_id: string; first_name: string; last_name: string; email: string; auth_status: AuthStatus; live: boolean };

/** How many there are per status and live link, and the first `limit` by name. */
export async function listStaffWithoutSignIn(
  db: Db,
  organizationId: string,
  rule: LiveCodeRule,
  limit: number,
): Promise<{ counts: { auth_status: AuthStatus; live: boolean; n: number }[]; rows: StaffRow[] }> {
  const cte = staffWithoutSignIn(organizationId, rule);
  const [counts, rows] = await Promise.all([
    sql<{ auth_status: AuthStatus; live: boolean; n: number }>`
      with ${cte} select auth_status, live, count(*)::int as n from staff group by auth_status, live`.execute(db),
    sql<StaffRow>`
      with ${cte} select * from staff order by lower(last_name), lower(first_name), user_id limit ${limit}`.execute(db),
  ]);
  return { counts: counts.rows, rows: rows.rows };
}

/** The ids of the district's rostered teachers an invitation of everyone mails: not Active, no link that works. */
export async function staffToInvite(db: Db, organizationId: string, rule: LiveCodeRule): Promise<string[]> {
  const { rows } = await sql<{ user_id: string }>`
    with ${staffWithoutSignIn(organizationId, rule)}
    select user_id from staff where not live order by lower(last_name), lower(first_name), user_id`.execute(db);
  return rows.map((r) => r.user_id);
}

/**
 * Locks one account for its invitation and checks it again: still a live rostered teacher of the
 * district, not Active, with no link that works. A second request that waited on the lock sees
 * the first one's link and gets null, so two clicks at once mail each teacher once.
 */
export async function lockStaffToInvite(
  tx: Db,
  organizationId: string,
  userId: string,
  rule: LiveCodeRule,
): Promise<{ user_id: string; email: string; first_name: string; last_name: string; auth_status: AuthStatus } | null> {
  const locked = await tx
    .selectFrom("app_user")
    .select("user_id")
    .where("user_id", "=", userId)
    .where("deleted_at", "is", null)
    .forUpdate()
    .executeTakeFirst();
  if (!locked) return null;
  // Read after the lock is held: on PostgreSQL a new statement sees what the request holding it before committed.
  const { rows } = await sql<StaffRow>`
    with ${staffWithoutSignIn(organizationId, rule)} select * from staff where user_id = ${userId} and not live`.execute(tx);
  return rows[0] ?? null;
}

export async function markInvited(tx: Db, userId: string, now: Date): Promise<void> {
  await tx.updateTable("app_user").set({ auth_status: "Pending", updated_at: now }).where("user_id", "=", userId).execute();
}

/**
 * Takes back an invitation whose e-mail could not be sent: its link stops working and the account
 * returns to the status it had, so the next invitation of everyone tries it again.
 */
export async function withdrawInvitation(db: Db, user: { user_id: string; email: string }, before: AuthStatus, now: Date) {
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable("one_time_code")
      .set({ used_at: now })
      .where("purpose", "=", "invite")
      .where((eb) => eb(eb.fn("lower", ["email"]), "=", user.email.toLowerCase()))
      .where("used_at", "is", null)
      .execute();
    await tx
      .updateTable("app_user")
      .set({ auth_status: before, updated_at: now })
      .where("user_id", "=", user.user_id)
      .where("auth_status", "=", "Pending")
      .execute();
  });
}
